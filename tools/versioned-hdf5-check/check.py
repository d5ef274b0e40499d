#!/usr/bin/python3
"""versioned-hdf5 and h5j judge each other's versioned files.

The file's history is a list of steps in a JSON manifest (see
versioning/src/test/java/io/h5j/versioning/InteropScenario.java for the format). Every value is
computed here from the manifest alone, with numpy, by the formula

    base = seed * 1_000_000 + sum(c[i] * 100 ** (rank - 1 - i))   (c = element coordinates)
    ints: base;  floats: base + 0.5;  strings: "s<seed>@c0,c1,..."

so no side's reads are compared with its own writes.

    check.py verify FILE MANIFEST [--reader vhdf5|h5py]
        reads every version the steps leave, through versioned_hdf5.VersionedHDF5File
        (default) or h5py alone (the virtual datasets under /_version_data/versions), and
        compares versions, parents, datasets, shapes, chunks, fill values and values.
    check.py extend FILE MANIFEST
        commits versioned-hdf5's own steps (chunk edits, a new dataset, resize, delete, a
        branch, a dataset with no stored chunk, strings, delete_versions, rebuild_hashtables)
        on top of the file with versioned_hdf5, appends them to the manifest, then verifies.
    check.py apply FILE STEPS
        applies the steps of STEPS ({"steps": [...]}, in the manifest's form) to the file with
        versioned_hdf5, in one session of h5py (the graph fuzzer's peer steps); no verify.

A commit step with "abort": true applies its ops and then raises inside stage_version (a
user's code failing mid-version): versioned-hdf5 drops the version, and the model skips it.

Exit status: 0 all matched, 1 a mismatch (each printed as a MISMATCH line), 2 usage.
"""

import datetime
import json
import sys

import h5py
import numpy as np

FIRST = "__first_version__"
TIMESTAMP_FMT = "%Y-%m-%d %H:%M:%S.%f%z"  # versioned-hdf5's versions.TIMESTAMP_FMT


# --- the model -------------------------------------------------------------------------

def element(dtype, coords, seed):
    if dtype == "str":
        return "s%d@%s" % (seed, ",".join(str(int(c)) for c in coords))
    lin = 0
    for c in coords:
        lin = lin * 100 + int(c)
    base = seed * 1_000_000 + lin
    if dtype in ("<f4", "<f8"):
        return base + 0.5
    return base


def np_dtype(dtype):
    return object if dtype == "str" else np.dtype(dtype)


def fill_of(dtype, fill):
    if dtype == "str":
        return ""
    return np.array(0 if fill is None else fill).astype(np.dtype(dtype))[()]


def block(dtype, start, count, seed):
    """The values the formula gives to the box `count` at `start`, in the dataset's type."""
    values = [element(dtype, [s + i for s, i in zip(start, idx)], seed)
              for idx in np.ndindex(*count)]
    if dtype == "str":
        out = np.empty(len(values), dtype=object)
        out[:] = values
        return out.reshape(tuple(count))
    # computed in int64 / float64, then stored in the dataset's type as a C cast does
    wide = np.float64 if dtype[1] == "f" else np.int64
    return np.array(values, dtype=wide).reshape(tuple(count)).astype(np.dtype(dtype))


class Array:
    def __init__(self, dtype, shape, chunks, fill):
        self.dtype, self.chunks, self.fill = dtype, tuple(chunks), fill
        self.attrs = {}
        self.values = np.full(tuple(shape), fill_of(dtype, fill), dtype=np_dtype(dtype))

    def copy(self):
        a = Array(self.dtype, (), self.chunks, self.fill)
        a.values = self.values.copy()
        a.attrs = dict(self.attrs)
        return a

    def resize(self, shape):
        new = np.full(tuple(shape), fill_of(self.dtype, self.fill), dtype=self.values.dtype)
        keep = tuple(slice(0, min(a, b)) for a, b in zip(shape, self.values.shape))
        new[keep] = self.values[keep]
        self.values = new


def box(start, count):
    return tuple(slice(s, s + c) for s, c in zip(start, count))


def replay(steps):
    """Version name -> {dataset path -> Array}, for the versions the steps leave."""
    versions = {}
    for step in steps:
        kind = step["kind"]
        if kind == "commit":
            if step.get("abort"):
                continue
            parent = step["parent"]
            v = {k: a.copy() for k, a in versions[parent].items()} if parent else {}
            for op in step["ops"]:
                path = op["path"]
                if op["op"] == "create":
                    v[path] = Array(op["dtype"], op["shape"], op["chunks"], op["fill"])
                elif op["op"] == "write":
                    a = v[path]
                    a.values[box(op["start"], op["count"])] = block(
                        a.dtype, op["start"], op["count"], op["seed"])
                elif op["op"] == "resize":
                    v[path].resize(op["shape"])
                elif op["op"] == "attr":
                    v[path].attrs[op["name"]] = op["value"]
                elif op["op"] == "delete":
                    for k in [k for k in v if k == path or k.startswith(path + "/")]:
                        del v[k]
                else:
                    raise ValueError("unknown op %r" % op)
            versions[step["name"]] = v
        elif kind == "deleteVersions":
            for n in step["names"]:
                del versions[n]
        elif kind != "rebuildHashTables":
            raise ValueError("unknown step %r" % step)
    return versions


def parents(steps):
    """The parent of each kept version once deleted ones are skipped over."""
    out = {}
    for step in steps:
        if step["kind"] == "commit":
            if not step.get("abort"):
                out[step["name"]] = step["parent"]
        elif step["kind"] == "deleteVersions":
            for gone in step["names"]:
                up = out.pop(gone)
                for k, p in out.items():
                    if p == gone:
                        out[k] = up
    return out


# --- reading a file --------------------------------------------------------------------

def datasets_below(group, prefix=""):
    out = {}
    for name, item in group.items():
        path = prefix + name
        if isinstance(item, h5py.Dataset):
            out[path] = item
        else:
            out.update(datasets_below(item, path + "/"))
    return out


def as_text(x):
    return x.decode("utf-8") if isinstance(x, bytes) else x


LAYOUT_ATTRS = ("raw_data", "chunks")  # versioned-hdf5's own attributes of a version dataset


def compare_attrs(where, ds, want, problems):
    got = {k: ds.attrs[k] for k in ds.attrs if k not in LAYOUT_ATTRS}
    if set(got) != set(want.attrs):
        problems.append("%s: attributes %s, expected %s" % (where, sorted(got),
                                                            sorted(want.attrs)))
        return
    for k, v in want.attrs.items():
        g = got[k]
        same = as_text(g) == v if isinstance(v, str) else (
            np.ndim(g) == 0 and not isinstance(as_text(g), str) and g == v)
        if not same:
            problems.append("%s: attribute %s = %r, expected %r" % (where, k, g, v))


def compare_dataset(where, ds, want, problems):
    compare_attrs(where, ds, want, problems)
    if tuple(ds.shape) != want.values.shape:
        problems.append("%s: shape %s, expected %s" % (where, ds.shape, want.values.shape))
        return
    chunks = tuple(int(c) for c in ds.attrs.get("chunks", ()))
    if chunks != want.chunks:
        problems.append("%s: chunks attribute %s, expected %s" % (where, chunks, want.chunks))
    got = ds[()]
    if want.dtype == "str":
        if h5py.check_string_dtype(ds.dtype) is None:
            problems.append("%s: dtype %s, expected a variable-length string" % (where, ds.dtype))
            return
        got = np.vectorize(as_text, otypes=[object])(got) if got.size else got
        if got.shape != want.values.shape or not all(
                a == b for a, b in zip(got.ravel(), want.values.ravel())):
            problems.append("%s: values differ" % where)
        return
    if ds.dtype != np.dtype(want.dtype):
        problems.append("%s: dtype %s, expected %s" % (where, ds.dtype, want.dtype))
        return
    fill = ds.fillvalue
    if fill != fill_of(want.dtype, want.fill):
        problems.append("%s: fill value %r, expected %r" % (where, fill,
                                                             fill_of(want.dtype, want.fill)))
    if not np.array_equal(got, want.values):
        bad = np.argwhere(got != want.values)
        problems.append("%s: values differ at %d elements, first %s: %r, expected %r" % (
            where, len(bad), tuple(bad[0]), got[tuple(bad[0])], want.values[tuple(bad[0])]))


def verify(path, steps, reader):
    problems = []
    expected = replay(steps)
    want_parents = parents(steps)
    with h5py.File(path, "r") as f:
        versions_group = f["_version_data/versions"]
        attrs = versions_group.attrs
        if int(attrs.get("data_version", 1)) != 4:
            problems.append("data_version %r, expected 4" % attrs.get("data_version"))
        notes = ["h5j_generation %s" % ("present: %r" % attrs["h5j_generation"]
                                        if "h5j_generation" in attrs else "absent")]
        if reader == "vhdf5":
            from versioned_hdf5 import VersionedHDF5File
            vf = VersionedHDF5File(f)
            names = set(vf)
            current = vf.current_version
            open_version = vf.__getitem__
        else:
            names = {n for n in versions_group if n != FIRST}
            current = attrs["current_version"]
            open_version = versions_group.__getitem__
        if names != set(expected):
            problems.append("versions %s, expected %s" % (sorted(names), sorted(expected)))
        if current not in names and not (current == FIRST and not expected):
            problems.append("current_version %r is not a version" % current)
        for name, datasets in expected.items():
            if name not in names:
                continue
            g = open_version(name)
            # what versioned-hdf5 looks at before it hands out a version: a true
            # `committed`, and a timestamp in its format (for lookups by time)
            if not bool(g.attrs.get("committed", False)):
                problems.append("%s: not marked committed" % name)
            try:
                datetime.datetime.strptime(as_text(g.attrs["timestamp"]), TIMESTAMP_FMT)
            except (KeyError, ValueError) as e:
                problems.append("%s: timestamp %r" % (name, e))
            parent = as_text(g.attrs["prev_version"])
            want = want_parents[name] or FIRST
            if parent != want:
                problems.append("%s: parent %r, expected %r" % (name, parent, want))
            found = datasets_below(g)
            if set(found) != set(datasets):
                problems.append("%s: datasets %s, expected %s" % (
                    name, sorted(found), sorted(datasets)))
                continue
            for p, a in datasets.items():
                compare_dataset("%s:%s" % (name, p), found[p], a, problems)
    return problems, notes


# --- committing with versioned-hdf5 ----------------------------------------------------

def vhdf5_steps(last_commit):
    """versioned-hdf5's edits on top of h5j's versions (names and seeds are arbitrary)."""
    def w(path, start, count, seed):
        return {"op": "write", "path": path, "start": start, "count": count, "seed": seed}

    def c(path, dtype, shape, chunks, fill):
        return {"op": "create", "path": path, "dtype": dtype, "shape": shape,
                "chunks": chunks, "fill": fill}
    return [
        {"by": "vhdf5", "kind": "commit", "name": "p1", "parent": last_commit, "ops": [
            w("ints", [4], [4], 5),
            w("grid", [3, 1], [2, 4], 6),
            c("py/added", "<f8", [4, 3], [2, 2], -2.5),
            w("py/added", [0, 0], [4, 3], 7),
            {"op": "resize", "path": "cube", "shape": [4, 6, 5]},
            w("cube", [0, 5, 0], [1, 1, 5], 2),
            w("grp/sub/strs", [1], [2], 4),
            w("grp/u16", [0, 0], [1, 5], 3),
            {"op": "attr", "path": "py/added", "name": "note", "value": "from versioned-hdf5"},
            {"op": "attr", "path": "ints", "name": "scale", "value": 4}]},
        {"by": "vhdf5", "kind": "commit", "name": "p2", "parent": "b1", "ops": [
            {"op": "delete", "path": "grp/new"},
            c("py/strs2", "str", [5], [2], None),
            w("py/strs2", [0], [3], 3)]},
        {"by": "vhdf5", "kind": "commit", "name": "p3", "parent": "p1", "ops": [
            {"op": "resize", "path": "ints", "shape": [12]},
            w("ints", [11], [1], 1),
            c("py/nochunk", "<i8", [9], [4], 42)]},
        {"by": "vhdf5", "kind": "commit", "name": "p4", "parent": "p2", "ops": [
            w("py/strs2", [4], [1], 5)]},
        {"by": "vhdf5", "kind": "deleteVersions", "names": ["p4"]},
        {"by": "vhdf5", "kind": "rebuildHashTables"},
    ]


class AbortedEdit(Exception):
    """Raised inside stage_version by a commit step that asks to be aborted."""


def apply_vhdf5(vf, f, step):
    from versioned_hdf5 import delete_versions
    if step["kind"] == "commit":
        try:
            stage_vhdf5(vf, step)
        except AbortedEdit:
            pass
    elif step["kind"] == "deleteVersions":
        delete_versions(f, step["names"])
    elif step["kind"] == "rebuildHashTables":
        vf.rebuild_hashtables()


def stage_vhdf5(vf, step):
    with vf.stage_version(step["name"], prev_version=step["parent"] or "") as g:
        for op in step["ops"]:
            path = op["path"]
            if op["op"] == "create":
                dtype = (h5py.string_dtype() if op["dtype"] == "str"
                         else np.dtype(op["dtype"]))
                kwargs = {} if op["fill"] is None else {"fillvalue": fill_of(
                    op["dtype"], op["fill"])}
                # a string dataset is created with its values ("" each, as the model
                # has it): versioned-hdf5 1.7.0 cannot commit one created empty (its
                # sparse chunks come out as |S1: "dtypes do not match (|S1 != object)")
                data = (np.full(tuple(op["shape"]), "", dtype=object)
                        if op["dtype"] == "str" else None)
                g.create_dataset(path, shape=tuple(op["shape"]), dtype=dtype,
                                 chunks=tuple(op["chunks"]), data=data, **kwargs)
            elif op["op"] == "write":
                dtype = op.get("dtype") or (
                    "str" if h5py.check_string_dtype(g[path].dtype) else g[path].dtype.str)
                g[path][box(op["start"], op["count"])] = block(
                    dtype, op["start"], op["count"], op["seed"])
            elif op["op"] == "resize":
                g[path].resize(tuple(op["shape"]))
            elif op["op"] == "attr":
                g[path].attrs[op["name"]] = op["value"]
            elif op["op"] == "delete":
                del g[path]
        if step.get("abort"):
            raise AbortedEdit()


def extend(path, manifest_path):
    from versioned_hdf5 import VersionedHDF5File
    with open(manifest_path) as m:
        manifest = json.load(m)
    steps = manifest["steps"]
    kept = replay(steps)  # the newest commit that no later step deleted
    last = [s["name"] for s in steps if s["kind"] == "commit" and s["name"] in kept][-1]
    new = vhdf5_steps(last)
    with h5py.File(path, "r+") as f:
        vf = VersionedHDF5File(f)
        for step in new:
            apply_vhdf5(vf, f, step)
            if step["kind"] == "deleteVersions":
                vf = VersionedHDF5File(f)  # its version cache predates the deletion
    steps.extend(new)
    with open(manifest_path, "w") as m:
        json.dump(manifest, m, indent=1)
    return steps


def apply(path, steps_path):
    from versioned_hdf5 import VersionedHDF5File
    with open(steps_path) as s:
        steps = json.load(s)["steps"]
    with h5py.File(path, "r+") as f:
        vf = VersionedHDF5File(f)
        for step in steps:
            apply_vhdf5(vf, f, step)
            vf = VersionedHDF5File(f)  # its version cache may predate the step


def main(argv):
    if len(argv) < 3 or argv[0] not in ("verify", "extend", "apply"):
        print(__doc__, file=sys.stderr)
        return 2
    command, path, manifest_path = argv[:3]
    reader = "vhdf5"
    if "--reader" in argv:
        reader = argv[argv.index("--reader") + 1]
    if command == "apply":
        apply(path, manifest_path)
        return 0
    if command == "extend":
        steps = extend(path, manifest_path)
    else:
        with open(manifest_path) as m:
            steps = json.load(m)["steps"]
    problems, notes = verify(path, steps, reader)
    for p in problems:
        print("MISMATCH", p)
    by = sorted({s["by"] for s in steps})
    print("%s (%s reader; steps by %s; %s): %s" % (
        command, reader, "+".join(by), "; ".join(notes),
        "every version matched" if not problems else "%d mismatches" % len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
