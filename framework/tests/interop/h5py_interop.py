#!/usr/bin/env python3
"""Interop test: golden files written by parity, read by h5py and h5dump.

Usage: h5py_interop.py FIXTURES_PROGRAM WORKDIR

The fixtures program writes one golden file per dtype plus the float64 values parity decodes.
This script checks, with Debian's h5py/numpy/xxhash (no pip needed):
  - root and dataset attributes follow schema v1 (fixed-length strings, shape, nbytes, ...);
  - float16 / bfloat16 / float8_e5m2 read through h5py as exactly the values parity decodes;
  - raw-bit formats are uint8 with encoding="raw_bits" and their dtype attribute;
  - complex tensors read as numpy complex; bool as uint8 0/1; recipe tensors have no data;
  - each dataset's XXH3-128 (read with the file's own type) equals its checksum attribute;
  - h5dump prints every file without error;
  - the loader snippet of docs/golden-format.md works (when ml_dtypes is installed).
Exit status 0 when everything holds; prints each failure.
"""
import os
import shutil
import subprocess
import sys

import h5py
import numpy as np

try:
    import xxhash
except ImportError:  # python3-xxhash is in tools/setup; keep going without the hash check
    xxhash = None

NATIVE_FLOAT = {"float16": "float16", "bfloat16": "float32", "float8_e5m2": "float16"}
RAW_BITS = {"float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2fnuz", "float8_e8m0fnu",
            "float4_e2m1fn"}

failures = []


def check(cond, message):
    if not cond:
        failures.append(message)
    return cond


def text(v):
    return v.decode() if isinstance(v, bytes) else str(v)


def raw_bytes(ds):
    """The stored bytes, read with memory type == file type (no conversion)."""
    ftype = ds.id.get_type()
    buf = np.empty(ds.shape, dtype=np.dtype(("V", ftype.get_size())))
    ds.id.read(h5py.h5s.ALL, h5py.h5s.ALL, buf, mtype=ftype)
    return buf.tobytes()


def same_values(a, b):
    a = np.asarray(a, dtype=np.float64).ravel()
    b = np.asarray(b, dtype=np.float64).ravel()
    if a.shape != b.shape:
        return False
    nan = np.isnan(a) & np.isnan(b)
    equal = (a == b) & (np.signbit(a) == np.signbit(b))
    return bool(np.all(nan | equal))


def check_file(path, dtype, decoded):
    with h5py.File(path, "r") as f:
        check(text(f.attrs["schema"]) == "parity-golden", f"{path}: schema attribute")
        check(int(f.attrs["schema_major"]) == 1, f"{path}: schema_major")
        check(text(f.attrs["suite"]) == "fixtures", f"{path}: suite")
        check(f.attrs["schema"].dtype.kind == "S", f"{path}: string attributes are fixed-length")
        for name in ["inputs/x", "outputs/y"]:
            ds = f[name]
            where = f"{path}:{name}"
            check(text(ds.attrs["dtype"]) == dtype, f"{where}: dtype attribute")
            check(list(ds.attrs["shape"]) == list(ds.shape), f"{where}: shape attribute")
            check(int(ds.attrs["nbytes"]) == len(raw_bytes(ds)), f"{where}: nbytes")
            encoding = text(ds.attrs["encoding"])
            values = ds[()]
            if dtype in NATIVE_FLOAT:
                check(encoding == "native", f"{where}: encoding")
                check(values.dtype == np.dtype(NATIVE_FLOAT[dtype]),
                      f"{where}: h5py reads {values.dtype}, expected {NATIVE_FLOAT[dtype]}")
                check(same_values(values, decoded), f"{where}: h5py values differ from parity's")
            elif dtype in RAW_BITS:
                check(encoding == "raw_bits", f"{where}: encoding {encoding}")
                check(values.dtype == np.uint8, f"{where}: raw bits are uint8")
            elif dtype.startswith("complex"):
                check(values.dtype == np.dtype(dtype), f"{where}: h5py reads {values.dtype}")
                pairs = np.stack([values.real, values.imag], axis=-1)
                check(same_values(pairs, decoded), f"{where}: complex values differ")
            elif dtype == "bool":
                check(values.dtype == np.uint8 and set(np.unique(values)) <= {0, 1},
                      f"{where}: bool is uint8 0/1")
                check(same_values(values, decoded), f"{where}: bool values")
            else:
                check(values.dtype == np.dtype(dtype), f"{where}: h5py reads {values.dtype}")
                check(same_values(values, decoded), f"{where}: values differ")
            if xxhash is not None:
                stored = text(ds.attrs["checksum"])
                actual = "xxh3-128:" + xxhash.xxh3_128_hexdigest(raw_bytes(ds))
                check(stored == actual, f"{where}: checksum {stored} but bytes hash to {actual}")
        x = f["inputs/x"]
        check((x.chunks is not None) == (int(x.attrs["nbytes"]) > 64),
              f"{path}: inputs/x is chunked exactly when larger than the 64-byte chunk size")
        r = f["inputs/r"]
        check(text(r.attrs["encoding"]) == "recipe", f"{path}: recipe encoding")
        check(r.shape is None, f"{path}: a recipe has a NULL dataspace")
        check(list(r.attrs["shape"]) == [3, 4], f"{path}: recipe shape attribute")
        check("philox4x32-10" in text(r.attrs["recipe"]), f"{path}: recipe JSON")


def check_h5dump(path):
    h5dump = shutil.which("h5dump")
    if not check(h5dump is not None, "h5dump not found (Debian package hdf5-tools)"):
        return
    run = subprocess.run([h5dump, path], capture_output=True, text=True)
    check(run.returncode == 0 and "error" not in run.stderr.lower(),
          f"h5dump {path}: rc {run.returncode} {run.stderr[:200]}")
    check('DATASET "x"' in run.stdout, f"h5dump {path}: no dataset x in the output")


# The loader of docs/golden-format.md ("Reading goldens from Python"), verbatim.
SNIPPET = '''
import h5py, numpy as np, ml_dtypes

def load(path, name):                                  # e.g. load(f, "outputs/y")
    ds = h5py.File(path, "r")[name]
    attr = lambda k: ds.attrs[k].decode() if isinstance(ds.attrs[k], bytes) else ds.attrs[k]
    dtype = np.dtype(getattr(ml_dtypes, attr("dtype"), attr("dtype")))
    data = ds[()]
    return data.view(dtype) if attr("encoding") == "raw_bits" else data.astype(dtype)
'''


def check_snippet(workdir, dtypes):
    try:
        import ml_dtypes  # noqa: F401
    except ImportError:
        print("h5py_interop: ml_dtypes not installed, skipping the docs snippet check")
        return
    scope = {}
    exec(SNIPPET, scope)
    for dtype, decoded in dtypes:
        got = scope["load"](os.path.join(workdir, dtype + ".h5"), "outputs/y")
        check(got.dtype.name == dtype or (dtype == "bool" and got.dtype == np.bool_),
              f"snippet: {dtype} loads as {got.dtype}")
        if dtype.startswith("complex"):
            got = np.stack([got.real, got.imag], axis=-1)
        check(same_values(got.astype(np.float64) if not dtype.startswith("complex") else got,
                          decoded), f"snippet: {dtype} values")


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    program, workdir = sys.argv[1], sys.argv[2]
    shutil.rmtree(workdir, ignore_errors=True)
    subprocess.run([program, "dtypes", workdir], check=True, stdout=subprocess.DEVNULL)
    dtypes = []
    for name in sorted(os.listdir(workdir)):
        if not name.endswith(".h5"):
            continue
        dtype = name[:-3]
        decoded = np.fromfile(os.path.join(workdir, dtype + ".decoded.f64"), dtype="<f8")
        path = os.path.join(workdir, name)
        check_file(path, dtype, decoded)
        check_h5dump(path)
        dtypes.append((dtype, decoded))
    check(len(dtypes) == 21, f"expected 21 dtype files, found {len(dtypes)}")
    check_snippet(workdir, dtypes)
    for f in failures:
        print("FAIL:", f)
    print(f"h5py_interop: {len(dtypes)} dtype files, {len(failures)} failure(s)")
    shutil.rmtree(workdir, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
