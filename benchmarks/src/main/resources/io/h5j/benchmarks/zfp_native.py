# The native side of ZfpVersusNative: writes the same data through Debian's H5Z-ZFP plugin
# (libh5zzfp.so, filter 32013, ZFP 1.0; hdf5plugin's Zfp options) and unfiltered, through
# libhdf5 (h5py), then prints one flat JSON line {"dataset.field": value} with fields path,
# stored (bytes) and sha (SHA-256 of the data libhdf5 reads back, little-endian). Then it times
# one whole read per line "read DATASET" on stdin, answering with the wall and CPU seconds of
# this process, so that the caller can alternate with its own runs.
#   zfp_native.py DIR MIB
import sys, os, json, time, hashlib
import numpy as np
import h5py
import hdf5plugin

work, mib = sys.argv[1], int(sys.argv[2])
assert h5py.h5z.filter_avail(32013), 'the native ZFP plugin is not available'
side = int(round((mib * 2**20 / 4) ** (1 / 3) / 4)) * 4          # float32 cube of ~MIB MiB
g = np.linspace(0, 6, side)
cube = (np.sin(g)[:, None, None] * np.cos(2 * g)[None, :, None] + g[None, None, :]).astype('<f4')
n8 = mib * 2**20 // 8
rows = 1024
plane = (np.sin(np.arange(n8) / 3000.0) * 1000).reshape(rows, -1)
rng = np.random.default_rng(1)
plane = (plane + rng.normal(0, 0.1, plane.shape)).astype('<f8')
# name: (data, chunks, hdf5plugin.Zfp options or None for unfiltered)
DATA = {
    'f4_3d_rate8': (cube, (64, 64, 64), dict(rate=8)),
    'f4_3d_none': (cube, (64, 64, 64), None),
    'f8_2d_rate16': (plane, (256, 512), dict(rate=16)),
    'f8_2d_none': (plane, (256, 512), None),
    'f8_2d_accuracy': (plane, (256, 512), dict(accuracy=1e-3)),
}


def path_of(name):
    return os.path.join(work, 'native-zfp-%s.h5' % name)


def read(name):
    with h5py.File(path_of(name), 'r') as f:
        return f[name][...]


out = {}
for name, (data, chunks, zfp) in DATA.items():
    with h5py.File(path_of(name), 'w') as f:
        kw = hdf5plugin.Zfp(**zfp) if zfp is not None else {}
        f.create_dataset(name, data=data, chunks=chunks, **kw)
    back = read(name)
    with h5py.File(path_of(name), 'r') as f:
        stored = f[name].id.get_storage_size()
    out[name + '.path'] = path_of(name)
    out[name + '.stored'] = stored
    out[name + '.raw'] = data.nbytes
    out[name + '.sha'] = hashlib.sha256(back.tobytes()).hexdigest()
print(json.dumps(out), flush=True)
for line in sys.stdin:
    op, name = line.split()
    t0, c0 = time.perf_counter(), time.process_time()
    read(name)
    print(time.perf_counter() - t0, time.process_time() - c0, flush=True)
