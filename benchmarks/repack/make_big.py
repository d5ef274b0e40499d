"""Writes the input of the repack memory benchmark (run_big.sh) with plain h5py: a large file
of chunked data and many small objects, to show that repack's memory does not grow with the
file.

    /usr/bin/python3 make_big.py OUT.h5 [--gib 10] [--objects 50000]

- /big/dNN: float64 datasets of 256 KiB chunks (256 x 128), 256 MiB each, as many as make
  up --gib less the part below
- /many_chunks: one dataset of 2 KiB chunks (16 x 16 float64), 1/10 of --gib (e.g. 524,288
  chunks for 10 GiB): the largest chunk index of the file
- /objects/gNNN/oNNNNN: --objects small contiguous datasets in groups of 250, every other
  one with two attributes (one a variable-length string)
"""
import argparse
import h5py
import numpy as np

MIB = 1 << 20


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--gib", type=float, default=10)
    p.add_argument("--objects", type=int, default=50000)
    a = p.parse_args()
    total = int(a.gib * 1024 * MIB)
    small = total // 10
    big = (total - small) // (256 * MIB)
    slab = np.arange(256 * 1024 * 128, dtype="f8").reshape(-1, 128)  # 256 MiB
    with h5py.File(a.out, "w") as f:
        g = f.create_group("big")
        for d in range(big):
            ds = g.create_dataset(f"d{d:02d}", shape=slab.shape, dtype="f8", chunks=(256, 128))
            ds[...] = slab + d  # different bytes per dataset
        rows = max(16, small // (16 * 8) // 16 * 16)  # rows of 16 float64
        ds = f.create_dataset("many_chunks", shape=(rows, 16), dtype="f8", chunks=(16, 16))
        step = 16 * 4096  # rows per write: 8 MiB
        for r in range(0, rows, step):
            n = min(step, rows - r)
            ds[r:r + n] = np.arange(r * 16, (r + n) * 16, dtype="f8").reshape(n, 16)
        objs = f.create_group("objects")
        for i in range(a.objects):
            if i % 250 == 0:
                grp = objs.create_group(f"g{i // 250:03d}")
            o = grp.create_dataset(f"o{i:05d}", data=np.arange(i, i + 8, dtype="i8"))
            if i % 2 == 0:
                o.attrs["index"] = i
                o.attrs["name"] = f"object number {i}"
    print(f"{a.out}: {big} x 256 MiB datasets, {rows // 16} chunks of 2 KiB, "
          f"{a.objects} small datasets")


if __name__ == "__main__":
    main()
