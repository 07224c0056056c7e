#!/usr/bin/env python3
"""numpy's comparators on float32 arrays of the size the comparator benchmark uses.

Run by tools/bench-compare with Debian's /usr/bin/python3 (numpy 1.24). Prints one JSON object:
rates in bytes of both inputs per second of process CPU time (the best of --repeat runs; numpy
runs these on one thread), for
numpy.testing.assert_allclose and numpy.testing.assert_array_max_ulp on data that passes both,
so the time is the check itself, not the formatting of a failure message.
"""

import argparse
import json
import time

import numpy as np


def best_rate(fn, nbytes, repeat):
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return nbytes / best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--elements", type=int, default=1 << 26)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rng = np.random.default_rng(20261202)
    golden = rng.standard_normal(args.elements, dtype=np.float32)
    # About a third of the elements one ULP up (passes both checks below).
    candidate = golden.copy()
    bump = rng.random(args.elements) < 0.33
    candidate[bump] = np.nextafter(golden[bump], np.float32(np.inf))
    nbytes = golden.nbytes + candidate.nbytes
    out = {
        "numpy_version": np.__version__,
        "elements": args.elements,
        "numpy_allclose_gbps": best_rate(
            lambda: np.testing.assert_allclose(candidate, golden, rtol=1.3e-6, atol=1e-5),
            nbytes, args.repeat) / 1e9,
        "numpy_max_ulp_gbps": best_rate(
            lambda: np.testing.assert_array_max_ulp(golden, candidate, maxulp=8),
            nbytes, args.repeat) / 1e9,
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
