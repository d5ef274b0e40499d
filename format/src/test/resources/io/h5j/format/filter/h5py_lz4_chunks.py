# Writes 1-D datasets through Debian's native LZ4 plugin (libh5lz4.so, filter 32004) with the
# default block size (1 GiB, so one block per chunk) and small ones (below, equal to and above
# the chunk size, and not dividing it), data that compresses and data that does not, chunks
# never written and an empty dataset; prints per dataset its filters and per stored chunk the
# stored bytes, the filter mask and the unfiltered bytes libhdf5 reads in the file's type.
import sys, json, h5py, numpy as np
path = sys.argv[1]
rng = np.random.default_rng(3)
out = []
smooth = (np.arange(6000) // 50).astype('<i4')
noise = rng.integers(0, 2**31, 6000).astype('<i4')
with h5py.File(path, 'w') as f:
    def add(name, data, chunk, opts, **kw):
        f.create_dataset(name, data=data, chunks=(chunk,), compression=32004,
                         compression_opts=opts, **kw)
    add('default_smooth', smooth, 1000, None)
    add('default_noise', noise, 1000, None)
    add('zero_block_size', smooth, 1000, (0,))
    add('b1024_smooth', smooth, 1000, (1024,))        # 4000-byte chunks: 4 blocks, last 928
    add('b1024_noise', noise, 1000, (1024,))
    add('b1024_small_chunks', smooth, 100, (1024,))   # 400-byte chunks, below the block size
    add('b4000_exact', smooth, 1000, (4000,))
    add('b1_tiny_blocks', smooth[:300], 50, (1,))
    add('b3_odd', np.arange(999, dtype='u1') % 5, 333, (3,))
    add('mixed', np.concatenate([smooth[:2000], noise[:2000]]), 1500, (1024,))
    add('zeros', np.zeros(6000, '<f8'), 1000, (1024,))
    add('edge_chunk', smooth[:2500], 1000, (1024,))  # the last chunk is partly outside
    add('empty', np.zeros(0, '<i4'), 100, None, maxshape=(None,))
    d = f.create_dataset('sparse', shape=(6000,), dtype='<i4', chunks=(1000,), compression=32004,
                         compression_opts=(512,))
    d[2000:3000] = smooth[:1000]                     # one chunk written, five never
    for name in f:
        ds = f[name]
        dsid = ds.id
        dcpl = dsid.get_create_plist()
        filters = []
        for i in range(dcpl.get_nfilters()):
            code, flags, values, fname = dcpl.get_filter(i)
            filters.append({'id': code, 'flags': flags, 'cd': [int(v) for v in values],
                            'name': fname.decode()})
        ftype = dsid.get_type()
        size = ftype.get_size()
        raw = np.empty(ds.shape[0] * size, dtype='u1')
        if ds.shape[0]:
            dsid.read(h5py.h5s.ALL, h5py.h5s.ALL, raw.view(np.dtype('V%d' % size)), mtype=ftype)
        chunk = ds.chunks[0]
        chunks = []
        for i in range(dsid.get_num_chunks()):
            off = dsid.get_chunk_info(i).chunk_offset[0]
            mask, data = dsid.read_direct_chunk((off,))
            chunks.append({'offset': off, 'mask': mask, 'stored': data.hex(),
                           'expected': raw[off * size:(off + chunk) * size].tobytes().hex()})
        out.append({'name': name, 'size': size, 'chunk': chunk, 'filters': filters,
                    'chunks': chunks})
print(json.dumps({'datasets': out}))
