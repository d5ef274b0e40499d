"""libhdf5 2.0's reading of every revised reference (H5R_ref_t) in a file, as JSON.

    /tmp/h5py2/bin/python tools/libhdf5-2/refs_oracle.py FILE

prints {"libhdf5": "2.0.0", "references": [...]}: one entry per reference element held by any
dataset or attribute (also inside compound members, arrays and variable-length sequences), in
walk order, each as libhdf5 resolves it:

    {"at": "dataset /refs/objects[1]", "kind": "object", "object": "/data2d", "type": "dataset",
     "elements": 20}
    {"at": ..., "kind": "region", "object": ..., "rank": 2, "blocks": [[start..., end...], ...]}
                                            (or "points": [[coords...], ...], or "all": true)
    {"at": ..., "kind": "attribute", "object": ..., "attribute": "units"}
    {"at": ..., "null": true}

"object" is H5Iget_name of what H5Ropen_object opens ("" for an anonymous object, whose
"elements" then tells it apart); "file" is given only when the reference points into another
file (the name stored in it). A reference libhdf5 cannot resolve gets "error". External files
are resolved from FILE's folder (the script changes into it).
"""
import ctypes
import json
import os
import sys

import h5py

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hdf5lib as H  # noqa: E402

lib = H.lib
lib.H5Eset_auto2.argtypes = [H.hid, ctypes.c_void_p, ctypes.c_void_p]
lib.H5Eset_auto2(0, None, None)  # failures are reported in the JSON, not as stacks
_described = []  # the name of the file being described, as opened (internal references name it)
KINDS = {H.OBJECT2: "object", H.DATASET_REGION2: "region", H.ATTR: "attribute"}


def describe(path):
    """The list of reference descriptions for the file at `path`."""
    here = os.getcwd()
    path = os.path.abspath(path)
    os.chdir(os.path.dirname(path))
    try:
        _described.append(os.path.basename(path))
        with h5py.File(_described[-1], "r") as f:
            out = []
            holders = [("/", f)]
            f.visititems(lambda name, obj: holders.append(("/" + name, obj)))
            for name, obj in holders:
                if isinstance(obj, h5py.Dataset):
                    read(out, "dataset " + name, obj.id.id, lib.H5Dget_type, lib.H5Dget_space,
                         lambda m, buf, i=obj.id.id: lib.H5Dread(i, m, 0, 0, 0, buf))
                for a in obj.attrs:
                    aid = H.ok(lib.H5Aopen_by_name(obj.id.id, b".", a.encode(), 0, 0), a)
                    read(out, "attribute " + name + "@" + a, aid, lib.H5Aget_type,
                         lib.H5Aget_space, lambda m, buf, i=aid: lib.H5Aread(i, m, buf))
                    lib.H5Aclose(aid)
            return out
    finally:
        os.chdir(here)


def holds_refs(t):
    c = lib.H5Tget_class(t)
    if c == H.T_REFERENCE:
        return lib.H5Tequal(t, H.STD_REF) > 0
    if c == H.T_COMPOUND:
        return any(holds_refs(lib.H5Tget_member_type(t, i)) for i in range(lib.H5Tget_nmembers(t)))
    if c in (H.T_VLEN, H.T_ARRAY):
        return holds_refs(lib.H5Tget_super(t))
    return False


def read(out, where, oid, get_type, get_space, reader):
    ftype = get_type(oid)
    if not holds_refs(ftype):
        return
    mtype = H.ok(lib.H5Tget_native_type(ftype, 0), "native type of " + where)
    sp = get_space(oid)
    n = max(lib.H5Sget_simple_extent_npoints(sp), 0)
    size = lib.H5Tget_size(mtype)
    buf = ctypes.create_string_buffer(max(1, n * size))
    if reader(mtype, buf) < 0:
        out.append({"at": where, "error": "read failed"})
        return
    base = ctypes.addressof(buf)
    for i in range(n):
        walk(out, "%s[%d]" % (where, i), mtype, base + i * size)


def walk(out, where, t, addr):
    c = lib.H5Tget_class(t)
    if c == H.T_REFERENCE:
        if lib.H5Tequal(t, H.STD_REF) > 0:
            out.append(dict({"at": where}, **reference(addr)))
    elif c == H.T_COMPOUND:
        for i in range(lib.H5Tget_nmembers(t)):
            name_p = lib.H5Tget_member_name(t, i)
            name = ctypes.string_at(name_p).decode()
            lib.H5free_memory(name_p)
            walk(out, where + "." + name, lib.H5Tget_member_type(t, i),
                 addr + lib.H5Tget_member_offset(t, i))
    elif c == H.T_ARRAY:
        dims = (H.hsize * lib.H5Tget_array_ndims(t))()
        lib.H5Tget_array_dims2(t, dims)
        base = lib.H5Tget_super(t)
        count = 1
        for d in dims:
            count *= d
        for i in range(count):
            walk(out, "%s[%d]" % (where, i), base, addr + i * lib.H5Tget_size(base))
    elif c == H.T_VLEN:
        seq = ctypes.cast(addr, ctypes.POINTER(ctypes.c_size_t * 2)).contents
        base = lib.H5Tget_super(t)
        for i in range(seq[0]):
            walk(out, "%s[%d]" % (where, i), base, seq[1] + i * lib.H5Tget_size(base))


def reference(addr):
    ref = ctypes.c_void_p(addr)
    if not any(ctypes.string_at(addr, H.REF_SIZE)):
        return {"null": True}
    kind = lib.H5Rget_type(ref)
    d = {"kind": KINDS.get(kind, "unknown %d" % kind)}
    stored = H.string_of(lib.H5Rget_file_name, ref)
    if stored is not None and stored != _described[-1]:
        d["file"] = stored
    obj = lib.H5Ropen_object(ref, 0, 0)
    if obj < 0:
        d["error"] = "H5Ropen_object failed"
        return d
    d["object"] = H.string_of(lib.H5Iget_name, obj) or ""
    otype = ctypes.c_int(-1)
    lib.H5Rget_obj_type3(ref, 0, ctypes.byref(otype))
    d["type"] = H.OBJ_TYPES.get(otype.value, str(otype.value))
    if otype.value == 1:
        sp = lib.H5Dget_space(obj)
        d["elements"] = lib.H5Sget_simple_extent_npoints(sp)
        lib.H5Sclose(sp)
    lib.H5Oclose(obj)
    if kind == H.DATASET_REGION2:
        region(d, ref)
    elif kind == H.ATTR:
        d["attribute"] = H.string_of(lib.H5Rget_attr_name, ref)
        a = lib.H5Ropen_attr(ref, 0, 0)
        if a < 0:
            d["error"] = "H5Ropen_attr failed"
        else:
            n = lib.H5Aget_name(a, 0, None)
            buf = ctypes.create_string_buffer(n + 1)
            lib.H5Aget_name(a, n + 1, buf)
            d["opened_attribute"] = buf.value.decode()
            lib.H5Aclose(a)
    return d


def region(d, ref):
    sp = lib.H5Ropen_region(ref, 0, 0)
    if sp < 0:
        d["error"] = "H5Ropen_region failed"
        return
    rank = lib.H5Sget_simple_extent_ndims(sp)
    d["rank"] = rank
    kind = lib.H5Sget_select_type(sp)
    if kind == H.SEL_HYPERSLABS:
        n = lib.H5Sget_select_hyper_nblocks(sp)
        buf = (H.hsize * (n * 2 * rank))()
        lib.H5Sget_select_hyper_blocklist(sp, 0, n, buf)
        d["blocks"] = [list(buf[i * 2 * rank:(i + 1) * 2 * rank]) for i in range(n)]
    elif kind == H.SEL_POINTS:
        n = lib.H5Sget_select_elem_npoints(sp)
        buf = (H.hsize * (n * rank))()
        lib.H5Sget_select_elem_pointlist(sp, 0, n, buf)
        d["points"] = [list(buf[i * rank:(i + 1) * rank]) for i in range(n)]
    elif kind == H.SEL_ALL:
        d["all"] = True
    else:
        d["none"] = True
    lib.H5Sclose(sp)


if __name__ == "__main__":
    print(json.dumps({"libhdf5": H.version(), "references": describe(sys.argv[1])}, indent=1))
