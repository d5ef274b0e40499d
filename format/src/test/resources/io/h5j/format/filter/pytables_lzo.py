# Writes, through PyTables (its LZO filter 305, lzo1x_1), Tables of records, CArrays and
# EArrays with every complevel/shuffle/fletcher32 combination and prints, per chunked dataset,
# its filters, its bytes as libhdf5 reads them in the file's type and per chunk the stored bytes
# and the filter mask. For the first whole chunk of 1-D datasets filtered by LZO alone, it adds
# that chunk in the form of PyTables 0.5-0.7: the stream, the Adler-32 of the decoded chunk and
# its length (little- and big-endian, computed here with zlib). PyTables' own read of every node must
# equal h5py's (libhdf5 with the filter PyTables registered), or the script fails.
import sys, json, struct, zlib
import numpy as np
import tables
import h5py
path = sys.argv[1]
rng = np.random.default_rng(11)


class Rec(tables.IsDescription):
    id = tables.Int32Col(pos=0)
    x = tables.Float64Col(pos=1)
    name = tables.StringCol(8, pos=2)
    flag = tables.BoolCol(pos=3)
    v = tables.Int16Col(shape=(3,), pos=4)


n = 1000
rows = np.zeros(n, dtype=[('id', '<i4'), ('x', '<f8'), ('name', 'S8'), ('flag', '?'),
                          ('v', '<i2', (3,))])
rows['id'] = np.arange(n)
rows['x'] = np.arange(n) / 7.0
rows['name'] = [b'n%d' % (i % 37) for i in range(n)]
rows['flag'] = np.arange(n) % 3 == 0
rows['v'] = (np.arange(3 * n) % 11).reshape(n, 3)
grid = (np.sin(np.arange(40 * 50) / 30.0) * 100).astype('<f4').reshape(40, 50)
with tables.open_file(path, 'w') as f:
    for level in (1, 5, 9):
        for shuffle in (False, True):
            for fletcher in (False, True):
                filt = tables.Filters(complib='lzo', complevel=level, shuffle=shuffle,
                                      fletcher32=fletcher)
                g = f.create_group('/', 'l%d_s%d_f%d' % (level, shuffle, fletcher))
                t = f.create_table(g, 'table', Rec, filters=filt, chunkshape=(300,))
                t.append(rows)
                f.create_carray(g, 'carray_f4', obj=grid, chunkshape=(16, 20), filters=filt)
                e = f.create_earray(g, 'earray_i8', atom=tables.Int64Atom(), shape=(0,),
                                    chunkshape=(500,), filters=filt)
                e.append(np.arange(2100, dtype='<i8') // 3)
                e2 = f.create_earray(g, 'earray_2d', atom=tables.Float64Atom(), shape=(0, 7),
                                     chunkshape=(64, 7), filters=filt)
                e2.append(np.arange(7 * 150, dtype='<f8').reshape(150, 7) % 13)
                # incompressible: PyTables' filter fails, chunks stored unfiltered
                f.create_carray(g, 'random_u1', obj=rng.integers(0, 256, 5000, dtype='u1'),
                                chunkshape=(1000,), filters=filt)
                # shorter than the chunk: the last chunk holds fill
                f.create_carray(g, 'small_u2', obj=np.arange(70, dtype='<u2'),
                                chunkshape=(64,), filters=filt)
    pt = {}
    for node in f.walk_nodes('/', 'Leaf'):
        pt[node._v_pathname] = node.read()
out = []
with h5py.File(path, 'r') as f:
    def visit(name, ds):
        if not isinstance(ds, h5py.Dataset) or ds.chunks is None:
            return
        if not np.array_equal(ds[...], pt['/' + name]):
            raise SystemExit('PyTables and h5py differ on ' + name)
        dsid = ds.id
        dcpl = dsid.get_create_plist()
        filters = []
        for i in range(dcpl.get_nfilters()):
            code, flags, values, fname = dcpl.get_filter(i)
            filters.append({'id': code, 'flags': flags, 'cd': [int(v) for v in values],
                            'name': fname.decode()})
        ftype = dsid.get_type()
        size = ftype.get_size()
        raw = np.empty(int(np.prod(ds.shape)) * size, dtype='u1')
        dsid.read(h5py.h5s.ALL, h5py.h5s.ALL, raw.view(np.dtype('V%d' % size)), mtype=ftype)
        lzo_only = [x['id'] for x in filters] == [305]
        chunk = ds.chunks
        chunk_bytes = size * int(np.prod(chunk))
        chunks = []
        for i in range(dsid.get_num_chunks()):
            info = dsid.get_chunk_info(i)
            mask, data = dsid.read_direct_chunk(info.chunk_offset)
            c = {'offset': list(info.chunk_offset), 'mask': mask, 'stored': data.hex()}
            whole = raw[info.chunk_offset[0] * size:(info.chunk_offset[0] + chunk[0]) * size]
            if lzo_only and ds.ndim == 1 and mask == 0 and len(whole) == chunk_bytes \
                    and not any('oldLE' in x for x in chunks):
                for order, key in (('<', 'oldLE'), ('>', 'oldBE')):
                    c[key] = (data + struct.pack(order + 'II', zlib.adler32(whole.tobytes()),
                                                 len(whole))).hex()
            chunks.append(c)
        out.append({'name': name, 'size': size, 'chunkBytes': chunk_bytes, 'filters': filters,
                    'shape': list(ds.shape), 'chunk': list(chunk), 'raw': raw.tobytes().hex(),
                    'chunks': chunks})
    f.visititems(visit)
print(json.dumps({'datasets': out}))
