# Writes chunked datasets through the native plugins of one family (argv[2]: 'bitshuffle' for
# filter 32008, 'blosc' for 32001 through h5py and PyTables) and prints, per dataset, its
# filters and per chunk the stored bytes and the unfiltered bytes libhdf5 reads back.
import sys, json, h5py, numpy as np
path, family = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(11)
smooth = (np.arange(60000) * 3 + rng.integers(0, 40, 60000))
values = {
    'u1': (smooth % 251).astype('u1'), 'i2': (smooth % 30000).astype('<i2'),
    'i4': smooth.astype('<i4'), 'f4': (smooth / 7).astype('<f4'), 'f8': (smooth / 7.0).astype('<f8'),
    'i8be': smooth.astype('>i8'), 'v3': (smooth % 200).astype('u1').repeat(3).view('V3')[:60000],
    'v12': smooth.astype('<i4').repeat(3).view('V12')[:20000],
    'u1big': (np.arange(700000) // 7 % 251).astype('u1'),
    'rand8': rng.integers(0, 2**63, 30000).astype('<u8'),
}
specs = []
if family == 'bitshuffle':
    import hdf5plugin
    specs = [
        ('bs_lz4_i4', 'i4', 3003, dict(compression=32008, compression_opts=(0, 2))),
        ('bs_lz4_u1', 'u1', 20000, dict(compression=32008, compression_opts=(0, 2))),
        ('bs_lz4_f8_b256', 'f8', 1001, dict(compression=32008, compression_opts=(256, 2))),
        ('bs_lz4_v3', 'v3', 7777, dict(compression=32008, compression_opts=(0, 2))),
        ('bs_lz4_v12', 'v12', 1500, dict(compression=32008, compression_opts=(64, 2))),
        ('bs_lz4_rand', 'rand8', 5000, dict(compression=32008, compression_opts=(0, 2))),
        ('bs_lz4_tiny', 'i2', 5, dict(compression=32008, compression_opts=(0, 2))),
        ('bs_none_i2', 'i2', 1001, dict(compression=32008, compression_opts=(0, 0))),
        ('bs_none_f4_b16', 'f4', 999, dict(compression=32008, compression_opts=(16, 0))),
        ('bs_plugin_lz4', 'f4', 4100, dict(**hdf5plugin.Bitshuffle(nelems=0, cname='lz4'))),
        ('bs_plugin_i8be', 'i8be', 2500, dict(**hdf5plugin.Bitshuffle(nelems=512, cname='lz4'))),
    ]
elif family == 'blosc':
    # client data: revision, version, typesize, chunk bytes (set by the plugin), level, shuffle, codec
    for ci, cname in enumerate(['blosclz', 'lz4', 'lz4hc', 'snappy', 'zlib', 'zstd']):
        for sh in (0, 1, 2):
            for kind, chunk in (('i4', 5000), ('f8', 20000), ('u1', 333), ('v3', 20001)):
                lvl = 5 if (ci + sh) % 2 else 9
                specs.append(('blosc_%s_s%d_%s' % (cname, sh, kind), kind, chunk,
                              dict(compression=32001, compression_opts=(0, 0, 0, 0, lvl, sh, ci))))
        specs.append(('blosc_%s_rand' % cname, 'rand8', 3000,
                      dict(compression=32001, compression_opts=(0, 0, 0, 0, 5, 1, ci))))
        specs.append(('blosc_%s_l1_i2' % cname, 'i2', 60000,
                      dict(compression=32001, compression_opts=(0, 0, 0, 0, 1, 2, ci))))
    # several blocks per chunk: level 2 gives blosclz 64 KiB blocks, level 1 zstd 32 KiB
    specs.append(('blosc_multi_u1', 'u1big', 300000, dict(compression=32001, compression_opts=(0, 0, 0, 0, 2, 0, 0))))
    specs.append(('blosc_multi_zstd_i4', 'i4', 40000, dict(compression=32001, compression_opts=(0, 0, 0, 0, 1, 1, 5))))
    specs.append(('blosc_multi_lz4_bit', 'u1big', 300000, dict(compression=32001, compression_opts=(0, 0, 0, 0, 1, 2, 1))))
    specs.append(('blosc_multi_snappy_i2', 'i2', 50000, dict(compression=32001, compression_opts=(0, 0, 0, 0, 1, 1, 3))))
    specs.append(('blosc_big_i8be', 'i8be', 60000, dict(compression=32001, compression_opts=(0, 0, 0, 0, 9, 1, 1))))
    specs.append(('blosc_l0_i4', 'i4', 5000, dict(compression=32001, compression_opts=(0, 0, 0, 0, 0, 1, 0))))
    specs.append(('blosc_tiny_f8', 'f8', 3, dict(compression=32001, compression_opts=(0, 0, 0, 0, 5, 1, 1))))
out = []
with h5py.File(path, 'w') as f:
    for name, kind, chunk, kw in specs:
        data = values[kind]
        n = min(len(data), chunk * 3 + chunk // 2 + 1)
        f.create_dataset(name, data=data[:n], chunks=(chunk,), **kw)
if family == 'blosc':
    import tables
    with tables.open_file(path + '.tables.h5', 'w') as t:
        for lib in ['blosclz', 'lz4', 'lz4hc', 'snappy', 'zlib', 'zstd']:
            for sh, bs in ((False, False), (True, False), (False, True)):
                filt = tables.Filters(complevel=5, complib='blosc:' + lib, shuffle=sh, bitshuffle=bs)
                t.create_carray('/', 'pt_%s_%d%d' % (lib, sh, bs), obj=values['f8'][:40000],
                                filters=filt, chunkshape=(16384,))
files = [path] + ([path + '.tables.h5'] if family == 'blosc' else [])
for p in files:
    with h5py.File(p, 'r') as f:
        for name in f:
            ds = f[name]
            dsid = ds.id
            dcpl = dsid.get_create_plist()
            filters = []
            for i in range(dcpl.get_nfilters()):
                code, flags, cd, fname = dcpl.get_filter(i)
                filters.append({'id': code, 'flags': flags, 'cd': [int(v) for v in cd], 'name': fname.decode()})
            ftype = dsid.get_type()
            size = ftype.get_size()
            raw = np.empty(ds.shape[0] * size, dtype='u1')
            dsid.read(h5py.h5s.ALL, h5py.h5s.ALL, raw.view(np.dtype('V%d' % size)), mtype=ftype)
            chunk = ds.chunks[0]
            chunks = []
            for off in range(0, ds.shape[0], chunk):
                mask, data = dsid.read_direct_chunk((off,))
                chunks.append({'offset': off, 'mask': mask, 'stored': data.hex(),
                               'expected': raw[off * size:(off + chunk) * size].tobytes().hex()})
            out.append({'name': name, 'file': p, 'size': size, 'chunk': chunk, 'filters': filters,
                        'chunks': chunks})
print(json.dumps({'datasets': out}))
