# szip through libhdf5 1.10 (libaec): three modes.
#   write PATH          writes szip datasets of many types, options, chunk shapes and data;
#                       prints JSON [{name, filters, chunk_bytes, chunks: [{offset, mask,
#                       data, expected}]}]: each chunk as stored and as libhdf5 reads it back
#                       (the chunk's region of the dataset, the rest of an edge chunk zero).
#   direct PATH JSON    writes the chunks h5j encoded ({name: [{offset, mask, data}]}) with
#                       write_direct_chunk into twins of the datasets and compares the values.
#   twin PATH OUT JSON  for each dataset of h5j's file (JSON {name: [mode, ppb, values]})
#                       creates the same dataset with h5py in OUT; prints, per dataset, whether
#                       the values h5py reads are h5j's and filters and stored chunk bytes are
#                       libhdf5's.
import sys, json, h5py, numpy as np

def data(kind, shape, dt, rng):
    n = int(np.prod(shape))
    dt = np.dtype(dt)
    if kind == 'constant':
        a = np.full(n, 7, dtype=dt)
    elif dt.kind == 'f':
        if kind == 'random':
            a = rng.standard_normal(n).astype(dt)
        else:
            a = (np.sin(np.arange(n) / 40.0) * 100).astype(dt)
    else:
        info = np.iinfo(dt)
        if kind == 'random':
            a = rng.integers(info.min, info.max, n, dtype=dt.newbyteorder('='),
                             endpoint=True).astype(dt)
        else:
            a = (np.cumsum(rng.integers(-3, 4, n)) + (0 if info.min < 0 else 500)).astype(dt)
    return a.reshape(shape)

def chunk_offsets(ds):
    return [ds.id.get_chunk_info(i).chunk_offset for i in range(ds.id.get_num_chunks())]

def expected(ds, off):
    ch = ds.chunks
    region = tuple(slice(o, min(o + c, s)) for o, c, s in zip(off, ch, ds.shape))
    full = np.zeros(ch, dtype=ds.dtype)
    part = ds[region]
    full[tuple(slice(0, p) for p in part.shape)] = part
    return full.tobytes()

mode = sys.argv[1]
if mode == 'write':
    rng = np.random.default_rng(7)
    dtypes = ['i1', 'u1', '<i2', '>i2', '<u2', '>u2', '<i4', '>i4', '<u4', '<i8', '>u8',
              '<f4', '>f4', '<f8', '>f8']
    opts = [('nn', 8), ('ec', 16), ('nn', 32), ('ec', 4), ('nn', 2), ('ec', 32), ('nn', 16)]
    shapes = [((1000,), (100,)), ((37, 53), (10, 21)), ((5000,), (5000,)), ((6, 4), (3, 4)),
              ((3, 7, 9), (2, 7, 5)), ((300,), (77,))]
    out = []
    with h5py.File(sys.argv[2], 'w') as f:
        i = 0
        for dt in dtypes:
            for kind in ['random', 'smooth', 'constant']:
                shape, chunks = shapes[i % len(shapes)]
                o = opts[i % len(opts)]
                if np.prod(chunks) < 32 and o[1] > 8:
                    o = (o[0], 8)
                name = 'd%02d_%s_%s_%s%d' % (i, dt.replace('<', 'le').replace('>', 'be'), kind,
                                             o[0], o[1])
                i += 1
                ds = f.create_dataset(name, data=data(kind, shape, dt, rng), chunks=chunks,
                                      compression='szip', compression_opts=o)
                p = ds.id.get_create_plist()
                filters = [dict(id=x[0], flags=x[1], cd=list(x[2]), name=x[3].decode())
                           for x in (p.get_filter(j) for j in range(p.get_nfilters()))]
                cs = []
                for off in chunk_offsets(ds):
                    mask, raw = ds.id.read_direct_chunk(off)
                    cs.append(dict(offset=list(off), mask=mask, data=raw.hex(),
                                   expected=expected(ds, off).hex()))
                out.append(dict(name=name, filters=filters,
                                chunk_bytes=int(np.prod(chunks)) * ds.dtype.itemsize, chunks=cs))
    print(json.dumps(out))
elif mode == 'direct':
    todo = json.load(open(sys.argv[3]))
    with h5py.File(sys.argv[2], 'r+') as f:
        for name, chunks in todo.items():
            orig = f[name].id
            new = h5py.h5d.create(f.id, ('h5j_' + name).encode(), orig.get_type(),
                                  orig.get_space(), dcpl=orig.get_create_plist())
            for c in chunks:
                new.write_direct_chunk(tuple(c['offset']), bytes.fromhex(c['data']), c['mask'])
            same = np.array_equal(f[name][...], f['h5j_' + name][...])
            print('ok' if same else 'MISMATCH ' + name)
elif mode == 'twin':
    todo = json.load(open(sys.argv[4]))
    with h5py.File(sys.argv[2], 'r') as o, h5py.File(sys.argv[3], 'w') as l:
        for name, (m, ppb, values) in todo.items():
            src = o[name]
            problems = []
            if not np.array_equal(src[...].ravel(), np.array(values, dtype=src.dtype)):
                problems.append('values differ')
            d = l.create_dataset(name, shape=src.shape, dtype=src.dtype, chunks=src.chunks,
                                 compression='szip', compression_opts=(m, ppb))
            d[...] = src[...]
            pa = src.id.get_create_plist().get_filter(0)
            pb = d.id.get_create_plist().get_filter(0)
            if (pa[0], pa[1], tuple(pa[2])) != (pb[0], pb[1], tuple(pb[2])):
                problems.append('filters %s vs libhdf5 %s' % (pa[:3], pb[:3]))
            for off in chunk_offsets(d):
                if src.id.read_direct_chunk(off) != d.id.read_direct_chunk(off):
                    problems.append('chunk %s differs' % (off,))
            print('ok' if not problems else name + ': ' + '; '.join(problems))
