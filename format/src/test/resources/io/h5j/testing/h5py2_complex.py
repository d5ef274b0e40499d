"""h5py 3.16 / libhdf5 2.0 oracle for HDF5 2.0's complex number class (11).

usage: h5py2_complex.py write FILE   writes the complex datasets and attributes below
       h5py2_complex.py read FILE    prints every complex value libhdf5 reads from FILE

`read` prints one line per dataset, attribute and compound member holding complex numbers
(and PATH|committed CLASS|BYTES| per committed datatype):
PATH|CLASS|BYTES|V V V ...: CLASS the libhdf5 class of the complex part ('complex', or the
class libhdf5 reports when it is something else), BYTES the complex element size, and each
V the hex (float.hex) of a real or an imaginary part, element by element in C order.
"""
import sys

import h5py
import numpy as np
from h5py import h5t, h5s, h5d, h5a

VALUES = [1 + 2j, -0.5 + (1 / 3) * 1j, complex(float('nan'), float('inf')),
          complex(-0.0, -float('inf')), complex(1e-310, 3.4e38), complex(1e300, -1e-300)]


def values(np_dtype, n):
    """n values of VALUES (repeated) as np_dtype, parts cast the way numpy casts them."""
    v = np.array([VALUES[i % len(VALUES)] for i in range(n)], np.complex128)
    with np.errstate(over='ignore'):
        return v.astype(np_dtype)


def write(path):
    with h5py.File(path, 'w') as f:
        for name, t, dt in [('c64', h5t.COMPLEX_IEEE_F32LE, '<c8'),
                            ('c128', h5t.COMPLEX_IEEE_F64LE, '<c16'),
                            ('c64be', h5t.COMPLEX_IEEE_F32BE, '>c8'),
                            ('c128be', h5t.COMPLEX_IEEE_F64BE, '>c16')]:
            f.create_dataset(name, data=values(dt, 6), dtype=t)
        # half-precision parts: numpy has no complex32, so the bytes are built from float16s
        with np.errstate(over='ignore'):
            half = values('<c8', 6).view('<f4').astype('<f2')
        ds = h5d.create(f.id, b'c32', h5t.COMPLEX_IEEE_F16LE, h5s.create_simple((6,)))
        ds.write(h5s.ALL, h5s.ALL, half, mtype=h5t.COMPLEX_IEEE_F16LE)
        # x87 80-bit extended parts in 16 bytes each (h5j reads them as the nearest doubles)
        ds = h5d.create(f.id, b'c256', h5t.NATIVE_LDOUBLE_COMPLEX, h5s.create_simple((6,)))
        ds.write(h5s.ALL, h5s.ALL, values(np.clongdouble, 6))
        f.create_dataset('c128_2d_chunked', data=values('<c16', 12).reshape(3, 4),
                         dtype=h5t.COMPLEX_IEEE_F64LE, chunks=(2, 2), compression='gzip')
        f.create_dataset('scalar', data=np.complex128(3 - 4j), dtype=h5t.COMPLEX_IEEE_F64LE)
        # attrs.create(dtype=<complex TypeID>) writes a compound {r, i}: h5a writes the class
        a = h5a.create(f['c64'].id, b'attr_c128', h5t.COMPLEX_IEEE_F64LE, h5s.create_simple((4,)))
        a.write(values('<c16', 4))
        a = h5a.create(f['c64'].id, b'attr_scalar_c64', h5t.COMPLEX_IEEE_F32LE,
                       h5s.create(h5s.SCALAR))
        a.write(np.array(0.25 - 8j, '<c8'))
        # a compound with complex members (one big-endian) and an array of complex
        ct = h5t.create(h5t.COMPOUND, 8 + 16 + 8)
        ct.insert(b'a', 0, h5t.IEEE_F64LE)
        ct.insert(b'z', 8, h5t.COMPLEX_IEEE_F64LE)
        ct.insert(b'w', 24, h5t.COMPLEX_IEEE_F32BE)
        rows = np.zeros(3, [('a', '<f8'), ('z', '<c16'), ('w', '>c8')])
        rows['a'] = [1.5, -2.5, 7]
        rows['z'] = values('<c16', 3)
        rows['w'] = values('>c8', 4)[1:]
        ds = h5d.create(f.id, b'compound', ct, h5s.create_simple((3,)))
        ds.write(h5s.ALL, h5s.ALL, rows, mtype=ct)
        at = h5t.array_create(h5t.COMPLEX_IEEE_F32LE, (2, 3))
        ds = h5d.create(f.id, b'array', at, h5s.create_simple((2,)))
        ds.write(h5s.ALL, h5s.ALL, values('<c8', 12).reshape(2, 2, 3), mtype=at)
        a = h5a.create(f.id, b'attr_array', at, h5s.create_simple((1,)))
        a.write(values('<c8', 6).reshape(1, 2, 3), mtype=at)
        h5t.COMPLEX_IEEE_F64BE.copy().commit(f.id, b'named_c128be')


def parts(arr, t):
    """The hex of every part of the complex elements of type t in arr (as stored)."""
    base = t.get_super()
    size = base.get_size()
    order = '>' if base.get_order() == h5t.ORDER_BE else '<'
    flat = np.ascontiguousarray(arr).view(np.uint8).reshape(-1)
    f = np.frombuffer(flat.tobytes(), order + {2: 'f2', 4: 'f4', 8: 'f8', 16: 'f16'}[size])
    return ' '.join(float(x).hex() for x in f)


def report(path, t, raw):
    if t.get_class() == h5t.COMPLEX:
        print('%s|complex|%d|%s' % (path, t.get_size(), parts(raw, t)))
    elif t.get_class() == h5t.COMPOUND:
        for i in range(t.get_nmembers()):
            mt = t.get_member_type(i)
            off = t.get_member_offset(i)
            mem = np.ascontiguousarray(raw).view(np.uint8).reshape(-1, t.get_size())
            report(path + '.' + t.get_member_name(i).decode(), mt,
                   np.ascontiguousarray(mem[:, off:off + mt.get_size()]))
    elif t.get_class() == h5t.ARRAY:
        report(path + '[]', t.get_super(), raw)


def read(path):
    with h5py.File(path, 'r') as f:
        objs = []
        f.visititems(lambda n, o: objs.append(('/' + n, o)))
        objs.insert(0, ('/', f['/']))
        for name, o in objs:
            if isinstance(o, h5py.Datatype):
                t = o.id
                print('%s|committed %s|%d|' % (name, 'complex' if t.get_class() == h5t.COMPLEX
                                               else t.get_class(), t.get_size()))
            if isinstance(o, h5py.Dataset):
                t = o.id.get_type()
                raw = np.empty(o.shape, 'V%d' % t.get_size())
                o.id.read(h5s.ALL, h5s.ALL, raw, mtype=t)
                report(name, t, raw)
            if isinstance(o, (h5py.Dataset, h5py.Group)):
                for an in o.attrs:
                    a = h5a.open(o.id, an.encode())
                    t = a.get_type()
                    raw = np.empty(a.shape, 'V%d' % t.get_size())
                    a.read(raw, mtype=t)
                    report(name + '@' + an, t, raw)


if sys.argv[1] == 'write':
    write(sys.argv[2])
else:
    read(sys.argv[2])
