"""Writes the repack benchmark's input with plain h5py (no h5j, no versioned-hdf5).

The layout of versioned-hdf5: per dataset a chunked raw_data of 32x32 float64 chunks under
/_version_data/<name>/, and per version a group /_version_data/versions/<vN>/ holding one
virtual dataset per name whose every chunk maps one raw chunk (same file, '.').
Each version rewrites a few chunks of every dataset (new raw chunks); the rest map the
chunks of the version before.

    /usr/bin/python3 make_versioned.py OUT.h5 [--datasets 95] [--versions 100]
        [--changed 2] [--touched 1.0] [--no-vds]

--no-vds writes the same raw data (and the latest version as plain chunked datasets)
without virtual datasets.
"""
import argparse
import h5py
import numpy as np

CHUNK = 32


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--datasets", type=int, default=95)
    p.add_argument("--versions", type=int, default=100)
    p.add_argument("--changed", type=int, default=2, help="chunks rewritten per version")
    p.add_argument("--touched", type=float, default=1.0,
                   help="fraction of datasets each version changes (the rest keep their block)")
    p.add_argument("--no-vds", action="store_true")
    a = p.parse_args()
    rng = np.random.default_rng(6)
    mappings = 0
    with h5py.File(a.out, "w") as f:
        vd = f.create_group("_version_data")
        versions = vd.create_group("versions")
        for v in range(a.versions):
            g = versions.create_group(f"v{v:03d}")
            g.attrs["prev_version"] = f"v{v - 1:03d}" if v else "__first_version__"
            g.attrs["timestamp"] = f"2026-11-29 00:{v // 60:02d}:{v % 60:02d}"
        for d in range(a.datasets):
            n = 44 + (440 - 44) * d // max(1, a.datasets - 1)  # 44..440 chunks
            name = f"ds{d:02d}"
            touched = [v == 0 or rng.random() < a.touched for v in range(a.versions)]
            new = n + sum(touched[1:]) * a.changed  # raw chunks ever written
            raw = vd.create_group(name).create_dataset(
                "raw_data", shape=(new * CHUNK, CHUNK), dtype="f8", chunks=(CHUNK, CHUNK),
                maxshape=(None, CHUNK))
            raw[: n * CHUNK] = rng.random((n * CHUNK, CHUNK))
            current = np.arange(n)  # raw chunk of each chunk of the latest version
            used = n
            for v in range(a.versions):
                if v and touched[v]:
                    changed = rng.choice(n, size=a.changed, replace=False)
                    for c in changed:
                        raw[used * CHUNK:(used + 1) * CHUNK] = rng.random((CHUNK, CHUNK))
                        current[c] = used
                        used += 1
                if not a.no_vds:
                    write_vds(versions[f"v{v:03d}"], name, raw.name, current, n)
                    mappings += n
            if a.no_vds:
                latest = np.concatenate([raw[r * CHUNK:(r + 1) * CHUNK] for r in current])
                vd[name].create_dataset("latest", data=latest, chunks=(CHUNK, CHUNK))
    print(f"{a.out}: {a.datasets} datasets, {a.versions} versions, {mappings} mappings")


def write_vds(group, name, source, chunks, n):
    dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)
    vspace = h5py.h5s.create_simple((n * CHUNK, CHUNK))
    sspace = h5py.h5s.create_simple((len(chunks) * CHUNK, CHUNK), (h5py.h5s.UNLIMITED, CHUNK))
    src = source.encode()
    for i, r in enumerate(chunks):
        vspace.select_hyperslab((i * CHUNK, 0), (1, 1), block=(CHUNK, CHUNK))
        sspace.select_hyperslab((int(r) * CHUNK, 0), (1, 1), block=(CHUNK, CHUNK))
        dcpl.set_virtual(vspace, b".", src, sspace)
    tid = h5py.h5t.py_create(np.dtype("f8"))
    h5py.h5d.create(group.id, name.encode(), tid, vspace, dcpl=dcpl).close()


if __name__ == "__main__":
    main()
