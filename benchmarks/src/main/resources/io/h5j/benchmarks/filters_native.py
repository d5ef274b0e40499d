# The native side of LzoLz4VersusNative: writes the same data through PyTables' LZO (305,
# liblzo) and Debian's LZ4 plugin (32004, liblz4), and unfiltered, through libhdf5 (h5py, after
# `import tables` registered LZO), then prints one flat JSON line {"codec.dataset.field": value}
# with fields stored (bytes), sha (SHA-256 of the little-endian data), path, shuffle (0/1) and
# chunk (elements). Then it times one whole write or read per line "write|read CODEC DATASET"
# on stdin, answering with the wall and CPU seconds of this process, so that the caller can
# alternate with its own runs.
#   filters_native.py DIR MIB
import sys, os, json, time, hashlib
import numpy as np
import tables
import h5py

work, mib = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(1)
n8 = mib * 2**20 // 8
DATA = {
    # a smooth signal with 2-decimal noise: shuffle makes its high bytes compressible
    'f8': (np.round(np.sin(np.arange(n8) / 5000.0) * 1000 + rng.normal(0, 0.5, n8), 2), True),
    # slowly rising counters: long matches
    'i4': ((np.arange(mib * 2**20 // 4) // 7).astype('<i4'), False),
}
CHUNK_BYTES = 1 << 20


def write(codec, path, name, data, shuffle):
    chunk = (CHUNK_BYTES // data.itemsize,)
    if codec == 'lzo':
        with tables.open_file(path, 'w') as f:
            f.create_carray('/', name, obj=data, chunkshape=chunk,
                            filters=tables.Filters(complib='lzo', complevel=1, shuffle=shuffle))
    else:
        kw = dict(compression=32004, shuffle=shuffle) if codec == 'lz4' else {}
        with h5py.File(path, 'w') as f:
            f.create_dataset(name, data=data, chunks=chunk, **kw)


def read(path, name):
    with h5py.File(path, 'r') as f:
        return f[name][...]


out = {}
for codec in ('none', 'lzo', 'lz4'):
    for name, (data, shuffle) in DATA.items():
        path = os.path.join(work, 'native-%s-%s.h5' % (codec, name))
        write(codec, path, name, data, shuffle)
        if not np.array_equal(read(path, name), data):
            raise SystemExit('read back differs: %s %s' % (codec, name))
        with h5py.File(path, 'r') as f:
            stored = f[name].id.get_storage_size()
        fields = {'stored': stored, 'sha': hashlib.sha256(data.tobytes()).hexdigest(),
                  'path': path, 'shuffle': int(shuffle), 'chunk': CHUNK_BYTES // data.itemsize}
        for k, v in fields.items():
            out['%s.%s.%s' % (codec, name, k)] = v
print(json.dumps(out), flush=True)
# then one timed operation per request line "read|write CODEC DATASET", answered with seconds
for line in sys.stdin:
    op, codec, name = line.split()
    data, shuffle = DATA[name]
    path = os.path.join(work, 'native-%s-%s.h5' % (codec, name))
    if op == 'write':
        os.remove(path)
        t0, c0 = time.perf_counter(), time.process_time()
        write(codec, path, name, data, shuffle)
    else:
        t0, c0 = time.perf_counter(), time.process_time()
        read(path, name)
    print(time.perf_counter() - t0, time.process_time() - c0, flush=True)
