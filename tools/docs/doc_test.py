#!/usr/bin/env python3
"""Exercises every code block of README.md and docs/*.md, so that the docs stay true.

Each fenced block is preceded, on the line just above its opening fence, by an annotation that
says what the block is and therefore how it is checked:

A CMake block (```cmake) marked `syntax` is checked for the commands it calls: parity's own
functions must exist in framework/cmake with the keywords shown, the rest must be CMake commands.

  <!-- doc-test: run -->            shell to run from the repository root (after the host build);
                                    statically: `bash -n`, and every `parity` subcommand and
                                    option, and every suite-binary option, must exist
  <!-- doc-test: syntax -->         shell that needs a GPU, another machine or a long time: the
                                    static checks of `run`, never executed
  <!-- doc-test: transcript -->     a terminal session: the `$ ` lines are checked as `syntax`,
                                    the rest is the output they print
  <!-- doc-test: synopsis -->       `parity <subcommand> [options]`: every option shown exists
                                    and every option the program has is shown
  <!-- doc-test: excerpt PATH -->   a snippet whose lines occur, in order, in the repository file
                                    PATH (which the build compiles or the tests run); a line that
                                    starts with `...`, `// ...` or `# ...` stands for lines left out
  <!-- doc-test: file PATH -->      a tutorial file: `run` mode writes it to PATH before running
                                    the document's next `run` block
  <!-- doc-test: append PATH -->    a tutorial addition: `run` mode appends it to PATH
  <!-- doc-test: python -->         Python: compiled statically, executed in `run` mode
  <!-- doc-test: parse -->          JSON, TOML or YAML (by the fence's language) that must parse
  <!-- doc-test: output -->         what a program prints; shown, not executed

usage:
  doc_test.py check --parity EXE --suite-binary EXE [--root DIR] [FILE.md ...]
  doc_test.py run --root DIR FILE.md ...     (executes run/file/python blocks in order)

A block without an annotation, an unknown kind, or any failed check is a problem; exit 1 lists
them all with file:line.
"""
import argparse
import json
import os
import pathlib
import re
import subprocess
import sys
import tomllib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from parity_commands import CommandChecker  # noqa: E402

ANNOTATION = re.compile(r"^<!--\s*doc-test:\s*([a-z]+)(?:\s+(\S+))?\s*-->\s*$")
KINDS = {"run", "syntax", "transcript", "synopsis", "excerpt", "file", "append", "python", "parse",
         "output"}
NEEDS_ARG = {"excerpt", "file", "append"}
ELISION = re.compile(r"^\s*(?://|#)?\s*\.\.\.(\s.*)?$")


class Block:
    def __init__(self, path, line, lang, text, kind, arg):
        self.path, self.line, self.lang, self.text, self.kind, self.arg = (
            path, line, lang, text, kind, arg)

    @property
    def where(self):
        return f"{self.path}:{self.line}"


def blocks_of(path, problems):
    lines = pathlib.Path(path).read_text().split("\n")
    out = []
    i = 0
    while i < len(lines):
        fence = re.match(r"^(`{3,})(\S*)\s*$", lines[i])
        if not fence:
            i += 1
            continue
        end = i + 1
        while end < len(lines) and lines[end].rstrip() != fence.group(1):
            end += 1
        if end == len(lines):
            problems.append(f"{path}:{i + 1}: code block never closed")
            break
        note = ANNOTATION.match(lines[i - 1]) if i > 0 else None
        kind, arg = (note.group(1), note.group(2)) if note else (None, None)
        block = Block(path, i + 1, fence.group(2), "\n".join(lines[i + 1:end]), kind, arg)
        if not note:
            problems.append(f"{block.where}: code block without a <!-- doc-test: KIND --> line "
                            f"above it (kinds: {', '.join(sorted(KINDS))})")
        elif kind not in KINDS:
            problems.append(f"{block.where}: unknown doc-test kind '{kind}'")
        elif (kind in NEEDS_ARG) != (arg is not None):
            problems.append(f"{block.where}: doc-test kind '{kind}' "
                            + ("needs a path" if kind in NEEDS_ARG else "takes no argument"))
        else:
            out.append(block)
        i = end + 1
    return out


def shell_lines(text):
    """Logical lines of shell text: continuations joined, comments dropped."""
    joined = text.replace("\\\n", " ")
    for line in joined.split("\n"):
        code = re.sub(r"(^|\s)#.*$", "", line).strip()
        if code:
            yield code


def check_shell(block, text, checker, problems):
    r = subprocess.run(["bash", "-n"], input=text, capture_output=True, text=True)
    if r.returncode != 0:
        problems.append(f"{block.where}: not valid shell: {r.stderr.strip()}")
    for line in shell_lines(text):
        for p in checker.check_line(line):
            problems.append(f"{block.where}: {p}")


class CMakeChecker:
    """Which commands a CMake snippet may call: CMake's own, and parity's functions with their
    keywords (read from their cmake_parse_arguments calls)."""

    def __init__(self, root):
        r = subprocess.run(["cmake", "--help-command-list"], capture_output=True, text=True)
        self.builtin = set(r.stdout.split())
        self.functions = {}
        for f in (root / "framework" / "cmake").glob("*.cmake"):
            text = f.read_text()
            for m in re.finditer(r"^\s*(?:function|macro)\((\w+)(.*?)^\s*end(?:function|macro)",
                                 text, re.S | re.M):
                words = set()
                for args in re.findall(r"cmake_parse_arguments\(([^)]*)\)", m.group(2)):
                    words |= set(re.findall(r"[A-Z][A-Z0-9_]+", args))
                self.functions[m.group(1).lower()] = words - {"PARSE_ARGV", "ARGN"}

    def module_commands(self, module):
        """The commands a standard module defines (`include(FetchContent)`), from its help."""
        r = subprocess.run(["cmake", f"--help-module", module], capture_output=True, text=True)
        return {c.lower() for c in re.findall(r"\.\. command:: (\w+)", r.stdout)}

    def check(self, text):
        problems = []
        code = re.sub(r"#[^\n]*", "", text)
        known = set(self.builtin)
        for module in re.findall(r"(?i)\binclude\(\s*(\w+)\s*\)", code):
            known |= self.module_commands(module)
        for m in re.finditer(r"(?m)(?:^|\s)([A-Za-z_]\w*)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)",
                             code):
            name, args = m.group(1).lower(), re.sub(r'"[^"]*"', '""', m.group(2))
            if name.startswith("parity_"):
                if name not in self.functions:
                    problems.append(f"{name}() is not a function of parity's CMake modules")
                    continue
                for word in re.findall(r"(?<![\w<${-])([A-Z][A-Z0-9_]{2,})(?![\w>}])", args):
                    if word not in self.functions[name]:
                        problems.append(f"{name}() has no keyword {word}")
            elif name not in known:
                problems.append(f"{name}() is neither a CMake command nor a parity function")
        return problems


def check_excerpt(block, root, problems):
    target = root / block.arg
    if not target.is_file():
        problems.append(f"{block.where}: excerpt of {block.arg}, which does not exist")
        return
    have = [l.strip() for l in target.read_text().split("\n")]
    want = [l.strip() for l in block.text.split("\n") if l.strip() and not ELISION.match(l)]
    pos = 0
    for w in want:
        try:
            pos = have.index(w, pos) + 1
        except ValueError:
            problems.append(f"{block.where}: excerpt line not found in {block.arg} "
                            f"(in this order): {w!r}")
            return


def check_parse(block, problems):
    try:
        if block.lang == "json":
            json.loads(block.text)
        elif block.lang == "toml":
            tomllib.loads(block.text)
        elif block.lang in ("yaml", "yml"):
            import yaml
            yaml.safe_load(block.text)
        else:
            problems.append(f"{block.where}: 'parse' needs a json, toml or yaml fence")
    except Exception as e:  # the parser's own message says where
        problems.append(f"{block.where}: does not parse as {block.lang}: {e}")


def check(args):
    root = pathlib.Path(args.root).resolve()
    files = args.files or ["README.md", *sorted(str(p.relative_to(root))
                                                for p in (root / "docs").glob("*.md"))]
    checker = CommandChecker(args.parity, args.suite_binary)
    cmake = CMakeChecker(root)
    problems = []
    counts = {}
    for f in files:
        for b in blocks_of(root / f if not os.path.isabs(f) else f, problems):
            b.path = f
            counts[b.kind] = counts.get(b.kind, 0) + 1
            if b.kind in ("run", "syntax") and b.lang == "cmake":
                problems += [f"{b.where}: {p}" for p in cmake.check(b.text)]
            elif b.kind in ("run", "syntax"):
                check_shell(b, b.text, checker, problems)
            elif b.kind == "transcript":
                cmds = [l[2:] for l in b.text.split("\n") if l.startswith("$ ")]
                if not cmds:
                    problems.append(f"{b.where}: a transcript has '$ ' command lines")
                check_shell(b, "\n".join(cmds), checker, problems)
            elif b.kind == "synopsis":
                problems += [f"{b.where}: {p}" for p in checker.check_synopsis(b.text)]
            elif b.kind == "excerpt":
                check_excerpt(b, root, problems)
            elif b.kind == "python":
                try:
                    compile(b.text, b.where, "exec")
                except SyntaxError as e:
                    problems.append(f"{b.where}: not valid Python: {e}")
            elif b.kind == "parse":
                check_parse(b, problems)
    total = sum(counts.values())
    summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    print(f"doc-test: {len(files)} document(s), {total} code block(s) ({summary}); "
          f"{checker.commands} command(s) checked against the programs' --help")
    for p in problems:
        print("problem:", p)
    return 1 if problems or total == 0 else 0


def run(args):
    """Executes a document's tutorial: file blocks are written, run and python blocks run, in
    order, from the repository root; the first failure stops with its output."""
    root = pathlib.Path(args.root).resolve()
    problems = []
    executed = 0
    for f in args.files:
        for b in blocks_of(root / f, problems):
            b.path = f
            if b.kind == "file":
                target = root / b.arg
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(b.text + "\n")
                print(f"doc-test run: {b.where}: wrote {b.arg}", flush=True)
            elif b.kind == "append":
                with open(root / b.arg, "a") as out:
                    out.write(b.text + "\n")
                print(f"doc-test run: {b.where}: appended to {b.arg}", flush=True)
            elif b.kind in ("run", "python"):
                print(f"doc-test run: {b.where}: {b.kind}\n{b.text}", flush=True)
                cmd = (["bash", "-euo", "pipefail", "-c", b.text] if b.kind == "run"
                       else [sys.executable, "-c", b.text])
                r = subprocess.run(cmd, cwd=root)
                executed += 1
                if r.returncode != 0:
                    problems.append(f"{b.where}: exited with {r.returncode}")
                    break
        if problems:
            break
    for p in problems:
        print("problem:", p)
    print(f"doc-test run: {executed} block(s) executed, {len(problems)} problem(s)")
    return 1 if problems or executed == 0 else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="mode", required=True)
    c = sub.add_parser("check", help="static checks of every block")
    c.add_argument("--parity", required=True, help="the parity executable")
    c.add_argument("--suite-binary", required=True, help="any suite binary, for its --help")
    c.add_argument("--root", default=".", help="the repository root")
    c.add_argument("files", nargs="*", help="documents (default: README.md docs/*.md)")
    r = sub.add_parser("run", help="execute the run, file and python blocks of FILEs")
    r.add_argument("--root", default=".", help="the repository root")
    r.add_argument("files", nargs="+")
    args = ap.parse_args()
    return check(args) if args.mode == "check" else run(args)


if __name__ == "__main__":
    sys.exit(main())
