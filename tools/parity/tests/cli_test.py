#!/usr/bin/env python3
"""End-to-end tests of `parity diff`, `parity golden show` and `parity golden check`.

Usage: cli_test.py PARITY FIXTURES_PROGRAM WORKDIR

The fixtures program (framework/tests/interop/write_fixtures.cpp) writes file pairs with known
differences and damaged files; each case below runs the CLI and checks its exit status (0 same /
fine, 1 different / problems, 2 error), the words of its message and its JSON.
"""
import json
import os
import shutil
import subprocess
import sys

failures = []
passed = 0


def run(args):
    p = subprocess.run([PARITY] + args, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def case(label, args, code, contains=(), json_check=None):
    global passed
    rc, out, err = run(args)
    problems = []
    if rc != code:
        problems.append(f"exit {rc}, expected {code}")
    for text in contains:
        if text not in out + err:
            problems.append(f"output lacks {text!r}")
    if json_check is not None and rc in (0, 1):
        try:
            problems += json_check(json.loads(out)) or []
        except (ValueError, KeyError, TypeError, IndexError) as e:
            problems.append(f"bad JSON: {e!r}")
    if problems:
        failures.append(f"{label}: {'; '.join(problems)}\n  stdout: {out[-600:]}\n  stderr: {err[-600:]}")
    else:
        passed += 1


def dataset(doc, name):
    return next(d for d in doc["datasets"] if d["name"] == name)


REQUIRED = ["name", "dtype", "shape", "count", "mismatches", "bitwise_equal", "max_ulp",
            "max_abs", "max_rel", "passed", "histogram", "hints"]


def json_same(doc):
    p = []
    if doc["equivalent"] is not True:
        p.append("not equivalent")
    for d in doc["datasets"]:
        if d["status"] != "compared":
            continue
        p += [f"{d['name']} lacks {k}" for k in REQUIRED if k not in d]
        if d["mismatches"] != 0 or d["bitwise_equal"] != d["count"]:
            p.append(f"{d['name']}: expected bitwise equality")
    return p


def json_ulp2(doc):
    y = dataset(doc, "outputs/y")
    p = []
    if not (y["passed"] and y["mismatches"] == 0 and y["max_ulp"] == 2):
        p.append(f"y: {y['summary']}")
    if not y["bitwise_equal"] < y["count"]:
        p.append("y: some elements should differ")
    if y["shape"] != [64, 128] or y["count"] != 8192 or y["dtype"] != "float32":
        p.append("y: shape/count/dtype")
    if y["histogram"].get("1", 0) == 0 or y["histogram"].get("2", 0) == 0:
        p.append(f"y: histogram {y['histogram']}")
    return p


def json_ulp5(doc):
    y = dataset(doc, "outputs/y")
    # elements 1001, 2002, ... 8008 moved by +5 ulp, element 0 by -2 then +5 = +3: 9 beyond 2
    p = []
    if y["passed"] or y["mismatches"] != 9 or y["max_ulp"] != 5:
        p.append(f"y: {y['summary']}")
    if doc["equivalent"] or doc["exit_code"] != 1:
        p.append("document should say different")
    return p


def json_hint(*kinds):
    def check(doc):
        hints = [h["kind"] for d in doc["datasets"] for h in d.get("hints", [])]
        return [] if any(k in h for h in hints for k in kinds) else [f"hints {hints}, want {kinds}"]
    return check


def main():
    global PARITY
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    PARITY, fixtures, work = sys.argv[1], sys.argv[2], sys.argv[3]
    shutil.rmtree(work, ignore_errors=True)
    d, b = os.path.join(work, "diff"), os.path.join(work, "bad")
    for kind, folder in [("diff", d), ("bad", b)]:
        subprocess.run([fixtures, kind, folder], check=True, stdout=subprocess.DEVNULL)
    D = lambda n: os.path.join(d, n)  # noqa: E731
    B = lambda n: os.path.join(b, n)  # noqa: E731

    # ---- parity diff -------------------------------------------------------------------
    case("identical content, different layout", ["diff", D("a.h5"), D("same.h5")], 0,
         ["equivalent"])
    case("identical content, JSON", ["diff", "--json", D("a.h5"), D("same.h5")], 0,
         json_check=json_same)
    case("within the stored max_ulp 2", ["diff", "--json", D("a.h5"), D("ulp2.h5")], 0,
         json_check=json_ulp2)
    case("5 ulp beyond the stored policy", ["diff", "--json", D("a.h5"), D("ulp5.h5")], 1,
         json_check=json_ulp5)
    case("human output names the dataset", ["diff", D("a.h5"), D("ulp5.h5")], 1,
         ["outputs/y", "different"])
    case("--max-ulp overrides", ["diff", "--max-ulp", "8", D("a.h5"), D("ulp5.h5")], 0)
    case("--atol overrides", ["diff", "--atol", "1e-3", D("a.h5"), D("ulp5.h5")], 0)
    case("inputs are compared exactly, whatever the tolerance",
         ["diff", "--atol", "1", "--max-ulp", "100", D("a.h5"), D("input_ulp1.h5")], 1,
         ["inputs/x"])
    case("--dataset limits the comparison",
         ["diff", "--dataset", "outputs/z", "--dataset", "x", D("a.h5"), D("ulp5.h5")], 0)
    case("--dataset that does not exist", ["diff", "--dataset", "nope", D("a.h5"), D("ulp5.h5")],
         2, ["nope", "outputs/y"])
    pol = os.path.join(work, "policy.json")
    with open(pol, "w") as f:
        json.dump({"max_ulp": 10}, f)
    case("--policy file for every dataset", ["diff", "--policy", pol, D("a.h5"), D("ulp5.h5")], 0)
    with open(pol, "w") as f:
        json.dump({"datasets": {"outputs/y": {"max_ulp": 0}}}, f)
    case("--policy file for one dataset", ["diff", "--policy", pol, D("a.h5"), D("ulp2.h5")], 1)
    with open(pol, "w") as f:
        json.dump({"max_ulps": 3}, f)
    case("--policy file with a typo", ["diff", "--policy", pol, D("a.h5"), D("ulp2.h5")], 2,
         ["max_ulps"])
    case("lanes 32-63 wrong: warp-size hint", ["diff", "--json", D("a.h5"), D("lanes.h5")], 1,
         json_check=json_hint("warp", "lane"))
    case("shape mismatch", ["diff", D("a.h5"), D("shape.h5")], 2, ["shape mismatch", "64x128"])
    case("dtype mismatch", ["diff", D("a.h5"), D("dtype.h5")], 2, ["dtype mismatch", "int32"])
    case("dataset missing in B", ["diff", D("a.h5"), D("missing.h5")], 2,
         ["outputs/z", "missing.h5"])
    case("output only in B", ["diff", D("missing.h5"), D("a.h5")], 1, ["outputs/z", "only in"])
    case("OCP vs FNUZ fp8 with equal values", ["diff", D("fp8_ocp.h5"), D("fp8_fnuz.h5")], 0)
    case("FNUZ bytes read as OCP: values double",
         ["diff", "--json", D("fp8_fnuz.h5"), D("fp8_mixup.h5")], 1,
         json_check=json_hint("twice", "half"))
    case("missing file", ["diff", D("a.h5"), D("nonexistent.h5")], 2, ["nonexistent.h5"])
    for name, words in [("truncated.h5", ["truncated"]), ("text.h5", ["not an HDF5 file"]),
                        ("newer.h5", ["schema 2", "upgrade parity"]),
                        ("foreign.h5", ["not a parity golden file"]),
                        ("dtype_disagrees.h5", ["/outputs/y", "int32", "stored HDF5 type"]),
                        ("shape_attr.h5", ["/outputs/y", "8x32"]),
                        ("no_checksum.h5", ["attribute 'checksum' is missing"])]:
        case(f"diff against {name}", ["diff", B("good.h5"), B(name)], 2, [name] + words)
        case(f"show {name}", ["golden", "show", B(name)], 2, [name] + words)
    case("bit flip in data: diff", ["diff", B("good.h5"), B("flipped_data.h5")], 2,
         ["flipped_data.h5", "checksum mismatch"])

    # ---- parity golden show ------------------------------------------------------------
    case("show", ["golden", "show", B("good.h5")], 0,
         ["outputs/y", "float32", "xxh3-128:", "fixtures", "16x16"])

    def show_json(doc):
        p = []
        if doc["schema"]["major"] != 1 or doc["provenance"]["suite"] != "fixtures":
            p.append("schema/provenance")
        names = [x["path"] for x in doc["datasets"]]
        if names != ["inputs/x", "outputs/y"]:
            p.append(f"datasets {names}")
        y = doc["datasets"][1]
        if y["policy"] != {"max_ulp": 1} or not y["checksum"].startswith("xxh3-128:"):
            p.append(f"y {y}")
        return p
    case("show --json", ["golden", "show", "--json", B("good.h5")], 0, json_check=show_json)
    case("show without --verify does not read data", ["golden", "show", B("flipped_data.h5")], 0)
    case("show --verify reads data", ["golden", "show", "--verify", B("flipped_data.h5")], 2,
         ["checksum mismatch"])

    # ---- parity golden check -----------------------------------------------------------
    case("check a good tree", ["golden", "check", B("tree_ok")], 0, ["2 golden file(s) verified"])
    case("check an empty tree", ["golden", "check", B("tree_empty")], 0, ["0 problem(s)"])
    case("check: stale manifest", ["golden", "check", B("tree_stale")], 1,
         ["suite/a.h5", "does not match MANIFEST"])
    case("check: unlisted file", ["golden", "check", B("tree_unlisted")], 1,
         ["suite/extra.h5", "not listed in MANIFEST"])
    case("check: missing file", ["golden", "check", B("tree_missing")], 1,
         ["suite/gone.h5", "missing"])
    case("check: no manifest", ["golden", "check", B("tree_no_manifest")], 1,
         ["MANIFEST' is missing"])
    case("check: stray temporary", ["golden", "check", B("tree_tmp")], 1, ["temporary"])
    case("check: corrupt data behind a matching manifest", ["golden", "check", B("tree_corrupt")],
         1, ["suite/a.h5", "checksum mismatch"])
    case("check: no such folder", ["golden", "check", B("nope")], 1, ["does not exist"])

    for f in failures:
        print("FAIL:", f)
    print(f"{passed} passed, {len(failures)} failed")
    if not failures:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
