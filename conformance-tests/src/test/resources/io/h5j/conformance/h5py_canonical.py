"""Prints, as JSON, everything h5py (libhdf5) reads in an HDF5 file, in a canonical form.

Usage: python3 h5py_canonical.py FILE

Output: {path: entry} for every link reachable from "/", walking links in sorted name order.
  group:    {"kind": "group", "links": [sorted names], "attrs": {...}}
  dataset:  {"kind": "dataset", "dtype": T, "shape": [..] (null: null dataspace),
             "layout": "compact"|"contiguous"|"chunked"|"virtual", "values": [flat, C order],
             "fill": fill value (numeric types only), "attrs": {...}}
  soft:     {"kind": "soft", "target": path}
  external: {"kind": "external", "file": name, "target": path}
  a hard link to an object met before: {"kind": "same", "as": first path}
  attrs:    {name: {"dtype": T, "shape": [..] ([] scalar, null: null dataspace), "value": [flat]}}
Types T: {"num": numpy dtype.str} | {"str": "fixed", "len": n, "enc": "ascii"|"utf-8"}
  | {"str": "vlen", "enc": ...} | {"enum": base dtype.str, "members": {name: value}}
  | {"compound": [[name, offset, T], ...], "size": n} | {"array": [dims], "base": T}
  | {"vlen": T} | {"other": str(dtype)}
Values: integers exact; floats as JSON numbers, "nan", "inf", "-inf"; strings decoded;
compounds as {member: value}; array elements and sequences as flat lists. A value h5py cannot
read becomes {"unreadable": exception class name}.
"""
import json
import math
import sys

import h5py
import numpy as np


# h5py 3.7 (with libhdf5 1.10.8) returns the elements of a variable-length sequence whose
# base type is not in native byte order without swapping them: a vlen of big-endian int32
# holding 1 reads as 16777216, while h5dump (libhdf5 itself) prints 1. Swap them back there.
VLEN_UNSWAPPED = h5py.version.version_tuple[:2] <= (3, 7)
NATIVE = "<" if sys.byteorder == "little" else ">"


def dtype_canon(dt):
    enum = h5py.check_enum_dtype(dt)
    if enum is not None:
        return {"enum": dt.str, "members": {k: int(v) for k, v in enum.items()}}
    s = h5py.check_string_dtype(dt)
    if s is not None:
        if s.length is None:
            return {"str": "vlen", "enc": s.encoding}
        return {"str": "fixed", "len": s.length, "enc": s.encoding}
    vl = h5py.check_vlen_dtype(dt)
    if vl is not None:
        return {"vlen": dtype_canon(vl)}
    if dt.names is not None:
        return {"compound": [[n, dt.fields[n][1], dtype_canon(dt.fields[n][0])]
                             for n in dt.names], "size": dt.itemsize}
    if dt.subdtype is not None:
        base, shape = dt.subdtype
        return {"array": list(shape), "base": dtype_canon(base)}
    if dt.kind in "iuf":
        return {"num": dt.str}
    return {"other": str(dt)}


def text(v, enc):
    if isinstance(v, bytes):
        return v.decode("utf-8" if enc != "ascii" else "ascii", errors="surrogateescape")
    return str(v)


def canon(dt, v):
    """One element of type dt."""
    if h5py.check_enum_dtype(dt) is not None:
        return int(v)
    s = h5py.check_string_dtype(dt)
    if s is not None:
        return text(v, s.encoding)
    vl = h5py.check_vlen_dtype(dt)
    if vl is not None:
        seq = np.asarray(v).reshape(-1)
        if VLEN_UNSWAPPED and vl.byteorder not in "=|" and vl.byteorder != NATIVE:
            seq = seq.byteswap()
        return [canon(vl, x) for x in seq]
    if dt.names is not None:
        return {n: canon(dt.fields[n][0], v[n]) for n in dt.names}
    if dt.subdtype is not None:
        base, _ = dt.subdtype
        return [canon(base, x) for x in np.asarray(v).reshape(-1)]
    if dt.kind == "f":
        f = float(v)
        if math.isnan(f):
            return "nan"
        if math.isinf(f):
            return "inf" if f > 0 else "-inf"
        return f
    if dt.kind in "iub":
        return int(v)
    return repr(v)


def elements(dt, shape, raw):
    """Flat list of the elements of a value of the given dataspace shape."""
    if len(shape) == 0:
        if isinstance(raw, np.ndarray) and raw.shape == ():
            raw = raw[()]  # the element itself (a 0-d array of a vlen holds its sequence)
        return [canon(dt, raw)]
    n = int(np.prod(shape))
    arr = np.asarray(raw)
    if n == 0:
        return []
    arr = arr.reshape((n,) + arr.shape[len(shape):])
    return [canon(dt, x) for x in arr]


def attrs(obj):
    out = {}
    for name in obj.attrs.keys():
        aid = obj.attrs.get_id(name)
        dt = aid.dtype
        entry = {"dtype": dtype_canon(dt)}
        try:
            space = aid.get_space()
            if space.get_simple_extent_type() == h5py.h5s.NULL:
                entry["shape"] = None
                entry["value"] = None
            else:
                shape = tuple(aid.shape)
                entry["shape"] = list(shape)
                entry["value"] = elements(dt, shape, obj.attrs[name])
        except Exception as e:  # recorded, compared by the caller
            entry["value"] = {"unreadable": type(e).__name__}
        out[name] = entry
    return out


LAYOUTS = {h5py.h5d.COMPACT: "compact", h5py.h5d.CONTIGUOUS: "contiguous",
           h5py.h5d.CHUNKED: "chunked"}
if hasattr(h5py.h5d, "VIRTUAL"):
    LAYOUTS[h5py.h5d.VIRTUAL] = "virtual"


def dataset(ds):
    dt = ds.dtype
    e = {"kind": "dataset", "dtype": dtype_canon(dt)}
    e["layout"] = LAYOUTS.get(ds.id.get_create_plist().get_layout(), "other")
    if ds.shape is None:
        e["shape"] = None
        e["values"] = None
    else:
        e["shape"] = list(ds.shape)
        try:
            e["values"] = elements(dt, ds.shape, ds[...])
        except Exception as ex:
            e["values"] = {"unreadable": type(ex).__name__}
    if dt.kind in "iuf" and dt.names is None and dt.subdtype is None \
            and h5py.check_enum_dtype(dt) is None:
        e["fill"] = canon(dt, ds.fillvalue)
    e["attrs"] = attrs(ds)
    return e


def addr(obj):
    info = h5py.h5o.get_info(obj.id)
    return getattr(info, "addr", None) or repr(getattr(info, "token", id(obj)))


def walk(f):
    out = {}
    seen = {}

    def visit(path, obj):
        a = addr(obj)
        if a in seen:
            out[path] = {"kind": "same", "as": seen[a]}
            return
        seen[a] = path
        if isinstance(obj, h5py.Dataset):
            out[path] = dataset(obj)
            return
        if isinstance(obj, h5py.Datatype):
            out[path] = {"kind": "datatype", "dtype": dtype_canon(obj.dtype), "attrs": attrs(obj)}
            return
        names = sorted(obj.keys())
        out[path] = {"kind": "group", "links": names, "attrs": attrs(obj)}
        for n in names:
            child = path.rstrip("/") + "/" + n
            link = obj.get(n, getlink=True)
            if isinstance(link, h5py.SoftLink):
                out[child] = {"kind": "soft", "target": link.path}
            elif isinstance(link, h5py.ExternalLink):
                out[child] = {"kind": "external", "file": link.filename, "target": link.path}
            else:
                visit(child, obj[n])

    visit("/", f)
    return out


if __name__ == "__main__":
    with h5py.File(sys.argv[1], "r") as f:
        json.dump(walk(f), sys.stdout, ensure_ascii=False, sort_keys=True)
    sys.stdout.write("\n")
