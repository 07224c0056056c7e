"""Checks that shell text calls only what parity really has: `parity` subcommands with options
they accept, and suite binaries (`<suite>_host_cuda`, ...) with options their `--help` lists.

Shared by tools/docs/doc_test.py (code blocks in the docs) and docs/ci/check_templates.py (the
CI templates). The truth is the programs' own `--help`, so a renamed option fails here first.
"""
import re
import subprocess

# `parity` as a word: bare, as a path (build/host/tools/parity) or as a variable ($parity).
PARITY_CALL = re.compile(r"(?:^|[\s;|&(])(?:\S*/)?\$?\{?parity\}?((?:\s+[^\s;|&>()]+)*)")
# A suite binary: build/<preset>/suites/<suite>/<suite>_<backend> or a bad-port binary.
SUITE_CALL = re.compile(r"(?:^|[\s;|&(])(\S*/suites/\S+/[a-z0-9_]+)((?:\s+[^\s;|&>()]+)*)")
TWO_WORD = {"golden"}  # subcommands that take a subcommand


class CommandChecker:
    def __init__(self, parity, suite_binary=None):
        self.parity = parity
        self.suite_binary = suite_binary
        self._help = {}
        self.commands = 0

    def help_text(self, chain):
        """`parity CHAIN --help`, or None when CHAIN is not a subcommand."""
        if chain not in self._help:
            r = subprocess.run([self.parity, *chain, "--help"], capture_output=True, text=True)
            # An unknown word after `golden` still prints golden's help: the usage line must
            # name the whole chain.
            usage = re.search(r"Usage: \S*parity((?: [a-z-]+)*)", r.stdout)
            ok = r.returncode == 0 and usage and usage.group(1).split() == list(chain)
            self._help[chain] = r.stdout if ok else None
        return self._help[chain]

    def suite_help(self):
        if "suite" not in self._help:
            r = subprocess.run([self.suite_binary, "--help"], capture_output=True, text=True)
            self._help["suite"] = r.stdout
        return self._help["suite"]

    # An option line of a --help text (CLI11's "  -q,--quiet  ...", Catch2's "  -?, -h, --help"):
    # the names at its start, aliases of one option. Options named in descriptions do not count.
    HELP_OPTION = re.compile(r"^\s+(--?[A-Za-z?][\w-]*(?:,\s*--?[A-Za-z?][\w-]*)*)")
    SHOWN_OPTION = re.compile(r"(?<![\w-])(--?[a-z][a-z0-9-]*)")

    @classmethod
    def option_groups(cls, text):
        """The options of a --help text, each as the set of its aliases."""
        groups = []
        for line in text.splitlines():
            m = cls.HELP_OPTION.match(line)
            if m:
                groups.append({n.strip() for n in m.group(1).split(",")})
        return groups

    @classmethod
    def options_in_help(cls, text):
        return set().union(*cls.option_groups(text))

    def chain_of(self, words):
        if not words or words[0].startswith("-") or not re.fullmatch(r"[a-z-]+", words[0]):
            return None
        if words[0] in TWO_WORD and len(words) > 1 and not words[1].startswith("-"):
            return (words[0], words[1])
        return (words[0],)

    def check_line(self, line):
        """Problems with the parity and suite-binary calls on one line of shell."""
        problems = []
        for m in PARITY_CALL.finditer(line):
            words = m.group(1).split()
            chain = self.chain_of(words)
            if chain is None:
                continue
            self.commands += 1
            text = self.help_text(chain)
            if text is None:
                problems.append(f"'parity {' '.join(chain)}' is not a parity subcommand")
                continue
            known = self.options_in_help(text)
            for w in words[len(chain):]:
                if w.startswith("--"):
                    flag = w.split("=")[0]
                    if flag not in known:
                        problems.append(f"'parity {' '.join(chain)}' has no option {flag}")
        if self.suite_binary:
            for m in SUITE_CALL.finditer(line):
                self.commands += 1
                known = self.options_in_help(self.suite_help())
                for w in m.group(2).split():
                    if w.startswith("--") and w.split("=")[0] not in known:
                        problems.append(f"suite binaries have no option {w.split('=')[0]}")
        return problems

    def check_synopsis(self, text):
        """A usage synopsis (`parity diff A B [--json] ...`): the subcommand exists, every option
        shown exists, and every option the program has is shown."""
        words = text.replace("\n", " ").split()
        if not words or words[0] != "parity":
            return ["a synopsis starts with 'parity'"]
        chain = self.chain_of(words[1:])
        if chain is None:
            return ["a synopsis names a subcommand"]
        self.commands += 1
        help_ = self.help_text(chain)
        if help_ is None:
            return [f"'parity {' '.join(chain)}' is not a parity subcommand"]
        shown = set(self.SHOWN_OPTION.findall(text))
        groups = [g for g in self.option_groups(help_) if "--help" not in g]
        known = set().union(*groups)
        problems = [f"'parity {' '.join(chain)}' has no option {o}" for o in sorted(shown - known)]
        problems += [f"the synopsis of 'parity {' '.join(chain)}' omits {max(g, key=len)}"
                     for g in groups if not g & shown]
        return problems
