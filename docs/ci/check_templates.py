#!/usr/bin/env python3
"""Checks the CI templates in docs/ci/: each parses as YAML and has the keys its system needs,
and every `parity ...` command in them names a real subcommand with options it really has.

usage: check_templates.py PARITY_EXECUTABLE TEMPLATE...
"""
import re
import subprocess
import sys

import yaml

parity, templates = sys.argv[1], sys.argv[2:]
problems = []
commands = 0


def problem(where, what):
    problems.append(f"{where}: {what}")


def shell_texts(doc, path):
    """Every shell script in a GitHub Actions workflow or a GitLab CI file, checking the shape."""
    if "jobs" in doc:  # GitHub Actions ("on" parses as the boolean True in YAML 1.1)
        if "on" not in doc and True not in doc:
            problem(path, "a workflow needs 'on'")
        for name, job in doc["jobs"].items():
            if "runs-on" not in job or "steps" not in job:
                problem(f"{path}: job {name}", "needs 'runs-on' and 'steps'")
                continue
            for i, step in enumerate(job["steps"]):
                if ("run" in step) == ("uses" in step):
                    problem(f"{path}: job {name} step {i}", "needs exactly one of 'run', 'uses'")
                if "run" in step:
                    yield f"{path}: job {name} step '{step.get('name', i)}'", step["run"]
    else:  # GitLab CI
        stages = doc.get("stages", [])
        jobs = {k: v for k, v in doc.items()
                if isinstance(v, dict) and k not in ("variables", "default", "workflow")}
        if not jobs:
            problem(path, "no jobs")
        for name, job in jobs.items():
            if "script" not in job:
                problem(f"{path}: job {name}", "needs 'script'")
            if job.get("stage") and job["stage"] not in stages:
                problem(f"{path}: job {name}", f"stage '{job['stage']}' is not in 'stages'")
            for key in ("before_script", "script", "after_script"):
                for line in job.get(key, []):
                    yield f"{path}: job {name} {key}", line


help_cache = {}


def help_text(chain):
    if chain not in help_cache:
        r = subprocess.run([parity, *chain, "--help"], capture_output=True, text=True)
        # An unknown word after `golden` still prints golden's help: the usage line must name
        # the whole chain.
        usage = re.search(r"Usage: \S*parity((?: [a-z-]+)*)", r.stdout)
        ok = r.returncode == 0 and usage and usage.group(1).split() == list(chain)
        help_cache[chain] = r.stdout if ok else None
    return help_cache[chain]


CALL = re.compile(r"(?:^|[\s;|&(])parity((?:\s+[^\s;|&>()]+)*)")
for path in templates:
    try:
        doc = yaml.safe_load(open(path))
    except yaml.YAMLError as e:
        problem(path, f"not valid YAML: {e}")
        continue
    if not isinstance(doc, dict):
        problem(path, "not a mapping at the top level")
        continue
    for where, script in shell_texts(doc, path):
        for line in script.replace("\\\n", " ").splitlines():
            for m in CALL.finditer(line):
                words = m.group(1).split()
                if not words or words[0].startswith("-"):
                    continue
                chain = (words[0],) + ((words[1],) if words[0] == "golden" and len(words) > 1 else ())
                commands += 1
                text = help_text(chain)
                if text is None:
                    problem(where, f"'parity {' '.join(chain)}' is not a parity subcommand")
                    continue
                for w in words[len(chain):]:
                    if w.startswith("--"):
                        flag = w.split("=")[0]
                        if not re.search(re.escape(flag) + r"\b", text):
                            problem(where, f"'parity {' '.join(chain)}' has no option {flag}")

print(f"{len(templates)} template(s), {commands} parity command(s) checked")
for p in problems:
    print("problem:", p)
sys.exit(1 if problems or commands == 0 else 0)
