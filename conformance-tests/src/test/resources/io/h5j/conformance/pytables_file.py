# Writes a PyTables 3.7 file of every common kind of node, all compressed with LZO (filter 305;
# no Blosc): Tables of flat and nested records with an index, Array, CArray, EArray, VLArrays of
# numbers, strings and pickled objects, and PyTables' attributes: its own CLASS/VERSION/TITLE
# and system attributes, numbers, strings, arrays and pickled Python objects. (No complex
# columns: h5py reads them as numpy complex, which the canonical form does not describe.)
import sys
import numpy as np
import tables

path = sys.argv[1]
lzo = tables.Filters(complib='lzo', complevel=5, shuffle=True)


class Inner(tables.IsDescription):
    a = tables.Float32Col(pos=0)
    b = tables.UInt8Col(shape=(2,), pos=1)


class Rec(tables.IsDescription):
    id = tables.Int64Col(pos=0)
    x = tables.Float64Col(pos=1)
    label = tables.StringCol(6, pos=2)
    flag = tables.BoolCol(pos=3)
    color = tables.EnumCol(['red', 'green', 'blue'], 'green', base='uint8', pos=4)
    inner = Inner()


with tables.open_file(path, 'w', title='h5j PyTables sample') as f:
    g = f.create_group('/', 'data', 'grouped data')
    t = f.create_table(g, 'records', Rec, 'records table', filters=lzo, chunkshape=(128,))
    r = t.row
    for i in range(700):
        r['id'] = i * 3
        r['x'] = i / 9.0
        r['label'] = b'r%d' % (i % 50)
        r['flag'] = i % 4 == 0
        r['color'] = i % 3
        r['inner/a'] = i * 0.5
        r['inner/b'] = (i % 256, (i * 7) % 256)
        r.append()
    t.flush()
    t.cols.id.create_index(filters=lzo)
    t.attrs.units = 'm/s'
    t.attrs.scale = 2.5
    t.attrs.count = np.int32(7)
    t.attrs.ranges = np.arange(6, dtype='<i2').reshape(2, 3)
    t.attrs.pickled_list = [1, 'two', 3.0]
    t.attrs.pickled_dict = {'a': 1, 'b': [2, 3]}
    t.attrs.flag = True
    t.attrs.uni = 'grüße'
    f.create_array(g, 'plain', np.arange(12, dtype='>i4').reshape(3, 4), 'contiguous array')
    f.create_carray(g, 'grid', obj=np.linspace(0, 1, 60 * 70).reshape(60, 70), filters=lzo,
                    chunkshape=(16, 16))
    e = f.create_earray(g, 'growing', atom=tables.Int16Atom(), shape=(0, 5), filters=lzo,
                        chunkshape=(40, 5))
    e.append((np.arange(5 * 333) % 1000).astype('<i2').reshape(333, 5))
    v = f.create_vlarray(g, 'ragged', tables.Int32Atom(), filters=lzo)
    for i in range(40):
        v.append(np.arange(i % 9, dtype='<i4') * i)
    s = f.create_vlarray('/', 'strings', tables.VLStringAtom(), filters=lzo)
    for i in range(25):
        s.append(b'text %d ' % i * (i % 4))
    o = f.create_vlarray('/', 'objects', tables.ObjectAtom(), filters=lzo)
    for i in range(10):
        o.append({'i': i, 'sq': [i * i]})
    f.root._v_attrs.note = 'root attribute'
    f.root._v_attrs.pickled_tuple = (1, 2)
    f.root._v_attrs.empty_list = []
import h5py
lzo_datasets = []
with h5py.File(path, 'r') as f:
    def visit(name, obj):
        if isinstance(obj, h5py.Dataset) and obj.chunks:
            pl = obj.id.get_create_plist()
            if 305 in [pl.get_filter(i)[0] for i in range(pl.get_nfilters())]:
                lzo_datasets.append(name)
    f.visititems(visit)
print('ok, LZO datasets:', len(lzo_datasets))
