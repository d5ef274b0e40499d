# Blosc2 oracles in the venv of PyTables 3.11 and python-blosc2. argv[1]:
#  'write' PATH: PyTables writes arrays with complib 'blosc2:*' (filter 32026; ranks 1 to 3,
#     shuffles, codecs, element sizes); prints per array its name, element size, chunk shape and
#     per chunk the stored bytes (read_chunk) and the chunk's contents as libhdf5 reads them.
#  'check' PATH JSON: writes h5j's chunks ({name: [[coords], hex]}) over each array's chunks with
#     write_chunk and prints 'ok NAME' when PyTables reads the array back unchanged.
#  'chunks': python-blosc2 compresses raw chunks (delta, truncation, special values, every codec)
#     and prints [{name, typesize, data, chunk}].
#  'decode' JSON: python-blosc2 decompresses each [hex] chunk; prints [hex].
import sys, json, itertools, numpy as np
mode = sys.argv[1]
if mode in ('write', 'check'):
    import tables
rng = np.random.default_rng(3)

def arrays():
    base = (np.arange(200000) * 5 + rng.integers(0, 30, 200000))
    yield 'lz4_s1_f8', (base / 3.0), (25000,), 'blosc2:lz4', dict(shuffle=True)
    yield 'blosclz_s1_i4', base.astype('<i4'), (30000,), 'blosc2:blosclz', dict(shuffle=True)
    yield 'zstd_bit_i2', (base % 20000).astype('<i2'), (40000,), 'blosc2:zstd', dict(bitshuffle=True)
    yield 'zlib_s0_u1', (base % 251).astype('u1'), (50000,), 'blosc2:zlib', dict(shuffle=False)
    yield 'lz4hc_s1_f4', (base / 7).astype('<f4'), (33333,), 'blosc2:lz4hc', dict(shuffle=True)
    yield 'lz4_rand_u8', rng.integers(0, 2**63, 20000).astype('<u8'), (7000,), 'blosc2:lz4', dict(shuffle=True)
    yield 'lz4_zeros_f8', np.zeros(30000), (10000,), 'blosc2:lz4', dict(shuffle=True)
    yield 'lz4_l9_big_f8', base[:200000] / 11.0, (200000,), 'blosc2:lz4', dict(shuffle=True, complevel=9)
    yield 'zstd_2d_f8', (base[:60000] / 3.0).reshape(200, 300), (50, 60), 'blosc2:zstd', dict(shuffle=True)
    yield 'lz4_2d_bit_i4', base[:120000].astype('<i4').reshape(300, 400), (100, 100), 'blosc2:lz4', dict(bitshuffle=True)
    yield 'blosclz_3d_u2', (base[:96000] % 60000).astype('<u2').reshape(40, 60, 40), (20, 30, 40), 'blosc2:blosclz', dict(shuffle=True)
    yield 'lz4_2d_edges_f4', (base[:23 * 37] / 9).astype('<f4').reshape(23, 37), (10, 16), 'blosc2:lz4', dict(shuffle=True)
    yield 'zlib_2d_odd_i8', base[:42000].astype('<i8').reshape(210, 200), (70, 25), 'blosc2:zlib', dict(shuffle=True)

if mode == 'write':
    out = []
    with tables.open_file(sys.argv[2], 'w') as t:
        for name, data, chunk, lib, kw in arrays():
            level = kw.pop('complevel', 5)
            t.create_carray('/', name, obj=data, chunkshape=chunk,
                            filters=tables.Filters(complevel=level, complib=lib, **kw))
    with tables.open_file(sys.argv[2]) as t:
        for name, data, chunk, lib, kw in arrays():
            node = t.root[name]
            chunks = []
            grid = [range(0, s, c) for s, c in zip(node.shape, chunk)]
            for coords in itertools.product(*grid):
                stored = bytes(node.read_chunk(coords))
                part = node[tuple(slice(c, c + k) for c, k in zip(coords, chunk))]
                full = np.zeros(chunk, dtype=node.dtype)
                full[tuple(slice(0, s) for s in part.shape)] = part
                edge = part.shape != tuple(chunk)
                chunks.append({'coords': list(coords), 'stored': stored.hex(), 'edge': edge,
                               'expected': full.tobytes().hex(),
                               'valid': part.size * node.dtype.itemsize if len(chunk) == 1 else len(full.tobytes())})
            codes = {'blosclz': 0, 'lz4': 1, 'lz4hc': 2, 'zlib': 4, 'zstd': 5}
            f = node.filters
            shuffle = 2 if f.bitshuffle else 1 if f.shuffle else 0
            nbytes = int(np.prod(chunk)) * node.dtype.itemsize
            cd = [1, 0, node.dtype.itemsize, nbytes, f.complevel, shuffle, codes[lib.split(':')[1]]]
            if len(chunk) > 1:
                cd += [len(chunk)] + list(chunk)
            out.append({'name': name, 'size': node.dtype.itemsize, 'chunk': list(chunk),
                        'cd': cd, 'chunks': chunks})
    print(json.dumps(out))
elif mode == 'check':
    todo = json.load(open(sys.argv[3]))
    with tables.open_file(sys.argv[2], 'a') as t:
        for name, chunks in todo.items():
            node = t.root[name]
            before = node[...]
            for coords, data in chunks:
                node.write_chunk(tuple(coords), np.frombuffer(bytes.fromhex(data), dtype='u1'))
            t.flush()
            after = node[...]
            print(('ok ' if np.array_equal(before.view('u1'), after.view('u1')) else 'MISMATCH ') + name)
elif mode == 'chunks':
    import blosc2
    F, C = blosc2.Filter, blosc2.Codec
    smooth = np.arange(50000) * 3 + rng.integers(0, 9, 50000)
    cases = [
        ('delta_shuffle_i4', smooth.astype('<i4'), dict(codec=C.LZ4, filters=[F.DELTA, F.SHUFFLE], filters_meta=[0, 0])),
        ('delta_u1', (smooth % 256).astype('u1'), dict(codec=C.BLOSCLZ, filters=[F.DELTA], filters_meta=[0])),
        ('delta_bit_f8', smooth / 3.0, dict(codec=C.ZSTD, filters=[F.DELTA, F.BITSHUFFLE], filters_meta=[0, 0])),
        ('trunc_shuffle_f8', smooth / 7.0, dict(codec=C.ZLIB, filters=[F.TRUNC_PREC, F.SHUFFLE], filters_meta=[20, 0])),
        ('trunc_f4', (smooth / 7.0).astype('<f4'), dict(codec=C.LZ4HC, filters=[F.TRUNC_PREC, F.BITSHUFFLE], filters_meta=[10, 0])),
        ('bit_odd_v3', (smooth % 200).astype('u1')[:30001 * 3], dict(typesize=3, codec=C.LZ4, filters=[F.BITSHUFFLE], filters_meta=[0])),
        ('shuffle_meta2_i8', smooth.astype('<i8'), dict(codec=C.LZ4, filters=[F.SHUFFLE], filters_meta=[2])),
        ('zeros_f8', np.zeros(20000), dict(codec=C.LZ4, filters=[F.SHUFFLE], filters_meta=[0])),
        ('ones_i4', np.ones(20000, dtype='<i4'), dict(codec=C.ZSTD, filters=[F.SHUFFLE], filters_meta=[0])),
        ('small_i2', smooth[:40].astype('<i2'), dict(codec=C.BLOSCLZ, filters=[F.SHUFFLE], filters_meta=[0])),
        ('split_blosclz_i4', smooth.astype('<i4'), dict(codec=C.BLOSCLZ, filters=[F.SHUFFLE], filters_meta=[0], splitmode=blosc2.SplitMode.ALWAYS_SPLIT, blocksize=16384)),
        ('zstd_l9_f8', smooth / 5.0, dict(codec=C.ZSTD, clevel=9, filters=[F.SHUFFLE], filters_meta=[0], blocksize=65536)),
    ]
    out = []
    for name, data, kw in cases:
        typesize = kw.pop('typesize', data.dtype.itemsize)
        buf = data.tobytes()
        chunk = blosc2.compress2(buf, typesize=typesize, **kw)
        out.append({'name': name, 'typesize': typesize, 'data': buf.hex(), 'chunk': bytes(chunk).hex()})
    print(json.dumps(out))
elif mode == 'decode':
    import blosc2
    todo = json.load(open(sys.argv[2]))
    print(json.dumps([bytes(blosc2.decompress2(bytes.fromhex(c))).hex() for c in todo]))
