"""The h5py half of io.h5j.benchmarks.PeerTable (issue 19's table), for any h5py.

Run with each interpreter under comparison (Debian's /usr/bin/python3: h5py 3.7 on libhdf5
1.10.8; a venv with h5py 3.16 on libhdf5 2.0). It sits beside h5py_side.py and
h5py_vds_side.py (PeerTable copies all three into its work directory) and reuses their
operations. Commands:

  versions                      {"python", "h5py", "hdf5", "numpy"}
  prepare_lead --dir D --datasets N --side S --chunk C
                                writes D/many.h5 (N small datasets in the root group) and
                                D/slabs.h5 (one S x S float64 dataset, C x C chunks, value
                                i * 0.5 at flat index i)
  serve                         one long-lived process: each stdin line is the arguments of
                                one timed run (an --op and its options); answers one JSON
                                line {"times_s": [seconds], "check": value}

Ops of serve: those of h5py_side.py's `time` (write_chunked, write_deflate, read,
random_chunks; one run each, --warmup 0 --reps 1 implied), and

  vds_read --file F --name N    open, read the whole VDS, close (its checksum is computed
                                after the timed region, as PeerOps does)
  vds_open --file F --name N    open, shape, close
  vds_first --file F --name N   the first single-element read after an open (open not timed)
  seed_read --file F --version V
                                open, read every dataset of _version_data/versions/V whole
                                (sorted by name), close; check = sum of first + last + size
  slabs --file F --count K --box B
                                K reads of B x B boxes of /x at the LCG positions of PeerOps
  list --file F                 open, the name and shape of every member of the root group
"""

import argparse
import json
import os
import shlex
import sys
import time

import h5py
import numpy as np

import h5py_side
import h5py_vds_side

MASK64 = (1 << 64) - 1


def lcg_boxes(count, side, box):
    """Top-left corners of the box reads; PeerOps.boxCorners gives the same sequence."""
    x, out, cells = 7, [], side // box
    for _ in range(count):
        x = (x * 6364136223846793005 + 1442695040888963407) & MASK64
        k = (x >> 33) % (cells * cells)
        out.append(((k // cells) * box, (k % cells) * box))
    return out


def prepare_lead(a):
    os.makedirs(a.dir, exist_ok=True)
    with h5py.File(os.path.join(a.dir, "many.h5"), "w") as f:
        for i in range(a.datasets):
            f.create_dataset("d%05d" % i, data=np.full(4, i, dtype="<i8"))
    values = (np.arange(a.side * a.side, dtype=np.float64) * 0.5).reshape(a.side, a.side)
    with h5py.File(os.path.join(a.dir, "slabs.h5"), "w") as f:
        f.create_dataset("x", data=values, chunks=(a.chunk, a.chunk))


def op_vds_read(a):
    t0 = time.perf_counter()
    with h5py.File(a.file, "r") as f:
        data = f[a.name][()]
    t = time.perf_counter() - t0
    return t, h5py_vds_side.checksum(data)


def op_vds_open(a):
    t0 = time.perf_counter()
    with h5py.File(a.file, "r") as f:
        s = f[a.name].shape
    return time.perf_counter() - t0, s[0] * s[1]


def op_vds_first(a):
    r = h5py_vds_side.cmd_read_one(argparse.Namespace(file=a.file, name=a.name, later=0,
                                                      reps=1))
    return r["first_s"][0], r["sums"][0]


def op_seed_read(a):
    check = 0.0
    t0 = time.perf_counter()
    with h5py.File(a.file, "r") as f:
        g = f["_version_data/versions/" + a.version]
        for name in sorted(g.keys()):
            arr = g[name][()]
            check += float(arr.flat[0]) + float(arr.flat[-1]) + arr.size
    return time.perf_counter() - t0, check


def op_slabs(a):
    check = 0.0
    t0 = time.perf_counter()
    with h5py.File(a.file, "r") as f:
        ds = f["x"]
        side = ds.shape[0]
        for r, c in lcg_boxes(a.count, side, a.box):
            b = ds[r:r + a.box, c:c + a.box]
            check += float(b[0, 0]) + float(b[-1, -1])
    return time.perf_counter() - t0, check


def op_list(a):
    total = 0
    t0 = time.perf_counter()
    with h5py.File(a.file, "r") as f:
        for name in f:
            total += len(name) + f[name].shape[0]
    return time.perf_counter() - t0, total


OPS = {"vds_read": op_vds_read, "vds_open": op_vds_open, "vds_first": op_vds_first,
       "seed_read": op_seed_read, "slabs": op_slabs, "list": op_list}


def parser():
    p = argparse.ArgumentParser()
    p.add_argument("--op", required=True)
    p.add_argument("--file")
    p.add_argument("--name")
    p.add_argument("--version")
    p.add_argument("--count", type=int, default=1000)
    p.add_argument("--box", type=int, default=64)
    return p


def one_run(words):
    op = words[words.index("--op") + 1]
    if op in OPS:
        t, check = OPS[op](parser().parse_args(words))
        return {"times_s": [t], "check": check}
    a = h5py_side.parser().parse_args(["time", "--warmup", "0", "--reps", "1"] + words)
    r = h5py_side.time_op(a)
    return {"times_s": r["times_s"], "check": r["check"]}


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "versions":
        print(json.dumps({"python": sys.version.split()[0], "h5py": h5py.version.version,
                          "hdf5": h5py.version.hdf5_version, "numpy": np.__version__}))
    elif cmd == "prepare_lead":
        p = argparse.ArgumentParser()
        for o in ("--dir",):
            p.add_argument(o, required=True)
        for o in ("--datasets", "--side", "--chunk"):
            p.add_argument(o, type=int, required=True)
        prepare_lead(p.parse_args(sys.argv[2:]))
    elif cmd == "serve":
        for line in sys.stdin:
            if line.strip():
                print(json.dumps(one_run(shlex.split(line))), flush=True)
    else:
        sys.exit("usage: peers_side.py versions | prepare_lead ... | serve")


if __name__ == "__main__":
    main()
