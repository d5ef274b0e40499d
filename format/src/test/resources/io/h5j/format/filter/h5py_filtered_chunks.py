# Writes small chunked datasets through every filter libhdf5/h5py have built in and prints,
# per dataset, its filters, its object header address and per chunk the stored bytes, the
# filter mask and the unfiltered bytes (libhdf5's read in the file's own type).
import sys, json, h5py, numpy as np
path = sys.argv[1]
rng = np.random.default_rng(7)
out = []
with h5py.File(path, 'w') as f:
    def add(name, data, chunks, **kw):
        f.create_dataset(name, data=data, chunks=chunks, **kw)
    base = np.arange(4000, dtype='<i4') * 3 + rng.integers(0, 50, 4000)
    add('gzip', base, (1000,), compression='gzip', compression_opts=6)
    add('shuffle_gzip', base.astype('<i8'), (1000,), shuffle=True, compression='gzip')
    add('fletcher32', base.astype('<i2'), (999,) , fletcher32=True)
    add('odd_fletcher', np.arange(999, dtype='u1'), (333,), fletcher32=True)
    add('shuffle_fletcher_gzip', base.astype('<f8') / 7, (500,), shuffle=True, fletcher32=True, compression='gzip')
    add('lzf', base, (1000,), compression='lzf')
    add('lzf_random', rng.integers(0, 2**31, 4000).astype('<i4'), (1000,), compression='lzf')
    add('lzf_big', np.tile(np.arange(100000, dtype='<i4'), 1), (50000,), compression='lzf', shuffle=True)
    add('scaleoffset_int', base, (1000,), scaleoffset=0)
    add('scaleoffset_u2_fill', (base % 3000).astype('<u2'), (800,), scaleoffset=0, fillvalue=7)
    add('scaleoffset_i8_be', (base - 5000).astype('>i8'), (800,), scaleoffset=0)
    add('scaleoffset_f8', base.astype('<f8') / 7, (1000,), scaleoffset=3)
    add('scaleoffset_f4', (base.astype('<f4') / 7), (1000,), scaleoffset=2)
    add('scaleoffset_f4_fill', (base.astype('<f4') / 7), (1000,), scaleoffset=2, fillvalue=1.5)
    # n-bit: a 32-bit unsigned type holding 12 significant bits at bit offset 3
    for name, base_t, prec, off, shape_n in [('nbit_u4', h5py.h5t.STD_U32LE, 12, 3, 1000),
                                             ('nbit_i2_be', h5py.h5t.STD_I16BE, 9, 0, 1000)]:
        tid = base_t.copy()
        tid.set_precision(prec)
        tid.set_offset(off)
        dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)
        dcpl.set_chunk((250,))
        dcpl.set_filter(5, 0)
        space = h5py.h5s.create_simple((shape_n,))
        dsid = h5py.h5d.create(f.id, name.encode(), tid, space, dcpl=dcpl)
        vals = (base[:shape_n] % (1 << (prec - 1))).astype('<i4')
        if 'i2' in name:
            vals = vals - (1 << (prec - 2))
        dsid.write(h5py.h5s.ALL, h5py.h5s.ALL, vals)
    for name in f:
        ds = f[name]
        dsid = ds.id
        dcpl = dsid.get_create_plist()
        filters = []
        for i in range(dcpl.get_nfilters()):
            code, flags, values, fname = dcpl.get_filter(i)
            filters.append({'id': code, 'flags': flags, 'cd': [int(v) for v in values], 'name': fname.decode()})
        ftype = dsid.get_type()
        size = ftype.get_size()
        raw = np.empty(ds.shape[0] * size, dtype='u1')
        # read in the file's own type: the bytes are the unfiltered chunk contents
        dsid.read(h5py.h5s.ALL, h5py.h5s.ALL, raw.view(np.dtype('V%d' % size)), mtype=ftype)
        chunk = ds.chunks[0]
        chunks = []
        for off in range(0, ds.shape[0], chunk):
            mask, data = dsid.read_direct_chunk((off,))
            chunks.append({'offset': off, 'mask': mask, 'stored': data.hex(),
                           'expected': raw[off * size:(off + chunk) * size].tobytes().hex()})
        out.append({'name': name, 'size': size, 'chunk': chunk, 'filters': filters, 'chunks': chunks,
                    'addr': h5py.h5o.get_info(dsid).addr})
# the same pipelines in a libver='latest' file, whose messages libhdf5 writes as version 2
latest = []
with h5py.File(path + '.latest.h5', 'w', libver='latest') as f:
    for name, kw in [('shuffle_gzip', dict(shuffle=True, compression='gzip')),
                     ('lzf_fletcher', dict(compression='lzf', fletcher32=True)),
                     ('scaleoffset', dict(scaleoffset=3))]:
        ds = f.create_dataset(name, data=np.arange(100.0), chunks=(10,), **kw)
        dcpl = ds.id.get_create_plist()
        filters = []
        for i in range(dcpl.get_nfilters()):
            code, flags, values, fname = dcpl.get_filter(i)
            filters.append({'id': code, 'flags': flags, 'cd': [int(v) for v in values], 'name': fname.decode()})
        latest.append({'name': name, 'filters': filters, 'addr': h5py.h5o.get_info(ds.id).addr})
print(json.dumps({'datasets': out, 'latest': latest}))
