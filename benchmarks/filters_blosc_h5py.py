# The native side of BloscFilterBenchmark, through h5py and the Debian HDF5 plugins (Blosc 32001,
# bitshuffle 32008). argv: 'native' DIR REPS CASE... writes DIR/native-CASE.h5 from DIR/data.bin
# (float64) REPS times and reads it back REPS times; prints per case a line 'NAME WRITE READ SUM'
# (median seconds, sum of the values read). 'verify' DIR CASE... reads DIR/h5j-CASE.h5 (written
# by h5j); prints per case 'NAME SUM'.
# A CASE is name:filter-id:opt,opt,... (h5py's compression_opts), chunks of CHUNK elements.
import sys, time, statistics, h5py, numpy as np
CHUNK = 131072
mode, d = sys.argv[1], sys.argv[2]
def parse(c):
    name, fid, opts = c.split(':')
    return name, int(fid), tuple(int(v) for v in opts.split(','))
if mode == 'native':
    reps = int(sys.argv[3])
    data = np.fromfile(d + '/data.bin', dtype='<f8')
    for c in sys.argv[4:]:
        name, fid, opts = parse(c)
        path = '%s/native-%s.h5' % (d, name)
        w, r = [], []
        for _ in range(reps):
            t0 = time.perf_counter()
            with h5py.File(path, 'w') as f:
                f.create_dataset('x', data=data, chunks=(CHUNK,), compression=fid, compression_opts=opts)
            w.append(time.perf_counter() - t0)
        for _ in range(reps):
            t0 = time.perf_counter()
            with h5py.File(path, 'r') as f:
                a = f['x'][...]
            r.append(time.perf_counter() - t0)
        print(name, statistics.median(w), statistics.median(r), repr(float(a.sum())))
else:
    for c in sys.argv[3:]:
        name, fid, opts = parse(c)
        with h5py.File('%s/h5j-%s.h5' % (d, name), 'r') as f:
            print(name, repr(float(f['x'][...].sum())))
