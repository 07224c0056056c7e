#!/usr/bin/env python3
"""`parity report`: rendered by headless Chromium and checked on the page's content.

usage: report_test.py PARITY GOOD_SUITE_BINARY BAD_PORT_BINARY WORKDIR

GOOD_SUITE_BINARY passes against the committed goldens, BAD_PORT_BINARY fails against them; their
run summaries feed the report. The screenshot stays in WORKDIR/report.png (a CI artifact).
"""
import json
import os
import shutil
import subprocess
import sys
from html.parser import HTMLParser

parity, good, bad, work = sys.argv[1:5]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def run(*args, env=None):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=300, env=env)


good_json, bad_json = f"{work}/good.json", f"{work}/bad.json"
r = run(good, "--parity-summary", good_json)
check(r.returncode == 0, f"the good suite passes ({r.returncode})")
r = run(bad, "--parity-summary", bad_json)
check(r.returncode not in (0, 4), f"the bad port fails ({r.returncode})")
summaries = [json.load(open(p)) for p in (good_json, bad_json)]
n_cases = sum(len(s["cases"]) for s in summaries)
n_failed = sum(1 for s in summaries for c in s["cases"] if c["status"] == "failed")
check(n_failed > 0, f"{n_failed} failed case(s) in the bad port's summary")

html_path = f"{work}/report.html"
r = run(parity, "report", good_json, bad_json, "-o", html_path, "--title", "port check", "--json")
check(r.returncode == 1, f"report over a failing run exits 1 ({r.returncode}) {r.stderr}")
info = json.loads(r.stdout)
check(info["cases"] == n_cases and info["failed"] == n_failed, f"--json totals {info}")
r = run(parity, "report", good_json, "-o", f"{work}/good.html")
check(r.returncode == 0, f"report over a passing run exits 0 ({r.returncode})")

# Bad input: exit 2 with a message that names the file.
with open(f"{work}/not.json", "w") as f:
    f.write("{not json")
with open(f"{work}/other.json", "w") as f:
    json.dump({"hello": 1}, f)
for args, expect in [
    ([f"{work}/missing.json"], "missing.json"),
    ([f"{work}/not.json"], "not valid JSON"),
    ([f"{work}/other.json"], "not a parity run summary"),
    ([good_json, "-o", f"{work}/no/such/dir/r.html"], "cannot write"),
    ([], "runs is required"),
]:
    r = run(parity, "report", *args)
    check(r.returncode == 2 and expect in r.stderr + r.stdout,
          f"report {' '.join(os.path.basename(a) for a in args)} -> exit 2 /{expect}/ "
          f"(got {r.returncode}: {(r.stderr + r.stdout).strip()[:200]})")

page = open(html_path, encoding="utf-8").read()
for needle in ("http://", "https://", "<script", "src=", "@import"):
    check(needle not in page, f"self-contained: no '{needle}'")

# The bad port keeps CUDA's shuffle offsets on 64-lane wavefronts: its failed cases were replayed
# with 32-lane wavefronts, passed, and the page says so (the first 4 failing cases get replays).
replayed = [c for s in summaries for c in s["cases"] if c.get("counterfactuals")]
check(0 < len(replayed) <= 4, f"{len(replayed)} replayed case(s) in the summaries (1 to 4)")
check(all(any(k["switch"] == "32-lane wavefronts" and k["passed"] for k in c["counterfactuals"])
          for c in replayed), "every replayed case passes with 32-lane wavefronts")
check(page.count('<li class="passes">passes with 32-lane wavefronts') == len(replayed),
      "the page shows each of them")

chromium = shutil.which("chromium") or shutil.which("chromium-browser")
check(chromium is not None, "headless chromium is installed (tools/setup)")
if chromium is None:
    sys.exit(1)
flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--no-first-run", f"--user-data-dir={work}/chromium-profile"]
r = run(chromium, *flags, "--dump-dom", "file://" + os.path.abspath(html_path))
check(r.returncode == 0 and "<html" in r.stdout, f"chromium rendered the page ({r.returncode})")


class Dom(HTMLParser):
    """Collects what the checks below look at from the DOM Chromium built."""

    def __init__(self):
        super().__init__()
        self.stack, self.cases, self.title, self.totals = [], [], "", {}
        self.in_title = False
        self.failing_links, self.perf_rows, self.in_perf = [], 0, False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        if tag == "title" and not self.title:  # the page's, not the SVG tooltips'
            self.in_title = True
        if tag == "p" and "totals" in cls:
            self.totals = {k[5:]: int(v) for k, v in a.items() if k.startswith("data-")}
        if tag == "article" and "case" in cls:
            self.cases.append({"status": cls[1] if len(cls) > 1 else "", "case": a.get("data-case"),
                               "hints": [], "cells": 0, "histograms": 0, "outputs": 0})
        if self.cases:
            c = self.cases[-1]
            if tag == "li" and "data-kind" in a:
                c["hints"].append(a["data-kind"])
            if tag == "rect" and "cell" in cls:
                c["cells"] += 1
            if tag == "svg" and "histogram" in cls:
                c["histograms"] += 1
            if tag == "section" and "output" in cls:
                c["outputs"] += 1
        if tag == "table" and "performance" in cls:
            self.in_perf = True
        if tag == "tr" and self.in_perf:
            self.perf_rows += 1
        if tag == "a" and self.stack and self.stack[-1] == "failing":
            self.failing_links.append(a.get("href"))
        if tag == "ul" and "failing" in cls:
            self.stack.append("failing")

    def handle_endtag(self, tag):
        if tag == "title":
            self.in_title = False
        if tag == "table":
            self.in_perf = False
        if tag == "ul" and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if self.in_title:
            self.title += data


dom = Dom()
dom.feed(r.stdout)
check(dom.title == "port check", f"title '{dom.title}'")
check(dom.totals.get("cases") == n_cases and dom.totals.get("failed") == n_failed,
      f"totals {dom.totals}")
check(len(dom.cases) == n_cases, f"{len(dom.cases)} case articles for {n_cases} cases")
failed = [c for c in dom.cases if c["status"] == "failed"]
check(len(failed) == n_failed and len(dom.failing_links) == n_failed,
      f"{len(failed)} failed articles, {len(dom.failing_links)} links under 'Failing'")
check(all(c["outputs"] > 0 and c["histograms"] > 0 and c["cells"] > 0 for c in failed),
      "every failed case shows its output with a ULP histogram and a non-empty error map "
      + str([(c["case"], c["outputs"], c["histograms"], c["cells"]) for c in failed]))
passed = [c for c in dom.cases if c["status"] == "passed"]
check(passed and all(c["cells"] == 0 for c in passed),
      "passing cases draw no differing cells")
timed = sum(1 for s in summaries for c in s["cases"] if isinstance(c.get("speed_ratio"), float))
check(dom.perf_rows == (timed + 1 if timed else 0),
      f"performance table: {dom.perf_rows} rows for {timed} timed cases")

png = f"{work}/report.png"
r = run(chromium, *flags, "--hide-scrollbars", "--window-size=1280,2400", f"--screenshot={png}",
        "file://" + os.path.abspath(html_path))
check(r.returncode == 0 and os.path.exists(png) and os.path.getsize(png) > 20000,
      f"screenshot {png} ({os.path.getsize(png) if os.path.exists(png) else 0} bytes)")

print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
