#!/usr/bin/python3
"""A stand-in for a suite binary, for the failure paths of `parity golden capture|verify`.

Usage: fake_suite.py BEHAVIOUR [suite binary arguments...]

It answers --parity-list-goldens like framework/catch2/main.cpp (two cases, fake/a and fake/b)
and runs a case as BEHAVIOUR says: "fail" (a failed case: run summary, exit 1), "skip" (the
backend is unavailable: exit 4, as Catch2 does), "crash" (killed by SIGSEGV, no summary), "odd" (a
run summary whose values have the wrong types: parity must read it as a failure, not stop).
"""
import json
import os
import signal
import sys


def main():
    behaviour, args = sys.argv[1], sys.argv[2:]
    if "--parity-list-goldens" in args:
        cases = [{"name": f"fake/{c}", "tags": ["fake"], "golden": f"fake/{c}.h5"} for c in "ab"]
        print(json.dumps({"suite": "fake", "backend": "host-cuda", "cases": cases}))
        return 0
    summary = args[args.index("--parity-summary") + 1]
    name = args[-1]
    if behaviour == "crash":
        print("about to crash", flush=True)
        os.kill(os.getpid(), signal.SIGSEGV)
    if behaviour == "odd":
        with open(summary, "w") as f:
            json.dump({"suite": 1, "device": "x", "cases": [{"status": 5, "skip_reason": [1],
                                                            "outputs": {"a": 1}}]}, f)
        return 0
    status = {"fail": "failed", "skip": "skipped"}[behaviour]
    case = {"case": name, "suite": "fake", "status": status, "passed": False}
    if behaviour == "skip":
        case["skip_reason"] = "no CUDA device: fake runtime found 0 devices"
    else:
        print("FAIL outputs/y: float32 [4]\n  mismatches     4 of 4 (fake verdict table)")
    with open(summary, "w") as f:
        json.dump({"suite": "fake", "backend": "host-cuda", "device": None, "cases": [case]}, f)
    return 4 if behaviour == "skip" else 1


if __name__ == "__main__":
    sys.exit(main())
