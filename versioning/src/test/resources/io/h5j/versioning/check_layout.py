"""Checks a versioned file item by item against versioned-hdf5's layout (data_version 4),
with h5py only, and compares every version's values with what the caller expects.

usage: check_layout.py FILE EXPECTED.json [--h5j]
--h5j: also require what h5j promises beyond versioned-hdf5 (a full chunk of the fill
value is never mapped; versioned-hdf5 itself maps such chunks when they were written).
EXPECTED: {"current": name, "versions": {name: {"parent": p, "datasets":
           {path: {"shape": [...], "dtype": "<f8", "sha256": hex}}}}}
Prints "ok" or raises.
"""
import datetime
import hashlib
import json
import sys

import h5py
import numpy as np

path, expected_path = sys.argv[1], sys.argv[2]
strict_h5j = "--h5j" in sys.argv[3:]
expected = json.load(open(expected_path))
f = h5py.File(path, "r")
versions = f["_version_data/versions"]
assert versions.attrs["data_version"] == 4, versions.attrs["data_version"]
assert versions.attrs["data_version"].dtype == np.int64
cur = versions.attrs["current_version"]
assert isinstance(cur, str), type(cur)
assert cur == expected["current"], (cur, expected["current"])
assert "timestamp" in versions["__first_version__"].attrs
assert len(versions["__first_version__"]) == 0

names = sorted(k for k in versions if k != "__first_version__")
assert names == sorted(expected["versions"]), (names, sorted(expected["versions"]))


def walk(group, prefix, out):
    for k, v in group.items():
        p = prefix + k
        if isinstance(v, h5py.Group):
            walk(v, p + "/", out)
        else:
            out[p] = v
    return out


def boxes(sel_space):
    """The single regular block of a hyperslab selection as (start, block)."""
    assert sel_space.get_select_type() == h5py.h5s.SEL_HYPERSLABS
    assert sel_space.is_regular_hyperslab()
    start, stride, count, block = sel_space.get_regular_hyperslab()
    assert all(c == 1 for c in count), count
    return tuple(start), tuple(block)


tables = {}
for name in names:
    g = versions[name]
    exp = expected["versions"][name]
    assert g.attrs["prev_version"] == exp["parent"], (name, g.attrs["prev_version"])
    assert isinstance(g.attrs["prev_version"], str)
    committed = g.attrs["committed"]
    assert committed.dtype == np.bool_ and bool(committed), committed
    ts = g.attrs["timestamp"]
    assert isinstance(ts, str)
    datetime.datetime.strptime(ts, "%Y-%m-%d %H:%M:%S.%f%z")
    found = walk(g, "", {})
    assert sorted(found) == sorted(exp["datasets"]), (name, sorted(found))
    for p, ds in found.items():
        want = exp["datasets"][p]
        raw_path = "/_version_data/" + p + "/raw_data"
        assert ds.attrs["raw_data"] == raw_path, ds.attrs["raw_data"]
        chunks = tuple(int(c) for c in ds.attrs["chunks"])
        assert ds.attrs["chunks"].dtype == np.int64
        raw = f[raw_path]
        assert raw.chunks == chunks, (raw.chunks, chunks)
        assert raw.maxshape == (None,) + chunks[1:], raw.maxshape
        assert tuple(raw.attrs["chunks"]) == chunks
        assert raw.dtype == ds.dtype
        assert raw.shape[0] % chunks[0] == 0, raw.shape
        assert list(ds.shape) == want["shape"], (name, p, ds.shape)
        assert ds.maxshape == ds.shape, ds.maxshape
        assert ds.dtype.str == want["dtype"], ds.dtype.str
        fill = ds.fillvalue
        assert raw.fillvalue == fill or (fill != fill and raw.fillvalue != raw.fillvalue)
        ht = f["/_version_data/" + p + "/hash_table"]
        assert ht.chunks == (4096,), ht.chunks
        assert ht.maxshape == (None,)
        assert "lzf" in ht._filters, ht._filters
        assert ht.dtype.names == ("hash", "shape")
        assert ht.dtype["hash"] == np.dtype(("u1", (32,)))
        assert ht.dtype["shape"] == np.dtype(("<i8", (2,)))
        largest = int(ht.attrs["largest_index"])
        assert 0 <= largest <= ht.shape[0]
        if p not in tables:
            rows = ht[:largest]
            table = {}
            for r in rows:
                h = bytes(r["hash"])
                assert h not in table, "a hash twice in the table"
                table[h] = tuple(int(x) for x in r["shape"])
            starts = [s for s, _ in table.values()]
            assert len(set(starts)) == len(starts), "two hashes share a slot"
            # versioned-hdf5 writes the next new chunk at slot largest_index (rows
            # largest_index * chunks[0]...): the used slots must be exactly 0..largest_index-1
            c0 = int(f["/_version_data/" + p + "/raw_data"].chunks[0])
            assert sorted(starts) == [i * c0 for i in range(largest)], (
                "hash table slots are not 0..largest_index-1", p, sorted(starts))
            # ... after growing raw_data by whole chunks from its current length
            assert f["/_version_data/" + p + "/raw_data"].shape[0] >= largest * c0, (
                "raw_data is shorter than the slots its hash table claims", p)
            tables[p] = table
        table = tables[p]
        dcpl = ds.id.get_create_plist()
        if ds.is_virtual:
            n = dcpl.get_virtual_count()
            assert n > 0
            seen = set()
            for i in range(n):
                assert dcpl.get_virtual_filename(i) == "."
                assert dcpl.get_virtual_dsetname(i) == raw_path
                vstart, vblock = boxes(dcpl.get_virtual_vspace(i))
                sstart, sblock = boxes(dcpl.get_virtual_srcspace(i))
                key = tuple(s // c for s, c in zip(vstart, chunks))
                assert all(s % c == 0 for s, c in zip(vstart, chunks)), vstart
                trimmed = tuple(min(c, n_ - s) for s, c, n_ in zip(vstart, chunks, ds.shape))
                assert vblock == trimmed, (vblock, trimmed)
                assert sblock == trimmed, (sblock, trimmed)
                assert sstart[0] % chunks[0] == 0 and all(s == 0 for s in sstart[1:]), sstart
                assert key not in seen
                seen.add(key)
                data = raw[tuple(slice(s, s + b) for s, b in zip(sstart, sblock))]
                h = hashlib.sha256(data.tobytes() + bytes(str(data.shape), "ascii")).digest()
                assert h in table, ("chunk not in hash table", name, p, vstart)
                assert table[h] == (sstart[0], sstart[0] + sblock[0]), (table[h], sstart)
                if strict_h5j and all(b == c for b, c in zip(vblock, chunks)):
                    assert not np.all(data == fill), ("a full fill chunk is mapped", vstart)
        else:
            assert ds.id.get_storage_size() == 0
        values = np.ascontiguousarray(ds[()])
        le = values.astype(values.dtype.newbyteorder("<"))
        got = hashlib.sha256(le.tobytes()).hexdigest()
        assert got == want["sha256"], (name, p, "values differ")
print("ok")
