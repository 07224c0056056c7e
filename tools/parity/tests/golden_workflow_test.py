#!/usr/bin/env python3
"""End-to-end tests of the golden workflow and `parity devices`:
golden capture | diff | approve | verify | prune, devices, and CTest resource allocation.

Usage: golden_workflow_test.py PARITY BUILD_DIR CTEST WORKDIR

BUILD_DIR holds parity-suites.json and the saxpy suite binaries (host backends). The suite's
golden folder (from the index, the repository's golden/) is only read, and checked to stay
byte-identical; every approval and prune happens on copies under WORKDIR. Staged variants are made by rewriting a
tensor with h5py and its XXH3-128 checksum with python3-xxhash, so each drift category has a
known cause. Cases used: saxpy/f32/4099 and saxpy/f16/4099 (small, fast).
"""
import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys

import h5py
import numpy as np
import xxhash

failures = []
passed = 0


def run(args, env=None, cwd=None):
    e = dict(os.environ)
    e.update(env or {})
    p = subprocess.run([PARITY] + args, capture_output=True, text=True, timeout=300, env=e,
                       cwd=cwd)
    return p.returncode, p.stdout, p.stderr


def case(label, args, code, contains=(), json_check=None, env=None, absent=()):
    """Runs parity; checks exit status, words in stdout+stderr, and (when given) its JSON."""
    global passed
    rc, out, err = run(args, env)
    problems = []
    if rc != code:
        problems.append(f"exit {rc}, expected {code}")
    for text in contains:
        if text not in out + err:
            problems.append(f"output lacks {text!r}")
    for text in absent:
        if text in out + err:
            problems.append(f"output has {text!r}")
    doc = None
    if json_check is not None:
        try:
            doc = json.loads(out)
            problems += json_check(doc) or []
        except (ValueError, KeyError, TypeError, IndexError, StopIteration) as e:
            problems.append(f"bad JSON: {e!r}")
    if problems:
        failures.append(f"{label}: {'; '.join(problems)}\n  stdout: {out[-1500:]}\n"
                        f"  stderr: {err[-800:]}")
    else:
        passed += 1
    return doc


def check(label, condition, detail=""):
    global passed
    if condition:
        passed += 1
    else:
        failures.append(f"{label}: {detail}")


def tree_digest(root):
    """SHA-256 over every path and file under root: proves a folder was not touched."""
    h = hashlib.sha256()
    for folder, dirs, files in sorted(os.walk(root)):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(folder, name)
            h.update(os.path.relpath(path, root).encode())
            with open(path, "rb") as f:
                h.update(f.read())
    return h.hexdigest()


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def manifest_set(root, rel, remove=False):
    """Adds, updates or removes MANIFEST's entry for rel (the format of docs/golden-format.md)."""
    path = os.path.join(root, "MANIFEST")
    lines = open(path).read().splitlines()
    header = [l for l in lines if l.startswith("#")]
    entries = {l.split()[2]: l for l in lines if l and not l.startswith("#")}
    entries.pop(rel, None)
    if not remove:
        f = os.path.join(root, rel)
        entries[rel] = f"{sha256(f)}  {os.path.getsize(f)}  {rel}"
    with open(path, "w") as out:
        out.write("\n".join(header + [entries[k] for k in sorted(entries)]) + "\n")


def rewrite_output(path, name, change):
    """Applies change(array) to a tensor in place and stores its new checksum."""
    with h5py.File(path, "r+") as f:
        d = f[name]
        values = d[()]
        change(values)
        d[...] = values
        d.attrs["checksum"] = np.bytes_("xxh3-128:" + xxhash.xxh3_128(values.tobytes()).hexdigest())


def shift_ulps(count, ulps, min_magnitude):
    """Moves `count` elements with |v| >= min_magnitude by `ulps` units in the last place."""
    def change(values):
        bits = values.view(np.uint16 if values.dtype == np.float16 else np.uint32)
        idx = np.flatnonzero(np.abs(values.astype(np.float64)) >= min_magnitude)[:count]
        bits[idx] += ulps  # same sign: the magnitude grows by `ulps` ulp
    return change


def set_root_attrs(path, **attrs):
    with h5py.File(path, "r+") as f:
        for k, v in attrs.items():
            f.attrs[k] = np.bytes_(v)


def by_path(doc, path):
    return next(c for c in doc["cases"] if c["path"] == path)


def write_index(path, entries):
    with open(path, "w") as f:
        json.dump({"schema": "parity.suites", "version": 1, "suites": entries}, f)


def fake_binary(work, behaviour):
    """A shell wrapper that runs fake_suite.py with a fixed behaviour."""
    path = os.path.join(work, f"fake_{behaviour}")
    with open(path, "w") as f:
        f.write(f"#!/bin/sh\nexec /usr/bin/python3 {FAKE} {behaviour} \"$@\"\n")
    os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)
    return path


def main():
    global PARITY, FAKE
    if len(sys.argv) != 5:
        print(__doc__)
        return 2
    PARITY, build, ctest, work = sys.argv[1:]
    FAKE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fake_suite.py")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    W = lambda *p: os.path.join(work, *p)  # noqa: E731
    index = json.load(open(os.path.join(build, "parity-suites.json")))
    saxpy = {e["backend"]: e for e in index["suites"] if e["suite"] == "saxpy"}
    if "host-cuda" not in saxpy:
        print("the build has no saxpy host-cuda binary")
        return 2
    repo_golden = saxpy["host-cuda"]["golden_dir"]
    repo_digest = tree_digest(repo_golden)
    # Only saxpy: the tests need no other suite built, and prune asks every listed binary.
    write_index(W("index.json"), list(saxpy.values()))
    B = ["--build-dir", W("index.json")]
    F32, F16 = "saxpy/f32/4099.h5", "saxpy/f16/4099.h5"
    two_cases = ["--suite", "saxpy", "--case", "saxpy/f32/4099", "--case", "saxpy/f16/4099"]

    # ---- golden capture ----------------------------------------------------------------
    def capture_json(doc):
        p = []
        if doc["staged"] != 2 or doc["failed"] or doc["skipped"] or doc["backend"] != "host-cuda":
            p.append(f"counts {doc['staged']}/{doc['failed']}/{doc['skipped']} {doc['backend']}")
        if sorted(c["golden"] for c in doc["cases"]) != sorted([F16, F32]):
            p.append(f"cases {[c['golden'] for c in doc['cases']]}")
        return p
    case("capture two cases on the host", ["golden", "capture", *B, *two_cases,
                                           "--backend", "host", "--staging", W("staging"),
                                           "-j", "2", "--json"], 0, json_check=capture_json)
    for rel in (F32, F16):
        path = W("staging", rel)
        check(f"capture staged {rel}", os.path.isfile(path), "file missing")
        if os.path.isfile(path):
            with h5py.File(path, "r") as f:
                check(f"{rel} comes from host-cuda", f.attrs["backend"] == b"host-cuda",
                      f.attrs["backend"])
    record = json.load(open(W("staging", "CAPTURE.json")))
    s = record["suites"]["saxpy"]
    check("capture record", s["complete"] is False and sorted(s["staged"]) == sorted([F16, F32])
          and "saxpy/f32/262147.h5" in s["goldens"], json.dumps(s))
    case("capture human output", ["golden", "capture", *B, "--suite", "saxpy", "--case",
                                  "saxpy/f16/4099", "--backend", "host-cuda", "--staging",
                                  W("staging2")], 0,
         ["1 staged, 0 failed", "next: parity golden diff"])
    case("capture into the approved goldens", ["golden", "capture", *B, *two_cases, "--backend",
                                               "host", "--staging", repo_golden], 2,
         ["approved golden folder", "parity golden approve"])
    case("capture into a folder inside the goldens",
         ["golden", "capture", *B, *two_cases, "--backend", "host", "--staging",
          os.path.join(repo_golden, "saxpy", "tmp")], 2, ["overlaps"])
    case("capture --golden names the folder to keep clear",
         ["golden", "capture", *B, *two_cases, "--backend", "host", "--golden", W("staging"),
          "--staging", W("staging")], 2, ["is the approved golden folder"])
    check("capture never touched golden/", tree_digest(repo_golden) == repo_digest)
    check("capture made no folder inside golden/",
          not os.path.exists(os.path.join(repo_golden, "saxpy", "tmp")))
    case("capture: unknown suite", ["golden", "capture", *B, "--suite", "nope", "--backend",
                                    "host"], 2, ["no suite 'nope'", "saxpy"])
    case("capture: no case matches", ["golden", "capture", *B, "--suite", "saxpy", "--case",
                                      "nothing/*", "--backend", "host", "--staging",
                                      W("s-none")], 2, ["no case matches", "nothing/*"])
    case("capture: bad backend", ["golden", "capture", *B, "--backend", "rocm"], 2,
         ["--backend rocm"])
    if "cuda" not in saxpy:
        case("capture: backend not built", ["golden", "capture", *B, "--backend", "cuda"], 2,
             ["no 'cuda' suite binaries", "--backend host"])
    case("capture: -j 0", ["golden", "capture", *B, "-j", "0"], 2, ["--jobs '0'", "1 to 1024"])
    case("capture: build folder missing", ["golden", "capture", "--build-dir", W("nope")], 2,
         ["does not exist"])
    os.makedirs(W("empty-build"))
    case("capture: build folder without an index",
         ["golden", "capture", "--build-dir", W("empty-build")], 2, ["parity-suites.json"])
    with open(W("bad-index.json"), "w") as f:
        f.write("{not json")
    case("capture: damaged index", ["golden", "capture", "--build-dir", W("bad-index.json")], 2,
         ["not a parity suite index"])
    case("capture: unknown option", ["golden", "capture", "--frobnicate"], 2, ["frobnicate"])

    # Failure paths through a fake suite binary (tests/fake_suite.py).
    def fake_index(behaviour):
        path = W(f"index-{behaviour}.json")
        write_index(path, [{"suite": "fake", "backend": "host-cuda", "dialect": "cuda",
                            "binary": fake_binary(work, behaviour), "golden_dir": W("fake-golden"),
                            "staging_dir": W("fake-staging"), "emulated": True}])
        return ["--build-dir", path]
    case("capture: failing cases", ["golden", "capture", *fake_index("fail"), "--staging",
                                    W("fs")], 1, ["FAILED  fake/a", "fake verdict table",
                                                  "0 staged, 2 failed"])
    case("capture: crashing binary", ["golden", "capture", *fake_index("crash"), "--staging",
                                      W("fs")], 1, ["signal 11", "about to crash"])
    case("capture: every case skipped", ["golden", "capture", *fake_index("skip"), "--staging",
                                         W("fs")], 2,
         ["nothing was captured", "no CUDA device: fake"])
    write_index(W("index-missing.json"), [{"suite": "gone", "backend": "host-cuda",
                                           "dialect": "cuda", "binary": W("no-such-binary"),
                                           "golden_dir": W("g"), "staging_dir": W("s")}])
    case("capture: binary not built", ["golden", "capture", "--build-dir",
                                       W("index-missing.json")], 2, ["is not built", "--target"])

    # ---- golden diff -------------------------------------------------------------------
    gold = W("golden")
    shutil.copytree(repo_golden, gold)
    stage = W("staging")

    def diff_json(expect, exit_code):
        def check_doc(doc):
            p = []
            for path, status in expect.items():
                got = by_path(doc, path)["status"]
                if got != status:
                    p.append(f"{path}: {got}, expected {status}")
            if doc["exit_code"] != exit_code:
                p.append(f"exit_code {doc['exit_code']}")
            return p
        return check_doc
    case("diff: recapture is bit-for-bit the same",
         ["golden", "diff", "--staging", stage, "--golden", gold, "--json"], 0,
         json_check=diff_json({F32: "unchanged", F16: "unchanged",
                               "saxpy/f16/262147.h5": "not_captured"}, 0))
    case("diff: human report", ["golden", "diff", "--staging", stage, "--golden", gold], 0,
         ["unchanged    saxpy/f16/4099.h5", "2 unchanged", "0 beyond policy"])

    # within: 3 elements of the f16 output 1 ulp off (the stored policy allows max_ulp 1)
    rewrite_output(W("staging", F16), "outputs/out", shift_ulps(3, 1, 0.01))

    def within(doc):
        c = by_path(doc, F16)
        out = next(d for d in c["datasets"] if d["name"] == "outputs/out")
        p = [] if c["status"] == "within_policy" else [f"case {c['status']}"]
        if out["verdict"]["count"] - out["verdict"]["bitwise_equal"] != 3 or \
                out["verdict"]["max_ulp"] != 1:
            p.append(f"verdict {out['verdict']}")
        if any(d["status"] != "unchanged" for d in c["datasets"] if d["name"] != "outputs/out"):
            p.append("inputs should be unchanged")
        return p
    case("diff: changed within policy",
         ["golden", "diff", "--staging", stage, "--golden", gold, "--json"], 0,
         json_check=within)
    case("diff: within, human", ["golden", "diff", "--staging", stage, "--golden", gold], 0,
         ["within       saxpy/f16/4099.h5", "3 of 4099 elements differ, max 1 ulp"])

    # beyond: 4 more elements 5 ulp off
    rewrite_output(W("staging", F16), "outputs/out", shift_ulps(4, 5, 0.01))
    case("diff: changed beyond policy",
         ["golden", "diff", "--staging", stage, "--golden", gold, "--json"], 1,
         json_check=diff_json({F16: "beyond_policy", F32: "unchanged"}, 1))
    case("diff: beyond, human", ["golden", "diff", "--staging", stage, "--golden", gold], 1,
         ["BEYOND       saxpy/f16/4099.h5", "beyond policy (0 allowed)", "max_ulp 1"])

    # unjudged: the f32 output's policy (reduction bound) needs a magnitude tensor
    rewrite_output(W("staging", F32), "outputs/out", shift_ulps(2, 1, 0.01))
    case("diff: changed, policy needs the test",
         ["golden", "diff", "--staging", stage, "--golden", gold], 1,
         ["UNJUDGED     saxpy/f32/4099.h5", "magnitude", "parity golden verify"])
    # an input changed: exact comparison
    rewrite_output(W("staging", F32), "inputs/x", shift_ulps(1, 1, 0.01))

    def input_changed(doc):
        x = next(d for d in by_path(doc, F32)["datasets"] if d["name"] == "inputs/x")
        return [] if x["status"] == "beyond_policy" else [f"inputs/x {x['status']}"]
    case("diff: changed input", ["golden", "diff", "--staging", stage, "--golden", gold,
                                 "--json"], 1, json_check=input_changed)

    # provenance: the staged f16 golden now claims a CUDA GPU
    set_root_attrs(W("staging", F16), backend="cuda", architecture="sm_100",
                   runtime_version="CUDA 13.0", device_name="NVIDIA B200")

    def provenance(doc):
        changes = {c["field"]: (c["before"], c["after"]) for c in by_path(doc, F16)["provenance_changes"]}
        p = []
        if changes.get("backend") != ("host-cuda", "cuda"):
            p.append(f"backend {changes.get('backend')}")
        # before: the approved golden's (older host captures say "cpu", newer ones the
        # emulated target, sm_90 by default)
        if changes.get("architecture", ("", ""))[1] != "sm_100":
            p.append(f"architecture {changes.get('architecture')}")
        if "params" in changes:
            p.append("params should differ only in timings, which are left out")
        return p
    case("diff: provenance changes", ["golden", "diff", "--staging", stage, "--golden", gold,
                                      "--json"], 1, json_check=provenance)
    case("diff: provenance, human", ["golden", "diff", "--staging", stage, "--golden", gold], 1,
         ["backend         host-cuda -> cuda", " -> sm_100"])

    # new and removed
    shutil.copy(W("staging", F16), W("staging", "saxpy", "f16", "77.h5"))
    shutil.copy(os.path.join(gold, F16), os.path.join(gold, "saxpy", "f16", "old.h5"))
    set_root_attrs(os.path.join(gold, "saxpy", "f16", "old.h5"), case="saxpy/f16/old")
    manifest_set(gold, "saxpy/f16/old.h5")
    case("diff: new and removed",
         ["golden", "diff", "--staging", stage, "--golden", gold, "--json"], 1,
         json_check=diff_json({"saxpy/f16/77.h5": "new", "saxpy/f16/old.h5": "removed"}, 1))
    case("diff: removed, human", ["golden", "diff", "--staging", stage, "--golden", gold], 1,
         ["REMOVED      saxpy/f16/old.h5", "parity golden prune", "new          saxpy/f16/77.h5"])
    case("diff --case limits the report",
         ["golden", "diff", "--staging", stage, "--golden", gold, "--case", "saxpy/f32/*",
          "--json"], 1, json_check=lambda d: [] if [c["path"] for c in d["cases"]] ==
         ["saxpy/f32/262147.h5", F32] else [f"cases {[c['path'] for c in d['cases']]}"])
    os.remove(W("staging", "saxpy", "f16", "77.h5"))

    # errors
    case("diff: no staging folder", ["golden", "diff", "--staging", W("nope"), "--golden", gold],
         2, ["does not exist", "parity golden capture"])
    case("diff: staging is golden", ["golden", "diff", "--staging", gold, "--golden", gold], 2,
         ["same folder"])
    bad = W("golden-bad")
    shutil.copytree(gold, bad)
    with open(os.path.join(bad, F32), "ab") as f:
        f.write(b"x")
    case("diff: approved golden does not match MANIFEST",
         ["golden", "diff", "--staging", stage, "--golden", bad], 2,
         ["ERROR        saxpy/f32/4099.h5", f"MANIFEST lists {os.path.getsize(W('golden', F32))}"])
    os.makedirs(W("staging-empty"))
    case("diff: empty staging", ["golden", "diff", "--staging", W("staging-empty"),
                                 "--golden", gold], 2, ["nothing to compare"])

    # ---- golden approve ----------------------------------------------------------------
    # The approved f16 golden claims a GPU: a host capture must not replace it silently.
    set_root_attrs(os.path.join(gold, F16), backend="cuda", device_name="NVIDIA H200",
                   architecture="sm_90")
    manifest_set(gold, F16)
    fresh = W("staging-fresh")
    case("capture for approve", ["golden", "capture", *B, *two_cases, "--backend", "host",
                                 "--staging", fresh], 0)
    case("approve: host golden over a GPU golden is refused",
         ["golden", "approve", "--staging", fresh, "--golden", gold], 1,
         ["refused   saxpy/f16/4099.h5", "--allow-downgrade", "NVIDIA H200",
          "approved  saxpy/f32/4099.h5 (replaced the golden from host-cuda"])
    check("approve: refused file stays staged", os.path.isfile(os.path.join(fresh, F16)))
    case("approve --allow-downgrade", ["golden", "approve", "--staging", fresh, "--golden", gold,
                                       "--allow-downgrade"], 0,
         ["approved  saxpy/f16/4099.h5 (replaced the golden from cuda on NVIDIA H200"])
    case("approved tree checks out", ["golden", "check", gold], 0)
    case("approve: staging is golden", ["golden", "approve", "--staging", gold, "--golden", gold],
         2, ["same folder"])
    check("approve into itself removed nothing", os.path.isfile(os.path.join(gold, F32)))
    # a result file (record mode) is not a golden
    res = W("results")
    subprocess.run([saxpy["host-cuda"]["binary"], "--parity-mode", "record", "--golden-dir",
                    gold, "--results-dir", res, "saxpy/f16/4099"], capture_output=True)
    os.makedirs(W("staging-result", "saxpy", "f16"))
    if os.path.isfile(os.path.join(res, F16)):
        shutil.copy(os.path.join(res, F16), W("staging-result", F16))
        case("approve: a result file is refused",
             ["golden", "approve", "--staging", W("staging-result"), "--golden", gold], 2,
             ["result file", "capture"])
    else:
        failures.append("record mode wrote no result file")

    # ---- golden verify -----------------------------------------------------------------
    def verify_json(n_passed, n_failed):
        def check_doc(doc):
            ok = doc["passed"] == n_passed and doc["failed"] == n_failed
            return [] if ok else [f"passed {doc['passed']} failed {doc['failed']}"]
        return check_doc
    case("verify two cases against the repository goldens",
         ["golden", "verify", *B, *two_cases, "--backend", "host-cuda", "--json"], 0,
         json_check=verify_json(2, 0))
    case("verify human summary", ["golden", "verify", *B, *two_cases, "--backend", "host"], 0,
         ["saxpy", "host-hip", "parity golden verify: 4 passed, 0 failed"])
    # the approved f16 golden with outputs 5 ulp off: the test must fail against it
    rewrite_output(os.path.join(gold, F16), "outputs/out", shift_ulps(4, 5, 0.01))
    manifest_set(gold, F16)
    case("verify: a golden the kernel does not reproduce",
         ["golden", "verify", *B, *two_cases, "--backend", "host-cuda", "--golden", gold], 1,
         ["FAILED  saxpy/f16/4099", "differs from its golden", "1 passed, 1 failed"])
    case("verify: failing fake suite", ["golden", "verify", *fake_index("fail")], 1,
         ["FAILED  fake/a", "0 passed, 2 failed"])
    case("verify: nothing ran", ["golden", "verify", *fake_index("skip")], 1,
         ["nothing was verified", "skipped: no CUDA device"])
    case("verify: unknown backend", ["golden", "verify", *B, "--backend", "metal"], 2,
         ["--backend metal"])

    # ---- golden prune ------------------------------------------------------------------
    pr = W("golden-prune")
    shutil.copytree(repo_golden, pr)
    shutil.copy(os.path.join(pr, F16), os.path.join(pr, "saxpy", "f16", "old.h5"))
    set_root_attrs(os.path.join(pr, "saxpy", "f16", "old.h5"), case="saxpy/f16/old")
    manifest_set(pr, "saxpy/f16/old.h5")
    os.makedirs(os.path.join(pr, "gone_suite", "x"))
    shutil.copy(os.path.join(pr, F16), os.path.join(pr, "gone_suite", "x", "y.h5"))
    set_root_attrs(os.path.join(pr, "gone_suite", "x", "y.h5"), suite="gone_suite", case="x/y")
    manifest_set(pr, "gone_suite/x/y.h5")
    before = tree_digest(pr)
    case("prune lists without removing", ["golden", "prune", "--golden", pr, *B], 1,
         ["unused   saxpy/f16/old.h5", "kept     gone_suite/x/y.h5", "--yes",
          "--include-unknown-suites"])
    check("prune without --yes removes nothing", tree_digest(pr) == before)

    def prune_json(doc):
        # Goldens of the other suites of the repository are not in this saxpy-only build: kept.
        prunable = [o["path"] for o in doc["orphans"] if o["prunable"]]
        kept = [o["path"] for o in doc["orphans"] if not o["prunable"]]
        p = [] if prunable == ["saxpy/f16/old.h5"] else [f"prunable {prunable}"]
        if "gone_suite/x/y.h5" not in kept or any(k.startswith("saxpy/") for k in kept):
            p.append(f"kept {kept}")
        return p
    case("prune --json", ["golden", "prune", "--golden", pr, *B, "--json"], 1,
         json_check=prune_json)
    case("prune --yes", ["golden", "prune", "--golden", pr, *B, "--yes"], 0,
         ["removed  saxpy/f16/old.h5", "removed 1 golden(s)"])
    check("prune removed the file", not os.path.exists(os.path.join(pr, "saxpy/f16/old.h5")))
    check("prune kept the unknown suite", os.path.exists(os.path.join(pr, "gone_suite/x/y.h5")))
    case("pruned tree checks out", ["golden", "check", pr], 0)
    case("prune --yes --include-unknown-suites",
         ["golden", "prune", "--golden", pr, *B, "--yes", "--include-unknown-suites"], 0,
         ["removed  gone_suite/x/y.h5"])
    check("prune removed the emptied folders", not os.path.exists(os.path.join(pr, "gone_suite")))
    case("pruned tree still checks out", ["golden", "check", pr], 0)
    case("nothing left to prune", ["golden", "prune", "--golden", pr, *B], 0, ["every golden"])
    # the repository's goldens are all used by their suites' cases (the golden-path rule of
    # --parity-list-goldens agrees with the one capture writes with)
    rc, out, _ = run(["golden", "prune", "--golden", repo_golden, *B, "--json"])
    orphans = [o["path"] for o in json.loads(out)["orphans"]] if rc in (0, 1) else ["error"]
    check("repository saxpy goldens are all referenced",
          not any(p.startswith("saxpy/") for p in orphans), f"{orphans}")
    case("prune: golden folder missing", ["golden", "prune", "--golden", W("nope"), *B], 2,
         ["does not exist"])
    write_index(W("index-empty.json"), [])
    case("prune: build without suites", ["golden", "prune", "--golden", pr, "--build-dir",
                                         W("index-empty.json")], 2, ["no suites"])
    check("prune and approve never touched golden/", tree_digest(repo_golden) == repo_digest)

    # ---- devices -----------------------------------------------------------------------
    def devices_json(n):
        def check_doc(doc):
            hosts = {b["name"]: b for b in doc["backends"] if b["emulated"]}
            p = []
            if set(hosts) != {"host-cuda", "host-hip"}:
                p.append(f"host backends {list(hosts)}")
            # the emulated targets: PARITY_SIMT_CUDA_TARGET / PARITY_SIMT_HIP_TARGET defaults
            for name, warp, arch in (("host-cuda", 32, "sm_90"), ("host-hip", 64, "gfx942")):
                devs = hosts.get(name, {}).get("devices", [])
                if [d["index"] for d in devs] != list(range(n)):
                    p.append(f"{name} devices {devs}")
                if any(d["warp_size"] != warp or d["architecture"] != arch for d in devs):
                    p.append(f"{name} provenance {devs}")
            return p
        return check_doc
    case("devices", ["devices"], 0, ["host-cuda (emulated): 1 device(s)", "[0] parity-simt sm_90",
                                     "warp size     64"])
    case("devices --json", ["devices", "--json"], 0, json_check=devices_json(1))
    case("devices with 3 emulated devices", ["devices", "--json"], 0, json_check=devices_json(3),
         env={"PARITY_HOST_DEVICES": "3"})
    case("devices --backend", ["devices", "--backend", "host-hip", "--json"], 0,
         json_check=lambda d: [] if [b["name"] for b in d["backends"]] == ["host-hip"] else ["x"])

    def spec_check(n, slots=1):
        def check_doc(doc):
            gpus = doc["local"][0]["gpus"]
            ok = doc["version"] == {"major": 1, "minor": 0} and \
                gpus == [{"id": str(i), "slots": slots} for i in range(n)]
            return [] if ok else [f"spec {doc}"]
        return check_doc
    case("devices --ctest-resource-spec", ["devices", "--ctest-resource-spec"], 0,
         json_check=spec_check(2), env={"PARITY_HOST_DEVICES": "2"})
    case("devices --ctest-resource-spec --slots 2",
         ["devices", "--ctest-resource-spec", "--slots", "2", "--backend", "host-cuda"], 0,
         json_check=spec_check(1, 2))
    case("devices: unknown backend", ["devices", "--backend", "metal"], 2,
         ["unknown backend 'metal'", "host-cuda"])
    case("devices: bad PARITY_HOST_DEVICES", ["devices"], 2, ["PARITY_HOST_DEVICES='two'"],
         env={"PARITY_HOST_DEVICES": "two"})
    case("devices: --slots 0", ["devices", "--ctest-resource-spec", "--slots", "0"], 2,
         ["--slots 0"])

    # ---- CTest resource allocation on the host backend ----------------------------------
    exe = saxpy["host-cuda"]["binary"]
    summary = W("device-index.json")
    p = subprocess.run([exe, "--parity-summary", summary, "saxpy/f16/4099"], capture_output=True,
                       env=dict(os.environ, PARITY_HOST_DEVICES="2",
                                CTEST_RESOURCE_GROUP_0_GPUS="id:1,slots:1"))
    got = json.load(open(summary))["device"]["index"] if p.returncode == 0 else p.returncode
    check("the host backend takes the device CTest allots", got == 1, f"{got}")
    p = subprocess.run([exe, "saxpy/f16/4099"], capture_output=True, text=True,
                       env=dict(os.environ, PARITY_HOST_DEVICES="2",
                                CTEST_RESOURCE_GROUP_0_GPUS="id:5,slots:1"))
    check("a device beyond PARITY_HOST_DEVICES skips", p.returncode == 4 and
          "PARITY_HOST_DEVICES=2 emulates 2 device(s)" in p.stdout + p.stderr,
          f"exit {p.returncode}: {p.stdout[-400:]}")
    # Without PARITY_HOST_DEVICES a GPU selection does not make host tests skip.
    p = subprocess.run([exe, "--parity-summary", summary, "saxpy/f16/4099"], capture_output=True,
                       env=dict(os.environ, PARITY_DEVICE="3"))
    got = json.load(open(summary))["device"]["index"] if p.returncode == 0 else p.returncode
    check("PARITY_DEVICE=3 leaves the single host device in use", got == 0, f"{got}")

    ct = W("ctest")
    os.makedirs(ct)
    rc, spec, _ = run(["devices", "--ctest-resource-spec"], {"PARITY_HOST_DEVICES": "2"})
    with open(os.path.join(ct, "spec.json"), "w") as f:
        f.write(spec)
    names = ["saxpy/f32/4099", "saxpy/f16/4099"] * 2
    with open(os.path.join(ct, "CTestTestfile.cmake"), "w") as f:
        for i, n in enumerate(names):
            f.write(f"add_test(case{i} [==[{exe}]==] --parity-summary "
                    f"[==[{os.path.join(ct, f's{i}.json')}]==] [==[{n}]==])\n"
                    f"set_tests_properties(case{i} PROPERTIES RESOURCE_GROUPS gpus:1 "
                    f"ENVIRONMENT PARITY_HOST_DEVICES=2)\n")
    p = subprocess.run([ctest, "--resource-spec-file", os.path.join(ct, "spec.json"), "-j2",
                        "--output-on-failure"], cwd=ct, capture_output=True, text=True,
                       timeout=300)
    used = set()
    for i in range(len(names)):
        try:
            s = json.load(open(os.path.join(ct, f"s{i}.json")))
            used.add((s["device"]["index"], s.get("ctest_resource_gpus", "")))
        except (OSError, ValueError, KeyError, TypeError):
            pass
    check("ctest --resource-spec-file ran the cases", p.returncode == 0, p.stdout[-1500:])
    check("ctest spread the cases over both emulated devices",
          {u[0] for u in used} == {0, 1} and all(u[1] == f"id:{u[0]},slots:1" for u in used),
          f"{sorted(used)}")
    # parity_add_suite declares RESOURCE_GROUPS on the tests of GPU backends only
    if any(b in saxpy for b in ("cuda", "hip")):
        p = subprocess.run([ctest, "--test-dir", build, "-N", "--show-only=json-v1", "-R",
                            "^saxpy/"], capture_output=True, text=True)
        tests = json.loads(p.stdout)["tests"]
        groups = {t["name"].split("/")[1]: any(pr["name"] == "RESOURCE_GROUPS"
                                               for pr in t.get("properties", []))
                  for t in tests}
        check("GPU-backend tests declare RESOURCE_GROUPS, host ones do not",
              all(v == (k in ("cuda", "hip")) for k, v in groups.items()), f"{groups}")

    for f in failures:
        print("FAIL:", f)
    print(f"{passed} passed, {len(failures)} failed")
    if not failures:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
