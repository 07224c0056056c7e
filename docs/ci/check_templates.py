#!/usr/bin/env python3
"""Checks the CI templates in docs/ci/: each parses as YAML and has the keys its system needs,
and every `parity ...` command in them names a real subcommand with options it really has.

usage: check_templates.py PARITY_EXECUTABLE TEMPLATE...
"""
import pathlib
import sys

import yaml

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tools" / "docs"))
from parity_commands import CommandChecker  # noqa: E402

parity, templates = sys.argv[1], sys.argv[2:]
problems = []


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


checker = CommandChecker(parity)
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
            for p in checker.check_line(line):
                problem(where, p)

print(f"{len(templates)} template(s), {checker.commands} parity command(s) checked")
for p in problems:
    print("problem:", p)
sys.exit(1 if problems or checker.commands == 0 else 0)
