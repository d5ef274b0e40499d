# Writes datasets through Debian's native H5Z-ZFP plugin (libh5zzfp.so, filter 32013, ZFP 1.0)
# by hdf5plugin's Zfp(...) options: fixed rate at several rates (short and 64-bit mode words),
# fixed precision, fixed accuracy and reversible; float32, float64, int32, int64; 1-D to 4-D
# (and a dimension of extent 1, which H5Z-ZFP drops); chunk extents not multiples of 4 and edge
# chunks; smooth, random, zero and wide-exponent data. Prints per dataset its filters, chunk
# shape and item size, and per stored chunk its offset, the stored bytes, the extent of the
# chunk inside the dataset and the bytes libhdf5 reads there (C order, the file's type), and
# the whole dataset's bytes.
import sys, json, h5py, hdf5plugin, numpy as np
path = sys.argv[1]
assert h5py.h5z.filter_avail(32013), 'the native ZFP plugin is not available'
rng = np.random.default_rng(11)

def smooth(shape, dtype):
    grids = np.meshgrid(*[np.linspace(0, 3, n) for n in shape], indexing='ij')
    v = np.ones(shape)
    for i, g in enumerate(grids):
        v = v * np.sin(g * (i + 1.3)) + g
    return (v * 100).astype(dtype)

def noise(shape, dtype):
    return (rng.standard_normal(shape) * 10.0 ** rng.integers(-5, 6, shape)).astype(dtype)

out = []
with h5py.File(path, 'w') as f:
    def add(name, data, chunks, **zfp):
        f.create_dataset(name, data=data, chunks=chunks, **hdf5plugin.Zfp(**zfp))
    add('f4_1d_rate8', smooth((1000,), '<f4'), (301,), rate=8)
    add('f8_1d_rate16_noise', noise((1001,), '<f8'), (250,), rate=16)
    add('f4_1d_rate4_noise', noise((500,), '<f4'), (123,), rate=4)
    add('f4_2d_rate4', smooth((50, 37), '<f4'), (13, 10), rate=4)
    add('f8_2d_rate32_noise', noise((40, 40), '<f8'), (16, 16), rate=32)
    add('f4_2d_rate0.5', smooth((20, 20), '<f4'), (9, 11), rate=0.5)
    add('f4_3d_rate8', smooth((20, 17, 9), '<f4'), (7, 6, 5), rate=8)
    add('f8_3d_rate16_noise', noise((12, 12, 12), '<f8'), (12, 12, 12), rate=16)
    add('f4_3d_rate40_long_mode', noise((9, 10, 11), '<f4'), (9, 10, 11), rate=40)
    add('f8_3d_rate64_long_mode', smooth((8, 8, 8), '<f8'), (5, 6, 7), rate=64)
    add('f4_unit_dim', smooth((1, 30, 30), '<f4'), (1, 10, 11), rate=8)
    add('f4_4d_rate8', smooth((6, 7, 8, 9), '<f4'), (5, 5, 5, 5), rate=8)
    add('f8_4d_rate16_noise', noise((5, 4, 6, 4), '<f8'), (5, 4, 6, 4), rate=16)
    add('f4_rate32_noise', noise((64, 64), '<f4'), (30, 33), rate=32)
    wide = noise((300,), '<f8') * 10.0 ** rng.integers(-300, 300, 300)
    wide[::7] = 0
    wide[100:140] = 0
    add('f8_wide_exponents', wide, (77,), rate=16)
    tiny = (rng.standard_normal(200) * 1e-41).astype('<f4')   # float32 subnormals
    add('f4_subnormal', tiny, (50,), rate=16)
    add('f4_zeros', np.zeros((33, 9), '<f4'), (10, 9), rate=8)
    add('i4_1d_rate16', rng.integers(-2**20, 2**20, 1000).astype('<i4'), (333,), rate=16)
    add('i4_2d_rate8', (smooth((30, 30), '<f8') * 1000).astype('<i4'), (13, 14), rate=8)
    add('i8_2d_rate32', rng.integers(-2**40, 2**40, (20, 20)).astype('<i8'), (9, 9), rate=32)
    add('f4_2d_precision12', smooth((40, 30), '<f4'), (16, 11), precision=12)
    add('f8_3d_precision30_noise', noise((10, 10, 10), '<f8'), (10, 10, 10), precision=30)
    add('f8_3d_accuracy', smooth((15, 16, 17), '<f8'), (15, 16, 17), accuracy=1e-3)
    add('f4_1d_accuracy_noise', noise((400,), '<f4'), (150,), accuracy=1e-2)
    add('f8_reversible', smooth((10, 10), '<f8'), (10, 10), reversible=True)
    for name in f:
        ds = f[name]
        dsid = ds.id
        dcpl = dsid.get_create_plist()
        filters = []
        for i in range(dcpl.get_nfilters()):
            code, flags, values, fname = dcpl.get_filter(i)
            filters.append({'id': code, 'flags': flags, 'cd': [int(v) for v in values],
                            'name': fname.decode()})
        data = ds[()]
        chunks = []
        for i in range(dsid.get_num_chunks()):
            off = dsid.get_chunk_info(i).chunk_offset
            mask, stored = dsid.read_direct_chunk(off)
            inside = [min(c, n - o) for c, n, o in zip(ds.chunks, ds.shape, off)]
            region = data[tuple(slice(o, o + k) for o, k in zip(off, inside))]
            chunks.append({'offset': list(off), 'mask': mask, 'stored': stored.hex(),
                           'inside': inside, 'expected': np.ascontiguousarray(region).tobytes().hex()})
        out.append({'name': name, 'size': ds.dtype.itemsize, 'chunk': list(ds.chunks),
                    'filters': filters, 'chunks': chunks, 'all': data.tobytes().hex()})
print(json.dumps({'datasets': out}))
