#!/usr/bin/env python3
"""Independent oracle for parity's RNG (framework/include/parity/rng.hpp).

Re-implements Philox4x32-10 and the value mappings from the documented algorithm with Python
integers, and encodes narrow formats with ml_dtypes. Writes rng_oracle.json next to this file,
which framework/tests/rng.tests.cpp reads. Run with a Python that has numpy and ml_dtypes
(pip install ml_dtypes); the output is committed, so CI needs neither.
"""
import json
import math
import os

import ml_dtypes
import numpy as np
import xxhash  # python3-xxhash (Debian) or pip xxhash

M0, M1, W0, W1 = 0xD2511F53, 0xCD9E8D57, 0x9E3779B9, 0xBB67AE85
MASK = 0xFFFFFFFF


def philox(ctr, key):
    c = list(ctr)
    k = list(key)
    for r in range(10):
        if r:
            k = [(k[0] + W0) & MASK, (k[1] + W1) & MASK]
        p0 = M0 * c[0]
        p1 = M1 * c[2]
        c = [((p1 >> 32) ^ c[1] ^ k[0]) & MASK, p1 & MASK, ((p0 >> 32) ^ c[3] ^ k[1]) & MASK, p0 & MASK]
    return c


def block(seed, stream, index):
    w = philox([index & MASK, index >> 32, stream & MASK, stream >> 32], [seed & MASK, seed >> 32])
    return w[0] | (w[1] << 32), w[2] | (w[3] << 32)


def unit(bits, open_=False):
    v = float(bits >> 11)
    return (v + 0.5) * 2.0**-53 if open_ else v * 2.0**-53


SEED, STREAM = 0x0123456789ABCDEF, 7
INDICES = [0, 1, 2, 3, 4, 5, 1000, 2**32 + 5, 2**40 + 3]

out = {"seed": SEED, "stream": STREAM, "indices": INDICES}

# uniform(-2, 3): exact (one subtraction-free multiply-add, no contraction)
out["uniform_lo"], out["uniform_hi"] = -2.0, 3.0
out["uniform"] = [-2.0 + (3.0 - -2.0) * unit(block(SEED, STREAM, i)[0]) for i in INDICES]

# normal(1, 2): Box-Muller with libm; parity uses its own log/cos, so compare with a tolerance
def normal(i):
    lo, hi = block(SEED, STREAM, i)
    return 1.0 + 2.0 * (math.sqrt(-2.0 * math.log(unit(lo, True))) * math.cos(2 * math.pi * unit(hi)))
out["normal"] = [normal(i) for i in INDICES]

# uniform_int(-5, 1000): Lemire multiply-shift on 64 bits
rng = 1000 - (-5) + 1
out["uniform_int"] = [-5 + ((block(SEED, STREAM, i)[0] * rng) >> 64) for i in INDICES]
# lo = INT64_MIN, hi = INT64_MAX: the range wraps to 0, so the value is lo + the raw 64 bits
out["uniform_int_full"] = [block(SEED, STREAM, i)[0] - 2**63 for i in INDICES]

out["bernoulli_p"] = 0.3
out["bernoulli"] = [1 if unit(block(SEED, STREAM, i)[0]) < 0.3 else 0 for i in INDICES]

# Encodings of uniform(-300, 300) values, rounded to nearest even by ml_dtypes.
vals = np.array([-300.0 + 600.0 * unit(block(SEED, STREAM, i)[0]) for i in INDICES])
out["wide_uniform"] = vals.tolist()
enc = {}
for name in ["float16", "bfloat16", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2",
             "float8_e5m2fnuz"]:
    dt = np.dtype(getattr(ml_dtypes, name) if hasattr(ml_dtypes, name) else name)
    v = vals.astype(dt)
    if dt.itemsize == 1 and name != "float16":
        # parity's fp8 storage types saturate (NVIDIA __NV_SATFINITE); ml_dtypes' astype does
        # not, so clip to the finite range first (exact for values already in range).
        fi = ml_dtypes.finfo(dt)
        v = np.clip(vals, float(fi.min), float(fi.max)).astype(dt)
    enc[name] = v.view(np.uint8 if dt.itemsize == 1 else np.uint16).tolist()
out["wide_uniform_bits"] = enc

# float32 and int8 / uint8 targets of uniform(-300, 300)
out["wide_uniform_f32"] = vals.astype(np.float32).view(np.uint32).tolist()
out["wide_uniform_int8"] = [int(max(-128, min(127, np.rint(v)))) for v in vals]
out["wide_uniform_uint8"] = [int(max(0, min(255, np.rint(v)))) for v in vals]

out["stream_id"] = {n: xxhash.xxh3_64_intdigest(n.encode()) for n in ["x", "weights", "a.b-c_d"]}


# ---- bit-exact port of parity's portable log / cos (same IEEE operations, same order) --------
def portable_log(x):
    m, e = math.frexp(x)
    if m < 0.70710678118654752440:
        m *= 2.0
        e -= 1
    s = (m - 1.0) / (m + 1.0)
    s2 = s * s
    poly = 1.0 / 23.0
    for k in range(21, 2, -2):
        poly = 1.0 / k + s2 * poly
    log_m = 2.0 * s + 2.0 * s * (s2 * poly)
    ln2_hi, ln2_lo = 6.93147180369123816490e-01, 1.90821492927058770002e-10
    de = float(e)
    return de * ln2_hi + (de * ln2_lo + log_m)


def sin_small(y):
    y2 = y * y
    poly = 1.0 / 355687428096000.0
    for f in [1307674368000.0, 6227020800.0, 39916800.0, 362880.0, 5040.0, 120.0, 6.0]:
        poly = 1.0 / f - y2 * poly
    return y - y * (y2 * poly)


def cos_small(y):
    y2 = y * y
    poly = 1.0 / 6402373705728000.0
    for f in [20922789888000.0, 87178291200.0, 479001600.0, 3628800.0, 40320.0, 720.0, 24.0]:
        poly = 1.0 / f - y2 * poly
    poly = 0.5 - y2 * poly
    return 1.0 - y2 * poly


def cos_2pi(u):
    qp = 0.78539816339744830962
    x = 8.0 * u
    n = math.floor(x)
    f = x - n
    near, far = f * qp, (1.0 - f) * qp
    return [cos_small(near), sin_small(far), -sin_small(near), -cos_small(far),
            -cos_small(near), -sin_small(far), sin_small(near), cos_small(far)][int(n) & 7]


def normal_exact(seed, stream, i, mean, sd):
    lo, hi = block(seed, stream, i)
    return mean + sd * (math.sqrt(-2.0 * portable_log(unit(lo, True))) * cos_2pi(unit(hi)))


out["normal_exact"] = [normal_exact(SEED, STREAM, i, 1.0, 2.0) for i in INDICES]

# ---- digests of whole generated tensors (rng.tests.cpp pins them) ----------------------------
N, PSEED, PSTREAM = 4096, 2024, 5
pins = {}
v = np.array([normal_exact(PSEED, PSTREAM, i, 0.0, 1.0) for i in range(N)])
pins["normal_float32"] = xxhash.xxh3_128_hexdigest(v.astype(np.float32).tobytes())
u = np.array([-1.0 + (1.0 - -1.0) * unit(block(PSEED, PSTREAM, i)[0]) for i in range(N)])
pins["uniform_bfloat16"] = xxhash.xxh3_128_hexdigest(u.astype(ml_dtypes.bfloat16).tobytes())
rng = 2001
ints = np.array([-1000 + ((block(PSEED, PSTREAM, i)[0] * rng) >> 64) for i in range(N)], np.int32)
pins["uniform_int_int32"] = xxhash.xxh3_128_hexdigest(ints.tobytes())
cplx = np.array([normal_exact(PSEED, PSTREAM, i, 0.0, 1.0) for i in range(2 * N)])
pins["normal_complex128"] = xxhash.xxh3_128_hexdigest(cplx.tobytes())  # re, im interleaved
fnuz = ml_dtypes.float8_e4m3fnuz
fi = ml_dtypes.finfo(fnuz)
def special(i):
    lo, hi = block(PSEED, PSTREAM, i)
    if unit(lo) < 0.1:
        return [math.nan, math.inf, -math.inf, 0.0, -0.0, float(fi.smallest_subnormal),
                -float(fi.smallest_subnormal), float(fi.max), -float(fi.max),
                float(fi.smallest_normal)][(hi >> 11) % 10]
    return -1.0 + 2.0 * unit(hi)
# parity's fp8 storage types saturate; in the fnuz formats +-inf becomes NaN (AMD's converters).
sv = np.array([math.nan if math.isinf(x) else x for x in (special(i) for i in range(N))])
sv = np.clip(sv, float(fi.min), float(fi.max))
pins["special_mix_float8_e4m3fnuz"] = xxhash.xxh3_128_hexdigest(sv.astype(fnuz).tobytes())
out["pins"] = {"n": N, "seed": PSEED, "stream": PSTREAM, "digests": pins}

path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rng_oracle.json")
with open(path, "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print("wrote", path)
