#!/usr/bin/env python3
"""Writes the oracle tables that framework/tests/float_format.tests.cpp checks parity against.

The oracle is ml_dtypes (bfloat16, the float8 family, float4_e2m1fn) and numpy (float16,
float32): their decoded values, classes, finfo traits and astype() conversions. parity's C++ code
is never consulted, so the tables are an independent reference.

Regenerate (needs pip's ml_dtypes and numpy; CI only reads the committed output):

    python3 -m pip install ml_dtypes numpy
    python3 tools/oracle/gen_format_tables.py            # writes framework/tests/data/formats/

The output is deterministic for a given ml_dtypes/numpy version (fixed seed); traits.json
records the versions used. Layout (all little-endian, no headers):

    decode_<format>.bin       2^bits float32 values (the decoded value of every code), then
                              2^bits uint8 classes: 0 zero, 1 subnormal, 2 normal, 3 inf, 4 NaN
    round_f64_inputs.bin      N64 float64 inputs (bit patterns)
    round_f64_<format>.bin    N64 expected codes of astype(<format>): uint16, uint32 for float32
    round_f32_inputs.bin      N32 float32 inputs (bit patterns)
    round_f32_<format>.bin    N32 expected codes, uint16
    traits.json               finfo traits, NaN codes, counts and file names per format
"""

import json
import math
import pathlib
import sys

import ml_dtypes
import numpy as np

OUT = pathlib.Path(__file__).resolve().parents[2] / "framework" / "tests" / "data" / "formats"
SEED = 20261202

# parity's name -> numpy dtype. float16 is numpy's own; ml_dtypes does not redefine it.
NARROW = {
    "float16": np.dtype(np.float16),
    "bfloat16": np.dtype(ml_dtypes.bfloat16),
    "float8_e4m3fn": np.dtype(ml_dtypes.float8_e4m3fn),
    "float8_e4m3fnuz": np.dtype(ml_dtypes.float8_e4m3fnuz),
    "float8_e5m2": np.dtype(ml_dtypes.float8_e5m2),
    "float8_e5m2fnuz": np.dtype(ml_dtypes.float8_e5m2fnuz),
    "float8_e8m0fnu": np.dtype(ml_dtypes.float8_e8m0fnu),
    "float4_e2m1fn": np.dtype(ml_dtypes.float4_e2m1fn),
}
CLASS_ZERO, CLASS_SUBNORMAL, CLASS_NORMAL, CLASS_INF, CLASS_NAN = range(5)


def code_type(dtype):
    return np.uint16 if dtype.itemsize == 2 else np.uint8


def finfo_bits(dtype):
    return ml_dtypes.finfo(dtype).bits if dtype.kind == "V" else np.finfo(dtype).bits


def decode_all(dtype):
    """float64 value of every code, from the oracle's own conversion."""
    bits = finfo_bits(dtype)
    codes = np.arange(1 << bits, dtype=code_type(dtype))
    with np.errstate(invalid="ignore"):
        return codes.view(dtype).astype(np.float64)


def classes(values, smallest_normal):
    mag = np.abs(values)
    with np.errstate(invalid="ignore"):
        cls = np.full(values.shape, CLASS_NORMAL, dtype=np.uint8)
        cls[mag < smallest_normal] = CLASS_SUBNORMAL
        cls[mag == 0] = CLASS_ZERO
        cls[np.isinf(values)] = CLASS_INF
        cls[np.isnan(values)] = CLASS_NAN
    return cls


def finfo_dict(dtype):
    fi = ml_dtypes.finfo(dtype) if dtype.kind == "V" else np.finfo(dtype)
    return {
        "bits": int(fi.bits),
        "nexp": int(fi.nexp),
        "nmant": int(fi.nmant),
        "minexp": int(fi.minexp),
        "maxexp": int(fi.maxexp),
        # float.hex() keeps the values exact through JSON
        "max": float(fi.max).hex(),
        "smallest_normal": float(fi.smallest_normal).hex(),
        "smallest_subnormal": float(fi.smallest_subnormal).hex(),
        "eps": float(fi.eps).hex(),
    }


def astype_codes(inputs, dtype):
    with np.errstate(all="ignore"):
        return inputs.astype(dtype).view(np.uint32 if dtype == np.float32 else code_type(dtype))


def next_up(x, ftype):
    return float(np.nextafter(ftype(x), ftype(math.inf)))


def next_down(x, ftype):
    return float(np.nextafter(ftype(x), ftype(-math.inf)))


def chosen_codes(name, values, rng):
    """Indices of the positive finite codes whose neighbourhoods we probe."""
    finite = [c for c in range(len(values)) if np.isfinite(values[c]) and
              not math.copysign(1.0, values[c]) < 0]
    if len(values) <= 256:
        return finite
    # f16/bf16: the first and last codes of selected binades (where rounding carries into the
    # next binade), every subnormal boundary region, plus random codes.
    mbits = 10 if name == "float16" else 7
    ebits = 5 if name == "float16" else 8
    top = (1 << ebits) - 1  # exponent of inf/NaN
    if name == "float16":
        binades = list(range(0, top))
    else:
        binades = [0, 1, 2, 3, 120, 125, 126, 127, 128, 129, 130, 134, 251, 252, 253, 254]
        binades += [int(b) for b in rng.integers(4, 251, 16)]
    picked = set()
    for b in binades:
        first = b << mbits
        last = first + (1 << mbits) - 1
        picked.update(range(first, first + 4))
        picked.update(range(last - 3, last + 1))
    picked.update(int(c) for c in rng.integers(0, top << mbits, 256))
    finite_set = set(finite)
    return sorted(c for c in picked if c in finite_set)


def targeted_values(name, values, rng, ftype):
    """Exact values, midpoints (ties) and their neighbours, overflow and underflow boundaries."""
    out = []
    finite_pos = sorted({float(v) for v in values
                         if np.isfinite(v) and v >= 0 and not math.copysign(1.0, v) < 0})
    index = {v: i for i, v in enumerate(finite_pos)}
    for c in chosen_codes(name, values, rng):
        v = float(values[c])
        out.append(v)
        i = index[v]
        if i + 1 < len(finite_pos):
            mid = (v + finite_pos[i + 1]) / 2  # exact: one more bit than the format has
            out += [mid, next_up(mid, ftype), next_down(mid, ftype)]
    vmax, vmin = finite_pos[-1], finite_pos[0]
    top_gap = vmax - finite_pos[-2]
    if name == "float8_e8m0fnu":
        top_gap = vmax  # the value after 2^127 would be 2^128
    tie = vmax + top_gap / 2
    out += [tie, next_up(tie, ftype), next_down(tie, ftype), vmax + top_gap, 2 * vmax, 4 * vmax]
    out += [next_up(vmax, ftype), next_down(vmax, ftype)]
    if vmin > 0:  # e8m0fnu: no zero, so values below the smallest one
        out += [vmin / 2, next_up(vmin / 2, ftype), next_down(vmin / 2, ftype), vmin * 0.75,
                vmin / 4, next_down(vmin, ftype)]
    return out


def special_values():
    f32max = float(np.finfo(np.float32).max)
    f32tie = f32max + 2.0 ** 103  # halfway between FLT_MAX and 2^128: rounds to inf
    values = [0.0, math.inf, 1.0, 1e300, 1e30, 1e-30, 1e-300, 5e-324, 2.2250738585072014e-308,
              1.7976931348623157e308, f32max, f32tie, next_down(f32tie, np.float64),
              next_up(f32tie, np.float64), 2.0 ** 128, 2.0 ** -126, 2.0 ** -149, 2.0 ** -150,
              next_up(2.0 ** -150, np.float64), 3 * 2.0 ** -151, 2.0 ** -127, 2.0 ** -128]
    return values + [-v for v in values] + [-0.0]


def nan_inputs_f64():
    patterns = [0x7FF8000000000000, 0x7FF0000000000001, 0x7FF4000000000000, 0x7FFFFFFFFFFFFFFF,
                0x7FF8000000000001, 0x7FF0000020000000, 0x7FF1000000000000]
    return patterns + [p | (1 << 63) for p in patterns]


def nan_inputs_f32():
    patterns = [0x7FC00000, 0x7F800001, 0x7FA00000, 0x7FFFFFFF, 0x7FC00001, 0x7F810000]
    return patterns + [p | (1 << 31) for p in patterns]


def random_values(rng, count):
    mags = np.exp2(rng.uniform(-152, 130, count))
    signs = np.where(rng.integers(0, 2, count) == 1, -1.0, 1.0)
    dense = rng.uniform(-600, 600, count // 2)  # where the fp8/fp4 grids are
    return list(mags * signs) + list(dense)


def build_inputs(rng):
    f64, f32 = [], []
    for name, dtype in NARROW.items():
        values = decode_all(dtype)
        f64 += targeted_values(name, values, rng, np.float64)
        f32 += targeted_values(name, values, rng, np.float32)
    # float32 as a target of float64 inputs: its own ties, subnormals and overflow.
    f32codes = np.concatenate([np.arange(0, 64), np.arange(0x7F7FFFC0, 0x7F800000),
                               np.arange(0x007FFFF0, 0x00800010),
                               rng.integers(0, 0x7F800000, 512)]).astype(np.uint32)
    f32vals = f32codes.view(np.float32).astype(np.float64)
    for v in f32vals:
        with np.errstate(over="ignore"):
            up = float(np.nextafter(np.float32(v), np.float32(math.inf)))
        if math.isinf(up):
            continue  # FLT_MAX: its tie with 2^128 is in special_values()
        mid = (float(v) + up) / 2
        f64 += [float(v), mid, next_up(mid, np.float64), next_down(mid, np.float64)]
    f64 += random_values(rng, 2000) + special_values()
    f32 += random_values(rng, 2000) + special_values()
    # float32 inputs beyond bfloat16's max: few exist, as bf16's max is within 2^-8 of FLT_MAX.
    top_bits = np.concatenate([np.arange(0x7F7F7FE0, 0x7F7F8020),
                               np.arange(0x7F7FFFC0, 0x7F800000)])
    f32 += list(top_bits.astype(np.uint32).view(np.float32).astype(np.float64))
    random_bits = rng.integers(0, 1 << 32, 2000, dtype=np.uint64).astype(np.uint32)
    with np.errstate(invalid="ignore"):
        f32 += list(random_bits.view(np.float32).astype(np.float64))

    both = [v for v in f64] + [-v for v in f64]
    f64_bits = np.array(both, dtype=np.float64).view(np.uint64)
    f64_bits = np.concatenate([f64_bits, np.array(nan_inputs_f64(), dtype=np.uint64)])

    both32 = np.array([v for v in f32] + [-v for v in f32], dtype=np.float64)
    with np.errstate(over="ignore"):
        as32 = both32.astype(np.float32)
    exact = (as32.astype(np.float64) == both32) | np.isnan(both32)  # keep float-exact inputs
    f32_bits = np.concatenate([as32[exact].view(np.uint32),
                               np.array(nan_inputs_f32(), dtype=np.uint32)])
    return np.unique(f64_bits), np.unique(f32_bits)


def main():
    rng = np.random.default_rng(SEED)
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.bin"):
        old.unlink()
    traits = {
        "generator": "tools/oracle/gen_format_tables.py",
        "ml_dtypes": ml_dtypes.__version__,
        "numpy": np.__version__,
        "seed": SEED,
        "class_codes": {"zero": CLASS_ZERO, "subnormal": CLASS_SUBNORMAL, "normal": CLASS_NORMAL,
                        "inf": CLASS_INF, "nan": CLASS_NAN},
        "formats": {},
    }
    for name, dtype in {"float64": np.dtype(np.float64), "float32": np.dtype(np.float32)}.items():
        traits["formats"][name] = finfo_dict(dtype)

    for name, dtype in NARROW.items():
        values = decode_all(dtype)
        with np.errstate(invalid="ignore"):
            as32 = values.astype(np.float32)
        finite = ~np.isnan(values)
        assert np.array_equal(as32[finite].astype(np.float64), values[finite]), name
        fi = finfo_dict(dtype)
        cls = classes(values, float.fromhex(fi["smallest_normal"]))
        with open(OUT / f"decode_{name}.bin", "wb") as f:
            f.write(as32.astype("<f4").tobytes())
            f.write(cls.tobytes())
        with np.errstate(all="ignore"):
            nan_pos = int(np.array([math.nan]).astype(dtype).view(code_type(dtype))[0])
            nan_neg = int(np.array([-math.nan]).astype(dtype).view(code_type(dtype))[0])
        fi.update({
            "codes": len(values),
            "has_inf": bool(np.isinf(values).any()),
            "has_nan": bool(np.isnan(values).any()),
            "has_negative_zero": bool(((values == 0) & np.signbit(values)).any()),
            "nan_count": int(np.isnan(values).sum()),
            "astype_nan": nan_pos,
            "astype_negative_nan": nan_neg,
            "decode": f"decode_{name}.bin",
        })
        traits["formats"][name] = fi

    f64_bits, f32_bits = build_inputs(rng)
    f64_inputs = f64_bits.view(np.float64)
    f32_inputs = f32_bits.view(np.float32)
    (OUT / "round_f64_inputs.bin").write_bytes(f64_bits.astype("<u8").tobytes())
    (OUT / "round_f32_inputs.bin").write_bytes(f32_bits.astype("<u4").tobytes())
    rounding = {"f64": {"inputs": "round_f64_inputs.bin", "count": len(f64_bits), "codes": {}},
                "f32": {"inputs": "round_f32_inputs.bin", "count": len(f32_bits), "codes": {}}}
    targets = dict(NARROW)
    for name, dtype in targets.items():
        codes64 = astype_codes(f64_inputs, dtype).astype("<u2")
        codes32 = astype_codes(f32_inputs, dtype).astype("<u2")
        (OUT / f"round_f64_{name}.bin").write_bytes(codes64.tobytes())
        (OUT / f"round_f32_{name}.bin").write_bytes(codes32.tobytes())
        rounding["f64"]["codes"][name] = f"round_f64_{name}.bin"
        rounding["f32"]["codes"][name] = f"round_f32_{name}.bin"
    codes = astype_codes(f64_inputs, np.dtype(np.float32)).astype("<u4")
    (OUT / "round_f64_float32.bin").write_bytes(codes.tobytes())
    rounding["f64"]["codes"]["float32"] = "round_f64_float32.bin"
    traits["rounding"] = rounding

    (OUT / "traits.json").write_text(json.dumps(traits, indent=1) + "\n")
    total = sum(p.stat().st_size for p in OUT.iterdir())
    print(f"wrote {OUT}: {len(f64_bits)} float64 and {len(f32_bits)} float32 rounding inputs, "
          f"{total / 1e6:.2f} MB", file=sys.stderr)


if __name__ == "__main__":
    main()
