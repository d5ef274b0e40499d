# The h5py side of CompareSzipWithH5py (libhdf5 1.10 with szip over libaec).
#   prepare DIR MB      writes DIR/in.h5: szip datasets of MB MiB each (1 MiB chunks)
#   read FILE NAME      reads the dataset twice; prints the second read's wall and CPU seconds
#   write FILE NAME OUT reads the dataset (untimed), then writes it with the same szip options
#                       into OUT twice; prints the second write's wall and CPU seconds
import sys, time, h5py, numpy as np

# name: (dtype, szip options, row length)
DATASETS = {
    'f32_nn32': ('<f4', ('nn', 32), 1024),
    'f64_ec32': ('<f8', ('ec', 32), 512),
    'i16_nn16': ('<i2', ('nn', 16), 2048),
    'i8_ec8': ('i1', ('ec', 8), 4096),
}

def values(dtype, n, rng):
    t = np.arange(n)
    if dtype == '<f4':  # a smooth signal with noise in the low mantissa bits
        return (np.sin(t / 500.0) * 1000 + rng.standard_normal(n)).astype(dtype)
    if dtype == '<f8':  # whole numbers, as counts stored as doubles: low mantissa bytes zero
        return np.round(np.sin(t / 500.0) * 1e6 + rng.integers(-50, 51, n)).astype(dtype)
    if dtype == '<i2':
        return np.cumsum(rng.integers(-40, 41, n)).astype(dtype)
    return (rng.integers(-6, 7, n) + 20 * np.sin(t / 300.0)).astype(dtype)

def timed(op):
    op()
    w0, c0 = time.perf_counter(), time.process_time()
    op()
    return '%.6f %.6f' % (time.perf_counter() - w0, time.process_time() - c0)

mode = sys.argv[1]
if mode == 'prepare':
    rng = np.random.default_rng(1)
    mb = int(sys.argv[3])
    with h5py.File(sys.argv[2] + '/in.h5', 'w') as f:
        for name, (dt, opts, row) in DATASETS.items():
            size = np.dtype(dt).itemsize
            n = mb * 2**20 // size
            a = values(dt, n, rng).reshape(-1, row)
            f.create_dataset(name, data=a, chunks=(2**20 // size // row, row),
                             compression='szip', compression_opts=opts)
    print(' '.join(DATASETS))
elif mode == 'read':
    with h5py.File(sys.argv[2], 'r') as f:
        d = f[sys.argv[3]]
        print(timed(lambda: d[...]))
elif mode == 'write':
    name = sys.argv[3]
    with h5py.File(sys.argv[2], 'r') as f:
        a = f[name][...]
        chunks = f[name].chunks
    dt, opts, row = DATASETS[name]
    def write():
        with h5py.File(sys.argv[4], 'w') as o:
            o.create_dataset(name, data=a, chunks=chunks, compression='szip',
                             compression_opts=opts)
    print(timed(write))
