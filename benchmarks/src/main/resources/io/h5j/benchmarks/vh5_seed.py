"""The seed workload of `h5j demo seed` (DemoSeedCommand) done by versioned-hdf5, for
io.h5j.benchmarks.PeerTable's commit row: 95 datasets of 2-D float64 in 32 x 32 chunks, 11
chunk columns and 4-40 chunk rows, in version v0000; then 100 versions, each rewriting 10 % of
the chunks of 25 % of the datasets with new random values (--small: 10 datasets, 8 x 8
chunks, 10 versions). The random draws are numpy's, not h5j's: the same amount of work, not
the same values. Prints "total: SECONDS s, file size BYTES bytes" (the workload, without the
interpreter's start and imports).

  PYTHON vh5_seed.py OUT [--small]      (PYTHON: a versioned-hdf5 peer, setup-peer.sh)
"""

import os
import sys
import time

import h5py
import numpy as np
from versioned_hdf5 import VersionedHDF5File


def main():
    out = sys.argv[1]
    small = "--small" in sys.argv[2:]
    datasets, versions, chunk = (10, 10, 8) if small else (95, 100, 32)
    rnd = np.random.default_rng(1)
    shapes = [((4 + (36 * i) // (datasets - 1)) * chunk, 11 * chunk) for i in range(datasets)]
    if os.path.exists(out):
        os.remove(out)
    t0 = time.perf_counter()
    with h5py.File(out, "w") as f:
        vf = VersionedHDF5File(f)
        with vf.stage_version("v0000") as sv:
            for i, shape in enumerate(shapes):
                sv.create_dataset("ds_%03d" % i, data=rnd.random(shape), chunks=(chunk, chunk))
        for v in range(1, versions + 1):
            with vf.stage_version("v%04d" % v) as sv:
                for i in rnd.permutation(datasets)[:max(1, datasets // 4)]:
                    ds = sv["ds_%03d" % i]
                    chunks = shapes[i][0] // chunk * 11
                    for _ in range(max(1, chunks // 10)):
                        at = int(rnd.integers(chunks))
                        r, c = at // 11 * chunk, at % 11 * chunk
                        ds[r:r + chunk, c:c + chunk] = rnd.random((chunk, chunk))
    fd = os.open(out, os.O_RDONLY)  # h5j's commits are durable; make this file so too
    os.fsync(fd)
    os.close(fd)
    print("total: %.3f s, file size %d bytes" % (time.perf_counter() - t0, os.path.getsize(out)))


if __name__ == "__main__":
    main()
