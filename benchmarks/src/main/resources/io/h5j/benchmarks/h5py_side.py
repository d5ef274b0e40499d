"""The h5py half of io.h5j.benchmarks.CompareWithH5py.

Run with Debian's /usr/bin/python3 (h5py 3.7 on libhdf5 1.10.8). Two commands:

  prepare --dir D --links N --attr-groups G --attrs-per A --data-mb M
      writes D/links.h5, D/attrs.h5 and D/data.h5, the inputs both libraries read.
  time --op OP --dir D [--warmup W] [--reps R] [--data-mb M] [--cold] [--data-file F]
      times one operation W + R times with time.perf_counter and prints one JSON object
      {"op", "times_s", "median_s", "check"} on stdout. Only the operation is timed: the
      interpreter start, imports and input arrays are outside the timed region.
  versions
      prints {"python", "h5py", "hdf5", "numpy"} as JSON.
  serve
      one long-lived process for runs alternating with h5j's: reads lines of `time`
      arguments (without the word "time") from stdin, answers each with the JSON line
      `time` prints, until stdin ends.

Chunked rows (issue 3): prepare also writes D/chunked.h5 (uncompressed) and D/deflate.h5
(shuffle + deflate 4), both with 1 MiB chunks (131,072 float64) and the same values as
data.h5. Ops: write_chunked, write_deflate (create_dataset with chunks, + fsync),
write_chunked_2d (the values as (n / 8192, 8192), chunks (256, 512), + fsync), read
(--data-file chunked.h5 / deflate.h5), random_chunks (--count N single-chunk reads of x0, in
the order of the shared LCG below), append (--rows N single-row appends to a (n, 8) dataset,
+ fsync), stream_write (--stream-mb M, chunk by chunk, + fsync), stream_read (--data-file F,
64 MiB slabs; check = the checksum below). Checks, run once untimed:
check_append --data-file F --rows N, stream_check --data-file F.

The layout of the files must match what CompareWithH5py expects (names below).
"""

import argparse
import json
import math
import os
import shlex
import statistics
import sys
import time

import h5py
import numpy as np

MAX_DATASET_BYTES = 1 << 30  # one h5j read returns one Java array: keep datasets <= 1 GiB
CHUNK = 131072  # float64 per 1 MiB chunk (chunked rows)
ROW = 8  # float64 per appended row
APPEND_CHUNK = 1024  # rows per chunk of the append dataset
MASK64 = (1 << 64) - 1


def data_layout(total_bytes):
    """Splits total_bytes of float64 into datasets of at most 1 GiB: list of element counts."""
    n = max(1, math.ceil(total_bytes / MAX_DATASET_BYTES))
    total = total_bytes // 8
    base, extra = divmod(total, n)
    return [base + (1 if i < extra else 0) for i in range(n)]


def data_values(count, start):
    # Same values as CompareWithH5py.fill: element i of the whole sequence is i * 0.5.
    return (np.arange(start, start + count, dtype=np.float64) * 0.5)


def prepare(a):
    os.makedirs(a.dir, exist_ok=True)
    if not a.data_only:
        prepare_metadata(a)
    # 2. Contiguous float64 data written by h5py's defaults (superblock v0, contiguous).
    arrs = arrays(a.data_mb)
    write_data(os.path.join(a.dir, "data.h5"), arrs)
    # 4. The same values with 1 MiB chunks, uncompressed and shuffle + deflate 4.
    write_data(os.path.join(a.dir, "chunked.h5"), arrs, kind="chunked")
    write_data(os.path.join(a.dir, "deflate.h5"), arrs, kind="deflate")


def prepare_metadata(a):
    # 1. A dense group (libver latest: fractal heap + v2 B-tree name index) of N links to
    #    empty groups.
    with h5py.File(os.path.join(a.dir, "links.h5"), "w", libver="latest") as f:
        g = f.create_group("g")
        for i in range(a.links):
            g.create_group("member%06d" % i)
    # 3. G groups of A scalar int64 attributes each (dense past 8), and one group holding
    #    all G * A of them.
    with h5py.File(os.path.join(a.dir, "attrs.h5"), "w", libver="latest") as f:
        spread = f.create_group("spread")
        one = f.create_group("one")
        k = 0
        for gi in range(a.attr_groups):
            grp = spread.create_group("g%03d" % gi)
            for ai in range(a.attrs_per):
                grp.attrs.create("a%04d" % ai, np.int64(k), dtype="<i8")
                one.attrs.create("a%06d" % k, np.int64(k), dtype="<i8")
                k += 1


def arrays(data_mb):
    out, start = [], 0
    for count in data_layout(data_mb * (1 << 20)):
        out.append(data_values(count, start))
        start += count
    return out


WIDE_COLS = 8192  # columns of the 2-d shape of kind "chunked_2d"
NARROW_CHUNK = (256, 512)  # its 1 MiB chunks, 4 KiB a row: narrower than the dataset


def chunk_kwargs(kind, length):
    """create_dataset arguments for kind 'contiguous', 'chunked', 'chunked_2d' or 'deflate'."""
    if kind == "contiguous":
        return {}
    if kind == "chunked_2d":
        return {"chunks": NARROW_CHUNK}
    kw = {"chunks": (min(CHUNK, length),)}
    if kind == "deflate":
        kw.update(shuffle=True, compression="gzip", compression_opts=4)
    return kw


def write_data(path, arrs, fsync=False, kind="contiguous"):
    with h5py.File(path, "w") as f:
        for i, arr in enumerate(arrs):
            if kind == "chunked_2d":
                arr = arr.reshape(-1, WIDE_COLS)
            f.create_dataset("x%d" % i, data=arr, **chunk_kwargs(kind, arr.size))
    if fsync:
        do_fsync(path)


def do_fsync(path):
    # h5j's close forces the file to disk (FileChannel.force); libhdf5's does not.
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def drop_caches():
    os.sync()
    with open("/proc/sys/vm/drop_caches", "w") as fh:
        fh.write("3\n")


def op_list_names(d, _):
    with h5py.File(os.path.join(d, "links.h5"), "r") as f:
        names = list(f["g"].keys())
    return len(names)


def op_attrs_spread(d, a):
    total = 0
    with h5py.File(os.path.join(d, "attrs.h5"), "r") as f:
        spread = f["spread"]
        for gi in range(a.attr_groups):
            attrs = dict(spread["g%03d" % gi].attrs)
            total += sum(int(v) for v in attrs.values())
    return total


def op_attrs_one(d, _):
    with h5py.File(os.path.join(d, "attrs.h5"), "r") as f:
        attrs = dict(f["one"].attrs)
    return sum(int(v) for v in attrs.values())


def op_read(d, a):
    check = 0.0
    with h5py.File(os.path.join(d, a.data_file), "r") as f:
        i = 0
        while ("x%d" % i) in f:
            arr = f["x%d" % i][()]
            check += float(arr[0]) + float(arr[-1]) + arr.size
            del arr
            i += 1
    return check


def lcg_chunks(count, nchunks):
    """Chunk numbers of the random reads; CompareWithH5py/H5jOps use the same sequence."""
    x, out = 42, []
    for _ in range(count):
        x = (x * 6364136223846793005 + 1442695040888963407) & MASK64
        out.append((x >> 33) % nchunks)
    return out


def op_random_chunks(d, a):
    """count single-chunk reads of x0; check = sum of first + last element of each."""
    check = 0.0
    with h5py.File(os.path.join(d, a.data_file), "r") as f:
        ds = f["x0"]
        n = ds.shape[0]
        for c in lcg_chunks(a.count, (n + CHUNK - 1) // CHUNK):
            arr = ds[c * CHUNK:min(n, (c + 1) * CHUNK)]
            check += float(arr[0]) + float(arr[-1])
    return check


def append_rows(path, rows):
    base = np.arange(ROW, dtype=np.float64) * 0.5  # row n holds (n * 8 + j) * 0.5
    with h5py.File(path, "w") as f:
        ds = f.create_dataset("rows", shape=(0, ROW), maxshape=(None, ROW), dtype="<f8",
                              chunks=(APPEND_CHUNK, ROW))
        for n in range(rows):
            ds.resize(n + 1, axis=0)
            ds[n] = base + n * (ROW * 0.5)
    do_fsync(path)


def append_check(path, rows, full):
    with h5py.File(path, "r") as f:
        ds = f["rows"]
        if full:
            expect = (np.arange(rows * ROW, dtype=np.float64) * 0.5).reshape(rows, ROW)
            got = ds[()]
            if got.shape != expect.shape or not np.array_equal(got, expect):
                raise SystemExit("append file %s: contents differ from the expected rows" % path)
        return ds.shape[0] + float(ds[ds.shape[0] - 1].sum())


def stream_write(path, mb):
    """Writes mb MiB of float64 chunk by chunk: chunk c holds (c * CHUNK + i) * 0.5."""
    n = mb * (1 << 20) // 8
    base = np.arange(CHUNK, dtype=np.float64)
    with h5py.File(path, "w") as f:
        ds = f.create_dataset("x", shape=(n,), dtype="<f8", chunks=(min(CHUNK, n),))
        for c in range((n + CHUNK - 1) // CHUNK):
            e = min(n, (c + 1) * CHUNK)
            ds[c * CHUNK:e] = (base[:e - c * CHUNK] + c * CHUNK) * 0.5
    do_fsync(path)
    return n


def stream_checksum(path):
    """Reads /x in 64 MiB slabs; check = wrapping sum of the float64 bit patterns as int64,
    as a signed value (the Java side sums Double.doubleToRawLongBits)."""
    slab = 8 * CHUNK * 8
    total = np.int64(0)
    with h5py.File(path, "r") as f:
        ds = f["x"]
        n = ds.shape[0]
        for s in range(0, n, slab):
            bits = ds[s:min(n, s + slab)].view(np.int64)
            total = np.int64((int(total) + int(bits.sum(dtype=np.int64)) + (1 << 63))
                             % (1 << 64) - (1 << 63))
    return int(total)


def parser():
    p = argparse.ArgumentParser()
    p.add_argument("command", choices=["prepare", "time", "versions", "check_append",
                                        "stream_check", "serve"])
    p.add_argument("--dir")
    p.add_argument("--links", type=int, default=100_000)
    p.add_argument("--attr-groups", type=int, default=100)
    p.add_argument("--attrs-per", type=int, default=100)
    p.add_argument("--data-mb", type=int, default=1024)
    p.add_argument("--data-only", action="store_true", help="prepare: skip links.h5, attrs.h5")
    p.add_argument("--op")
    p.add_argument("--warmup", type=int, default=1)
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--cold", action="store_true")
    p.add_argument("--data-file", default="data.h5")
    p.add_argument("--count", type=int, default=10_000)
    p.add_argument("--rows", type=int, default=100_000)
    p.add_argument("--stream-mb", type=int, default=4096)
    return p


def serve(p):
    """Answers `time` requests, one per stdin line, in this one process."""
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(time_op(p.parse_args(["time"] + shlex.split(line)))), flush=True)


def main():
    p = parser()
    a = p.parse_args()

    if a.command == "versions":
        print(json.dumps({"python": sys.version.split()[0], "h5py": h5py.version.version,
                          "hdf5": h5py.version.hdf5_version, "numpy": np.__version__}))
        return
    if a.command == "prepare":
        prepare(a)
        return
    if a.command == "check_append":
        print(json.dumps({"check": append_check(os.path.join(a.dir, a.data_file), a.rows,
                                                True)}))
        return
    if a.command == "stream_check":
        print(json.dumps({"check": str(stream_checksum(os.path.join(a.dir, a.data_file)))}))
        return
    if a.command == "serve":
        serve(p)
        return
    print(json.dumps(time_op(a)))


def time_op(a):
    """Times a.op a.warmup + a.reps times; the JSON object the `time` command prints."""
    before = None
    if a.op in ("write", "write_nosync", "write_chunked", "write_chunked_2d", "write_deflate"):
        arrs = arrays(a.data_mb)  # built outside the timed region, as on the Java side
        target = os.path.join(a.dir, "py_written.h5")
        fsync = a.op != "write_nosync"
        kind = {"write_chunked": "chunked", "write_chunked_2d": "chunked_2d",
                "write_deflate": "deflate"}.get(a.op, "contiguous")

        def run():
            if os.path.exists(target):
                os.remove(target)
            write_data(target, arrs, fsync, kind)
            return os.path.getsize(target)

        def before():
            if os.path.exists(target):
                os.remove(target)
            os.sync()
    elif a.op in ("append", "stream_write"):
        target = os.path.join(a.dir, "py_%s.h5" % a.op)

        def run():
            if a.op == "stream_write":
                return stream_write(target, a.stream_mb)
            append_rows(target, a.rows)
            # Reopen and read the last row (a few ms; the h5j side does the same).
            return append_check(target, a.rows, False)

        def before():
            if os.path.exists(target):
                os.remove(target)
            os.sync()
    else:
        fn = {"list_names": op_list_names, "attrs_spread": op_attrs_spread,
              "attrs_one": op_attrs_one, "read": op_read,
              "random_chunks": op_random_chunks,
              "stream_read": lambda d, a: stream_checksum(os.path.join(d, a.data_file))}[a.op]

        def run():
            return fn(a.dir, a)

        if a.cold:
            before = drop_caches

    times, cpus, check = [], [], None
    for i in range(a.warmup + a.reps):
        if before is not None:
            before()
        t0, c0 = time.perf_counter(), time.process_time()
        check = run()
        t, c = time.perf_counter() - t0, time.process_time() - c0
        if i >= a.warmup:
            times.append(t)
            cpus.append(c)
    return {"op": a.op, "times_s": times, "median_s": statistics.median(times), "cpu_s": cpus,
            "check": check}


if __name__ == "__main__":
    main()
