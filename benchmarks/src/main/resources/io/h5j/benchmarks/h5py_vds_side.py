"""The h5py half of io.h5j.benchmarks.CompareVdsWithH5py (virtual datasets, issue 4).

Run with Debian's /usr/bin/python3 (h5py 3.7 on libhdf5 1.10.8). h5j writes the files; this
script reads the same files, and for the write row builds the same virtual datasets itself.
Every command prints one JSON line on stdout. Only the operation is timed (time.perf_counter):
interpreter start and imports are outside.

  versions
  time --op open_shape|read_all --file F --name N [--warmup W] [--reps R]
      open F, f[N].shape or f[N][()], close; {"times_s", "check"}.
  read_one --file F --name N --later K [--reps R]
      per repetition r (seed r): open F and f[N] and read its shape (timed apart, "open_s"),
      time the first single-element read, then K more (mean); {"open_s", "first_s",
      "later_s", "sums"} (sum of each one's values).
  write_vds --base B --out O --count V --mappings M --edge E [--warmup W] [--reps R]
      copy B to O (untimed), open O r+, create V virtual datasets v000.. as versioned-hdf5
      does (VirtualLayout, VirtualSource('.', '/raw')), close, fsync; {"times_s", "check"}.
  check --file F --names a,b,c
      {"checks": [...]} of read_all for each named dataset.

The layout must match VdsGeometry.java: raw chunk of virtual chunk k in version v is
(k * 7919 + v) mod M; the grid has the largest divisor of M not above sqrt(M) as columns.
"""

import argparse
import json
import math
import os
import shutil
import sys
import time

import h5py
import numpy as np

RAW = "/raw"
STRIDE = 7919
WEIGHT_PERIOD = 1009
MASK64 = (1 << 64) - 1


def grid_cols(m):
    c = math.isqrt(m)
    while m % c:
        c -= 1
    return c


def checksum(values):
    """Sum of value(i) * (i % 1009 + 1) over the flat C-order elements, as a signed int64."""
    v = values.astype(np.int64).ravel()
    w = (np.arange(v.size, dtype=np.int64) % WEIGHT_PERIOD) + 1
    s = int(np.sum(v * w, dtype=np.int64))
    return s


def positions(seed, n, elements):
    out, x = [], seed
    for _ in range(n):
        x = (x * 6364136223846793005 + 1442695040888963407) & MASK64
        out.append((x >> 1) % elements)
    return out


def do_fsync(path):
    # h5j's close forces the file to disk; libhdf5's does not.
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def timed(a, op):
    times, check = [], None
    for i in range(a.warmup + a.reps):
        t0 = time.perf_counter()
        check = op()
        t = time.perf_counter() - t0
        if i >= a.warmup:
            times.append(t)
    return times, check


def cmd_time(a):
    if a.op == "open_shape":
        def op():
            with h5py.File(a.file, "r") as f:
                s = f[a.name].shape
            return s[0] * s[1]
    elif a.op == "read_all":
        def op():
            with h5py.File(a.file, "r") as f:
                data = f[a.name][()]
            return checksum(data)
    else:
        sys.exit("unknown op " + a.op)
    times, check = timed(a, op)
    return {"op": a.op, "times_s": times, "check": check}


def cmd_read_one(a):
    opens, first, later, sums = [], [], [], []
    for r in range(a.reps):
        t_open = time.perf_counter()
        with h5py.File(a.file, "r") as f:
            ds = f[a.name]
            rows, cols = ds.shape
            pos = positions(r, 1 + a.later, rows * cols)
            t0 = time.perf_counter()
            total = float(ds[pos[0] // cols, pos[0] % cols])
            t1 = time.perf_counter()
            for p in pos[1:]:
                total += float(ds[p // cols, p % cols])
            t2 = time.perf_counter()
        opens.append(t0 - t_open)
        first.append(t1 - t0)
        later.append((t2 - t1) / a.later if a.later else 0.0)
        sums.append(int(total))
    return {"op": "read_one", "open_s": opens, "first_s": first, "later_s": later, "sums": sums}


def add_versions(f, count, m, edge):
    cols = grid_cols(m)
    rows = m // cols
    vshape = (rows * edge, cols * edge)
    raw = f[RAW]
    for v in range(count):
        layout = h5py.VirtualLayout(shape=vshape, dtype="f8")
        src = h5py.VirtualSource(".", name=RAW, shape=raw.shape, dtype="f8")
        for k in range(m):
            rc = (k * STRIDE + v) % m
            a, b = divmod(k, cols)
            layout[a * edge:(a + 1) * edge, b * edge:(b + 1) * edge] = \
                src[rc * edge:(rc + 1) * edge, 0:edge]
        f.create_virtual_dataset("v%03d" % v, layout, fillvalue=0.0)


def cmd_write_vds(a):
    times = []
    for i in range(a.warmup + a.reps):
        shutil.copyfile(a.base, a.out)
        os.sync()
        t0 = time.perf_counter()
        with h5py.File(a.out, "r+") as f:
            add_versions(f, a.count, a.mappings, a.edge)
        do_fsync(a.out)
        t = time.perf_counter() - t0
        if i >= a.warmup:
            times.append(t)
    return {"op": "write_vds", "times_s": times, "check": a.count}


def cmd_check(a):
    out = []
    with h5py.File(a.file, "r") as f:
        for name in a.names.split(","):
            out.append(checksum(f[name][()]))
    return {"op": "check", "checks": out}


def cmd_versions(_):
    return {"python": sys.version.split()[0], "h5py": h5py.version.version,
            "hdf5": h5py.version.hdf5_version, "numpy": np.__version__}


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("time")
    t.add_argument("--op", required=True)
    o = sub.add_parser("read_one")
    o.add_argument("--later", type=int, default=0)
    w = sub.add_parser("write_vds")
    w.add_argument("--base", required=True)
    w.add_argument("--out", required=True)
    w.add_argument("--count", type=int, required=True)
    w.add_argument("--mappings", type=int, required=True)
    w.add_argument("--edge", type=int, required=True)
    c = sub.add_parser("check")
    c.add_argument("--names", required=True)
    for s in (t, o, c):
        s.add_argument("--file", required=True)
    for s in (t, o):
        s.add_argument("--name", required=True)
    for s in (t, w):
        s.add_argument("--warmup", type=int, default=0)
    for s in (t, o, w):
        s.add_argument("--reps", type=int, default=1)
    sub.add_parser("versions")
    a = p.parse_args()
    handler = {"time": cmd_time, "read_one": cmd_read_one, "write_vds": cmd_write_vds,
               "check": cmd_check, "versions": cmd_versions}[a.cmd]
    print(json.dumps(handler(a)))


if __name__ == "__main__":
    main()
