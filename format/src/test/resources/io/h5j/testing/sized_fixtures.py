#!/usr/bin/python3
"""The fixtures of fixtures/generate.py, written with other sizes of offsets and lengths.

    /usr/bin/python3 sized_fixtures.py FIXTURES_DIR OUT_DIR OFFSET_SIZE LENGTH_SIZE

Runs generate.py's makers (HERE pointed at OUT_DIR, every file created with
H5Pset_sizes(OFFSET_SIZE, LENGTH_SIZE)), adds one dataset in external storage, walks every
file as generate.py does and writes OUT_DIR/manifest.json in its schema. With 2-byte offsets a
file must stay under 64 KiB, so the groups fixtures (2,000 links) are left out there.
With 2-byte sizes, only the fixtures of libver 'earliest' (see below).

libhdf5 1.10.8 cannot read everything it writes with small sizes: with 2-byte sizes no fractal
heap (dense links, dense attributes, shared messages), with 4-byte lengths no dataset with an
extensible array index ("didn't find unlimited dimension"). Top-level objects it cannot read
are unlinked, and files it still cannot walk left out of the manifest; both are listed in
OUT_DIR/unreadable.json.
"""
import importlib.util
import json
import os
import sys

import numpy as np


def main(fixtures, out, offsets, lengths):
    spec = importlib.util.spec_from_file_location("generate", os.path.join(fixtures, "generate.py"))
    g = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(g)
    g.HERE = out
    create = g.h5f.create

    def sized_create(name, flags, fcpl=None, fapl=None):
        fcpl = fcpl if fcpl is not None else g.h5p.create(g.h5p.FILE_CREATE)
        fcpl.set_sizes(offsets, lengths)
        return create(name, flags, fcpl=fcpl, fapl=fapl)

    g.h5f.create = sized_create

    tiny = min(offsets, lengths) == 2
    names = [g.make_external_target()]
    for lv in ("earliest",) if tiny else g.LIBVERS:
        if offsets > 2:
            names.append(g.make_groups(lv))
        names += [g.make_attributes(lv), g.make_datatypes(lv), g.make_layouts(lv)]
    names += [g.make_userblock(512), g.make_superblock_v1()]
    if not tiny:
        names += [g.make_sohm("list"), g.make_sohm("btree")]
    names += g.make_vds()
    names.append(make_external_storage(g, out))
    unreadable = {}
    manifest = {}
    for n in sorted(names):
        entry = walk_what_libhdf5_reads(g, n, unreadable)
        if entry is not None:
            manifest[n] = entry
    for (fname, path), expected in g.INTENDED.items():
        objects = manifest.get(fname, {}).get("objects", {})
        if path in objects:
            g.check(objects[path]["values"] == expected, f"{fname}:{path}: wrote {expected!r}")
    with open(os.path.join(out, "unreadable.json"), "w") as fh:
        json.dump(unreadable, fh, indent=1)
    with open(os.path.join(out, "manifest.json"), "w") as fh:
        json.dump(manifest, fh, indent=1, ensure_ascii=False, allow_nan=False)
    with g.h5py.File(os.path.join(out, "layouts_earliest.h5"), "r") as f:
        got = f.id.get_create_plist().get_sizes()
        g.check(got == (offsets, lengths), f"sizes {got}")


def walk_what_libhdf5_reads(g, name, unreadable):
    """generate.walk of one file, less the top-level objects libhdf5 cannot read back."""
    try:
        return g.walk(name)
    except Exception as e:
        first = f"{type(e).__name__}: {e}"
    bad = []
    try:
        with g.h5py.File(os.path.join(g.HERE, name), "a") as f:
            for k in list(f.keys()):
                try:
                    o = f[k]
                    if isinstance(o, g.h5py.Dataset):
                        o[()]
                    list(o.attrs.items())
                except Exception:
                    bad.append(k)
            for k in bad:
                del f[k]
        entry = g.walk(name) if bad else None
    except Exception:
        entry = None
    unreadable[name] = {"error": first, "unlinked": bad if entry is not None else "whole file"}
    return entry


def make_external_storage(g, out):
    """A dataset whose elements live in two external files (named by absolute path)."""
    name = "external_storage.h5"
    with g.new_file(name, "latest") as f:
        g.dataset(f, "e", np.arange(60, dtype="<i4").reshape(6, 10),
                  external=[(os.path.join(out, "ext_a.bin"), 16, 120),
                            (os.path.join(out, "ext_b.bin"), 0, 120)])
    g.intend(name, "/e", list(range(60)))
    return name


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
