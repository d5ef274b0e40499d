# Writes, with libhdf5's own fill value encoding, datasets whose fill values hold global heap
# IDs or object addresses (variable-length strings and sequences, compounds and arrays of
# them, object and region references), in every layout, and attributes of the same types.
# usage: vlen_fill_values_write.py OUT.h5 earliest|latest
import sys, ctypes, h5py, numpy as np


def hdf5():
    for line in open('/proc/self/maps'):
        p = line.split()[-1]
        if '/libhdf5' in p and '_hl' not in p:
            return ctypes.CDLL(p)
    raise SystemExit('libhdf5 is not loaded')


lib = hdf5()


class Hvl(ctypes.Structure):
    _fields_ = [('len', ctypes.c_size_t), ('p', ctypes.c_void_p)]


class Pair(ctypes.Structure):
    _fields_ = [('n', ctypes.c_int32), ('s', ctypes.c_char_p)]


path, libver = sys.argv[1], sys.argv[2]
f = h5py.File(path, 'w', libver=libver)
keep = []  # C values must outlive the calls that read them


def create(name, ftype, value, layout, first=None):
    """A 5-element dataset of ftype whose fill value is the C value `value` (h5py 3.7 cannot
    set such fill values itself); `first`, when given, is written to element 0."""
    dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)
    if layout == 'chunked':
        dcpl.set_chunk((2,))
    elif layout == 'compact':
        dcpl.set_layout(h5py.h5d.COMPACT)
    keep.append(value)
    if lib.H5Pset_fill_value(ctypes.c_int64(dcpl.id), ctypes.c_int64(ftype.id),
                             ctypes.byref(value)) < 0:
        raise SystemExit('H5Pset_fill_value ' + name)
    h5py.h5d.create(f.id, name.encode(), ftype, h5py.h5s.create_simple((5,)), dcpl=dcpl)
    if first is not None:
        f[name][0] = first


vstr = h5py.h5t.C_S1.copy()
vstr.set_size(h5py.h5t.VARIABLE)
vstr.set_cset(h5py.h5t.CSET_UTF8)
vint = h5py.h5t.vlen_create(h5py.h5t.STD_I32LE)
pair = h5py.h5t.create(h5py.h5t.COMPOUND, ctypes.sizeof(Pair))
pair.insert(b'n', 0, h5py.h5t.STD_I32LE)
pair.insert(b's', Pair.s.offset, vstr)
two = h5py.h5t.array_create(vstr, (2,))
f['target'] = np.arange(10, dtype='i4')
for layout in ('contiguous', 'chunked', 'compact'):
    # chunked ones stay unwritten: libhdf5 1.10.8 reads a read-only dataset of partly
    # written chunks with a variable-length fill value as "no write intent on file"
    w = layout != 'chunked'
    create('str_' + layout, vstr, ctypes.c_char_p('string fill \u00e9'.encode()), layout,
           'written' if w else None)
    nums = (ctypes.c_int32 * 3)(7, 8, 9)
    keep.append(nums)
    create('seq_' + layout, vint, Hvl(3, ctypes.cast(nums, ctypes.c_void_p)), layout,
           np.array([1, 2], 'i4') if w else None)
    create('compound_' + layout, pair, Pair(42, b'compound fill'), layout,
           (1, b'one') if w else None)
    create('array_' + layout, two, (ctypes.c_char_p * 2)(b'left', b'right'), layout,
           np.array([b'l', b'r'], dtype=object) if w else None)
    obj = ctypes.c_uint64(0)
    if lib.H5Rcreate(ctypes.byref(obj), ctypes.c_int64(f.id.id), b'target', 0,
                     ctypes.c_int64(-1)) < 0:
        raise SystemExit('H5Rcreate object')
    create('objref_' + layout, h5py.h5t.STD_REF_OBJ, obj, layout)
    region = (ctypes.c_uint8 * 12)()
    space = f['target'].id.get_space()
    space.select_hyperslab((2,), (3,))
    if lib.H5Rcreate(region, ctypes.c_int64(f.id.id), b'target', 1,
                     ctypes.c_int64(space.id)) < 0:
        raise SystemExit('H5Rcreate region')
    create('regionref_' + layout, h5py.h5t.STD_REF_DSETREG, region, layout)

s = h5py.string_dtype()
g = f.create_group('attributes')
g.attrs['string'] = 'attribute string'
g.attrs.create('strings', np.array(['p', 'qq'], dtype=object), dtype=s)
g.attrs.create('sequences', np.array([np.arange(3, dtype='i4'), np.arange(1, dtype='i4')],
                                     dtype=object), dtype=h5py.vlen_dtype('i4'))
g.attrs.create('compound', np.array([(5, 'five')], dtype=[('n', 'i4'), ('s', s)]))
f['string_type'] = np.dtype(h5py.string_dtype())
g.attrs.create('committed_type', 'of a committed type', dtype=f['string_type'])
f['string_type'].attrs['note'] = 'on a committed type'
# more than 8 attributes: dense storage when the header allows it (libver latest)
many = f.create_group('many_attributes')
for i in range(12):
    many.attrs['s%02d' % i] = 'dense value %d' % i
f.close()
