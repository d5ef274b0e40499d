# versioned-hdf5 as the oracle of h5j's checks and repairs (run by VersionedPeer with a peer's
# Python: versioned-hdf5 master on libhdf5 1.10.8, or 1.7.0 on libhdf5 2.0).
#
#   read FILE                 every version through versioned-hdf5, as JSON: current version,
#                             each version's parent and each dataset's shape, dtype, SHA-256
#                             of its C-order bytes (fixed-size types) or values (strings)
#   maps FILE                 from the virtual datasets alone (plain h5py): for each dataset
#                             path and raw_data start row, the committed versions and chunk
#                             offsets that map it, as JSON
#   commit FILE NAME          commits NAME on the current version through versioned-hdf5,
#                             changing element 0 of every fixed-size dataset, then re-opens the
#                             file and checks NAME and its parent; prints "ok"
#   write FILE                writes a small history (edge chunks on both axes, a resize, a
#                             de-duplicated chunk, a 1-D dataset, a gzip-compressed one);
#                             prints "ok"
#   write-bytes FILE          one version of a string dataset (ASCII) holding bytes that are
#                             not UTF-8; prints "ok"
#   crash FILE NAME POINT     stages NAME on the current version (a new dataset "late" and a
#                             change to every fixed-size dataset) and kills the process at
#                             POINT, right after flushing the file, as a kill -9 there leaves
#                             it: before-current (the version group exists, uncommitted),
#                             after-current (current_version names it, no virtual dataset
#                             yet), no-hash-table (the new dataset's raw_data exists, its
#                             hash_table not)
import hashlib
import json
import os
import sys

import h5py
import numpy as np


def committed(group):
    return bool(group.attrs.get("committed", False))


def datasets(group):
    out = {}

    def visit(name, obj):
        if isinstance(obj, h5py.Dataset):
            out[name] = obj

    group.visititems(visit)
    return out


def describe(ds):
    a = ds[()]
    d = {"shape": list(a.shape), "dtype": str(a.dtype)}
    if a.dtype == object:
        d["values"] = [x.decode("utf-8") if isinstance(x, bytes) else x for x in a.flat]
    else:
        d["sha256"] = hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest()
    return d


def read(path):
    from versioned_hdf5 import VersionedHDF5File

    with h5py.File(path, "r") as f:
        vf = VersionedHDF5File(f)
        out = {"current": vf.current_version, "versions": {}}
        for name in vf.versions:  # every group, as versioned-hdf5 lists them
            g = vf[name]  # refuses an uncommitted group
            out["versions"][name] = {
                "parent": g.attrs["prev_version"],
                "datasets": {p: describe(d) for p, d in datasets(g).items()},
            }
        if vf.current_version != "__first_version__":
            vf[vf.current_version]  # the current version must be readable too
    print(json.dumps(out, sort_keys=True))


def maps(path):
    out = {}
    with h5py.File(path, "r") as f:
        for vname, g in f["_version_data/versions"].items():
            if vname == "__first_version__" or not committed(g):
                continue
            for p, ds in datasets(g).items():
                if not ds.is_virtual:
                    continue
                for vs in ds.virtual_sources():
                    src_start = vs.src_space.get_select_bounds()[0]
                    v_start = vs.vspace.get_select_bounds()[0]
                    rows = out.setdefault(p, {}).setdefault(str(src_start[0]), [])
                    rows.append([vname, [int(x) for x in v_start]])
    print(json.dumps(out, sort_keys=True))


def changed(value, dtype):
    return np.array(value).astype(dtype) + np.array(1).astype(dtype)


def commit(path, name):
    from versioned_hdf5 import VersionedHDF5File

    expected = {}
    with h5py.File(path, "r+") as f:
        vf = VersionedHDF5File(f)
        parent = vf.current_version
        with vf.stage_version(name) as g:
            for p in list(datasets(f["_version_data/versions"][parent])):
                ds = g[p]
                if ds.dtype == object or ds.size == 0:
                    continue
                corner = (0,) * len(ds.shape)
                a = ds[()]
                a[corner] = changed(a[corner], ds.dtype)
                ds[corner] = a[corner]
                expected[p] = a
    with h5py.File(path, "r") as f:
        vf = VersionedHDF5File(f)
        assert vf.current_version == name, vf.current_version
        g = vf[name]
        for p, a in expected.items():
            got = g[p][()]
            assert got.shape == a.shape and (got == a).all(), (p, got, a)
        assert g.attrs["prev_version"] == parent
    print("ok")


def write(path):
    from versioned_hdf5 import VersionedHDF5File

    grid = np.arange(10 * 7, dtype="i4").reshape(10, 7)
    with h5py.File(path, "w") as f:
        vf = VersionedHDF5File(f)
        with vf.stage_version("v1") as g:
            g.create_dataset("grid", data=grid, chunks=(4, 3), fillvalue=-1)
            g.create_dataset("sub/series", data=np.linspace(0, 1, 11), chunks=(4,))
            g.create_dataset("sub/packed", data=np.arange(20, dtype="i8") * 7, chunks=(5,),
                             compression="gzip")
        with vf.stage_version("v2") as g:
            g["grid"][0:4, 0:3] = 100
            g["grid"][9, 6] = 200
        with vf.stage_version("v3") as g:
            g["grid"].resize((12, 7))
            g["grid"][4:8, 3:6] = grid[0:4, 0:3]  # equals a chunk of v1: no new slot
            g["sub/series"][5] = -5.0
            g["sub/packed"][12] = -1
    print("ok")


def write_bytes(path):
    from versioned_hdf5 import VersionedHDF5File

    data = np.array([b"ok", b"caf\xe9", b"\xff\xfe"], dtype=object)
    with h5py.File(path, "w") as f:
        vf = VersionedHDF5File(f)
        with vf.stage_version("v1") as g:
            g.create_dataset("raw", data=data, dtype=h5py.string_dtype("ascii"), chunks=(2,))
    print("ok")


def crash(path, name, point):
    import versioned_hdf5.api as api
    import versioned_hdf5.hashtable as hashtable
    import versioned_hdf5.versions as versions
    from versioned_hdf5 import VersionedHDF5File

    f = h5py.File(path, "r+")

    def die(*args, **kwargs):
        f.flush()
        os._exit(0)

    if point == "before-current":
        api.commit_version = die
    elif point == "after-current":
        versions.create_virtual_dataset = die
    elif point == "no-hash-table":
        hashtable.Hashtable._create_hashtable = die
    else:
        sys.exit("unknown crash point " + point)
    vf = VersionedHDF5File(f)
    parent = vf.current_version
    with vf.stage_version(name) as g:
        for p in list(datasets(f["_version_data/versions"][parent])):
            ds = g[p]
            if ds.dtype != object and ds.size > 0:
                corner = (0,) * len(ds.shape)
                ds[corner] = changed(ds[corner], ds.dtype)
        g.create_dataset("late", data=np.arange(6, dtype="i8"), chunks=(4,))
    sys.exit("the commit of " + name + " did not reach " + point)


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    {"read": read, "maps": maps, "commit": commit, "write": write,
     "write-bytes": write_bytes, "crash": crash}[cmd](*args)
