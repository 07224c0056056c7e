#!/usr/bin/python3
"""Writes golden files of schema v1 with h5py, valid ones and hostile variants, for
hostile_test.py. The writer follows docs/golden-format.md, not parity's code: it is the oracle
from outside. Every hostile variant is a valid HDF5 file (h5py wrote it) that breaks one rule of
the schema, so the reader's answer to exactly that rule is tested.

Usage as a script: hostile_corpus.py DIR   writes one file per variant into DIR (the corpus the
fuzz target starts from).
"""
import hashlib
import json
import os
import sys

import h5py
import numpy as np
import xxhash

LIBVER = ("v108", "v110")  # superblock 2 or 3, as parity writes


def text_attr(obj, key, value):
    """A fixed-length, NUL-padded UTF-8 string attribute, as the schema says."""
    raw = value.encode() if isinstance(value, str) else value
    tid = h5py.h5t.C_S1.copy()
    tid.set_size(max(1, len(raw)))
    tid.set_strpad(h5py.h5t.STR_NULLPAD)
    tid.set_cset(h5py.h5t.CSET_UTF8)
    if key in obj.attrs:
        del obj.attrs[key]
    space = h5py.h5s.create(h5py.h5s.SCALAR)
    attr = h5py.h5a.create(obj.id, key.encode(), tid, space)
    attr.write(np.array(raw or b"\0", dtype=f"S{max(1, len(raw))}"), mtype=tid)


def checksum(data):
    return "xxh3-128:" + xxhash.xxh3_128(np.ascontiguousarray(data).tobytes()).hexdigest()


def tensor_attrs(ds, values, dtype="float32", encoding="native", policy=None, shape=None):
    text_attr(ds, "dtype", dtype)
    text_attr(ds, "encoding", encoding)
    shape = list(values.shape) if shape is None else shape
    ds.attrs.create("shape", np.array(shape, dtype="<i8"), dtype="<i8")
    nbytes = int(np.prod(shape, dtype=np.uint64)) * 4 if shape else 4
    ds.attrs.create("nbytes", np.uint64(nbytes), dtype="<u8")
    text_attr(ds, "checksum", checksum(values))
    if policy is not None:
        text_attr(ds, "policy", policy)


def write_golden(path, suite="s", case="c", kind="golden", rows=16, cols=16, chunk_rows=None,
                 params='{"purpose":"hostile corpus"}', seed=1):
    """A valid float32 golden: inputs/x and outputs/y of rows x cols, contiguous or chunked."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((rows, cols)).astype("<f4")
    y = (x * 2).astype("<f4")
    with h5py.File(path, "w", libver=LIBVER) as f:
        for key, value in [("schema", "parity-golden"), ("kind", kind), ("suite", suite),
                           ("case", case), ("created", "2026-12-03T00:00:00Z"),
                           ("parity_version", "0.1.0"), ("backend", "host-cuda"),
                           ("device_name", "host CPU"), ("architecture", "cpu"),
                           ("driver_version", ""), ("runtime_version", ""),
                           ("compiler", "corpus"), ("compiler_flags", ""),
                           ("source_commit", ""), ("launch_geometry", ""), ("params", params)]:
            text_attr(f, key, value)
        f.attrs.create("schema_major", 1, dtype="<i4")
        f.attrs.create("schema_minor", 0, dtype="<i4")
        f.attrs.create("warp_size", 32, dtype="<i4")
        f.attrs.create("seed", np.uint64(seed), dtype="<u8")
        chunks = (chunk_rows, cols) if chunk_rows else None
        for group, name, data, policy in [("inputs", "x", x, None),
                                          ("outputs", "y", y, '{"max_ulp":1}')]:
            ds = f.create_group(group).create_dataset(name, data=data, chunks=chunks)
            tensor_attrs(ds, data, policy=policy)
    return path


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def write_manifest(root, entries=None):
    """MANIFEST over every *.h5 under root (or the given relative paths)."""
    if entries is None:
        entries = []
        for folder, _, files in os.walk(root):
            for n in files:
                p = os.path.join(folder, n)
                if n.endswith(".h5") and os.path.isfile(p) and not os.path.islink(p):
                    entries.append(os.path.relpath(p, root))
    lines = ["# parity golden manifest v1"]
    for rel in sorted(entries):
        p = os.path.join(root, rel)
        lines.append(f"{sha256(p)}  {os.path.getsize(p)}  {rel}")
    with open(os.path.join(root, "MANIFEST"), "w") as f:
        f.write("\n".join(lines) + "\n")


def deep_json(depth):
    return "[" * depth + "]" * depth


# ---- hostile variants: each takes a copy of a valid golden (path) and breaks one rule ---------

def _replace(f, name, make):
    """Replaces dataset `name`, keeping its attributes (and so its claims)."""
    saved = []
    for k in f[name].attrs:
        a = f[name].attrs.get_id(k)
        buf = np.empty(a.shape, dtype=a.dtype)
        a.read(buf)
        saved.append((k, a.get_type(), a.get_space(), buf))
    del f[name]
    ds = make()
    for k, tid, space, buf in saved:
        h5py.h5a.create(ds.id, k.encode(), tid, space).write(buf)
    return ds


def external_storage(path, target, offset=0):
    """inputs/x stored in another file (HDF5 external storage), its checksum matching that file."""
    with open(target, "rb") if os.path.isfile(target) else open(os.devnull, "rb") as t:
        t.seek(offset)
        outside = t.read(1024)
    with h5py.File(path, "r+") as f:
        ds = _replace(f, "inputs/x", lambda: f["inputs"].create_dataset(
            "x", shape=(16, 16), dtype="<f4", external=[(target, offset, 1024)]))
        if len(outside) == 1024:
            text_attr(ds, "checksum", "xxh3-128:" + xxhash.xxh3_128(outside).hexdigest())


def virtual_dataset(path, other):
    with h5py.File(path, "r+") as f:
        layout = h5py.VirtualLayout(shape=(16, 16), dtype="<f4")
        layout[:] = h5py.VirtualSource(other, "inputs/x", shape=(16, 16))
        _replace(f, "inputs/x", lambda: f["inputs"].create_virtual_dataset("x", layout))


def group_is_link(path, group, other=None):
    """The /inputs (or /outputs) group replaced by an external link to `other` or a soft link."""
    with h5py.File(path, "r+") as f:
        if other:
            f.copy(group, "kept_" + group)
            del f[group]
            f[group] = h5py.ExternalLink(other, "/" + group)
        else:
            f.move(group, "real_" + group)
            f[group] = h5py.SoftLink("/real_" + group)


def member_is_link(path, other=None):
    with h5py.File(path, "r+") as f:
        f.move("outputs/y", "y_real")
        f["outputs/y"] = h5py.ExternalLink(other, "/outputs/y") if other else \
            h5py.SoftLink("/y_real")


def extra_root_link(path, other):
    """An unknown root member that is an external link: readers ignore it, never follow it."""
    with h5py.File(path, "r+") as f:
        f["extra"] = h5py.ExternalLink(other, "/")


def params_dataset(path, target=None, depth=None):
    """params as /meta/params.json (external storage in `target`, or JSON nested `depth` deep)."""
    text = deep_json(depth) if depth else '{"k": 1}'
    with h5py.File(path, "r+") as f:
        del f.attrs["params"]
        data = np.frombuffer(text.encode(), dtype="u1")
        if target:
            f.create_group("meta").create_dataset("params.json", shape=(64,), dtype="u1",
                                                  external=[(target, 0, 64)])
        else:
            f.create_group("meta").create_dataset("params.json", data=data)


def compact_layout(path):
    with h5py.File(path, "r+") as f:
        values = f["inputs/x"][()]

        def make():
            dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)
            dcpl.set_layout(h5py.h5d.COMPACT)
            space = h5py.h5s.create_simple((16, 16))
            dsid = h5py.h5d.create(f["inputs"].id, b"x", h5py.h5t.IEEE_F32LE, space, dcpl=dcpl)
            ds = h5py.Dataset(dsid)
            ds[...] = values
            return ds
        _replace(f, "inputs/x", make)


def filtered(path, mib=64, kind="gzip"):
    """outputs/y as a chunk that inflates to `mib` MiB of zeros (a few hundred KB stored)."""
    cols = 4096
    rows = mib * (1 << 20) // (4 * cols)
    zeros = np.zeros((rows, cols), dtype="<f4")
    with h5py.File(path, "r+") as f:
        opts = {"compression": "gzip", "compression_opts": 9} if kind == "gzip" else \
            {"shuffle": True} if kind == "shuffle" else {"fletcher32": True}
        ds = _replace(f, "outputs/y", lambda: f["outputs"].create_dataset(
            "y", data=zeros, chunks=(rows, cols), **opts))
        tensor_attrs(ds, zeros, policy='{"max_ulp":1}')


def claims_without_data(path, chunked=False, recipe=False):
    """A tensor of 2^40 float32 elements (4 TiB) whose bytes the file does not hold."""
    shape = [1 << 20, 1 << 20]
    with h5py.File(path, "r+") as f:
        if recipe:
            ds = _replace(f, "inputs/x", lambda: f["inputs"].create_dataset(
                "x", data=h5py.Empty("<f4")))
            text_attr(ds, "encoding", "recipe")
            text_attr(ds, "recipe", '{"algorithm":"philox4x32-10","seed":1,"stream":2,'
                                    '"distribution":"normal","mean":0.0,"stddev":1.0}')
        else:
            ds = _replace(f, "inputs/x", lambda: f["inputs"].create_dataset(
                "x", shape=tuple(shape), dtype="<f4", chunks=(1, 1 << 20) if chunked else None))
        ds.attrs.create("shape", np.array(shape, dtype="<i8"), dtype="<i8")
        ds.attrs.create("nbytes", np.uint64(4 << 40), dtype="<u8")


def set_text(path, obj, key, value):
    with h5py.File(path, "r+") as f:
        text_attr(f[obj], key, value)


def set_typed(path, obj, key, value, dtype):
    with h5py.File(path, "r+") as f:
        del f[obj].attrs[key]
        f[obj].attrs.create(key, value, dtype=dtype)


def add_output(path, name="extra"):
    """A second output with valid attributes (a copy of outputs/y)."""
    with h5py.File(path, "r+") as f:
        outs = f["outputs"]
        first = sorted(outs.keys())[0]
        f.copy(outs[first], outs, name)


VARIANTS = {
    "external_canary": lambda p, o: external_storage(p, o["canary"]),
    "external_fifo": lambda p, o: external_storage(p, o["fifo"]),
    "external_relative": lambda p, o: external_storage(p, "../../../../../../etc/hostname"),
    "virtual": lambda p, o: virtual_dataset(p, o["other"]),
    "inputs_external_link": lambda p, o: group_is_link(p, "inputs", o["other"]),
    "outputs_soft_link": lambda p, o: group_is_link(p, "outputs"),
    "member_soft_link": lambda p, o: member_is_link(p),
    "member_external_link": lambda p, o: member_is_link(p, o["other"]),
    "params_external": lambda p, o: params_dataset(p, o["canary"]),
    "params_deep": lambda p, o: params_dataset(p, depth=100000),
    "compact": lambda p, o: compact_layout(p),
    "gzip_bomb": lambda p, o: filtered(p, 64, "gzip"),
    "shuffle": lambda p, o: filtered(p, 1, "shuffle"),
    "fletcher32": lambda p, o: filtered(p, 1, "fletcher32"),
    "claims_contiguous": lambda p, o: claims_without_data(p),
    "claims_chunked": lambda p, o: claims_without_data(p, chunked=True),
    "claims_recipe": lambda p, o: claims_without_data(p, recipe=True),
    "policy_deep": lambda p, o: set_text(p, "outputs/y", "policy", deep_json(100000)),
    "policy_long": lambda p, o: set_text(p, "outputs/y", "policy",
                                         '{"max_ulp":1,"note":"' + "x" * (1 << 20) + '"}'),
    "policy_nested": lambda p, o: set_text(p, "outputs/y", "policy", deep_json(30000)),
    "launch_deep": lambda p, o: set_text(p, "/", "launch_geometry", deep_json(100000)),
    "launch_nested": lambda p, o: set_text(p, "/", "launch_geometry", deep_json(30000)),
    "params_attr_nested": lambda p, o: set_text(p, "/", "params", '{"a":' + deep_json(30000) + "}"),
    "params_attr_deep": lambda p, o: set_text(p, "/", "params", '{"a":' + deep_json(100000) + "}"),
    "schema_major_float": lambda p, o: set_typed(p, "/", "schema_major", 1.0, "<f8"),
    "schema_major_text": lambda p, o: set_text(p, "/", "schema_major", "1"),
    "schema_major_int64": lambda p, o: set_typed(p, "/", "schema_major", 1, "<i8"),
    "nbytes_signed": lambda p, o: set_typed(p, "inputs/x", "nbytes", 1024, "<i8"),
    "shape_int32": lambda p, o: set_typed(p, "inputs/x", "shape", np.array([16, 16]), "<i4"),
    "device_not_utf8": lambda p, o: set_text(p, "/", "device_name", b"\xff\xfe host"),
}


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    outside = {"canary": os.path.join(out, "canary.bin"), "fifo": "/dev/null",
               "other": os.path.join(out, "other.h5")}
    with open(outside["canary"], "wb") as f:
        f.write(np.arange(256, dtype="<f4").tobytes())
    write_golden(outside["other"])
    write_golden(os.path.join(out, "valid.h5"))
    write_golden(os.path.join(out, "valid_chunked.h5"), rows=64, cols=16, chunk_rows=8)
    for name, make in VARIANTS.items():
        if name in ("gzip_bomb",):
            continue  # large; the test makes it
        p = write_golden(os.path.join(out, name + ".h5"))
        make(p, outside)
    return 0


if __name__ == "__main__":
    sys.exit(main())
