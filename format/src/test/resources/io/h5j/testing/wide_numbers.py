"""libhdf5 oracle for integers wider than 8 bytes and floats wider than 16 (h5py low-level API).

usage: wide_numbers.py write FILE   writes the datasets below
       wide_numbers.py read FILE    prints what libhdf5 reads from every dataset of FILE

`read` prints one line per dataset (and attribute, PATH@NAME): PATH|TYPE|RAW|VALUES, TYPE
"int SIZE PRECISION OFFSET SIGNED ORDER" or "float SIZE PRECISION OFFSET SPOS EPOS ESIZE MPOS
MSIZE EBIAS ORDER" as libhdf5 describes it, RAW the hex of the stored elements, VALUES the
integers (from the raw bytes, padding bits dropped) or, for floats, the float.hex of each
element as libhdf5 converts it to a native double.
"""
import sys

import h5py
import numpy as np
from h5py import h5t, h5s, h5d, h5a

INTS = [0, 1, -1, 7, 2 ** 200 + 12345, -(2 ** 255), 2 ** 255 - 1, -(2 ** 130) - 3]
UINTS = [0, 1, 2 ** 150 - 1, 2 ** 64, 12345678901234567890123456789, 2 ** 149]
DOUBLES = [0.0, -0.0, 1.0, -2.5, 1 / 3, 1e300, -1e-300, 5e-324, float('inf'),
           -float('inf'), 1.7976931348623157e308]


def int_type(size, precision, offset, signed, order):
    t = h5t.NATIVE_INT64.copy()
    t.set_size(size)
    t.set_precision(precision)
    t.set_offset(offset)
    t.set_sign(h5t.SGN_2 if signed else h5t.SGN_NONE)
    t.set_order(order)
    return t


def float_type(size, exponent, mantissa, order):
    """An IEEE-style layout of 1 + exponent + mantissa bits from bit 0, in size bytes."""
    t = h5t.IEEE_F64LE.copy()
    t.set_size(size)
    bits = 1 + exponent + mantissa
    t.set_precision(bits)
    t.set_fields(bits - 1, mantissa, exponent, 0, mantissa)
    t.set_ebias(2 ** (exponent - 1) - 1)
    t.set_order(order)
    return t


def raw_ints(values, t):
    size, prec, off = t.get_size(), t.get_precision(), t.get_offset()
    order = 'big' if t.get_order() == h5t.ORDER_BE else 'little'
    out = b''
    for v in values:
        out += ((v % (1 << prec)) << off).to_bytes(size, order)
    return np.frombuffer(out, 'V%d' % size)


def float_bits(t, sign, biased, mantissa):
    """The raw bytes of one element of float type t with the given fields."""
    spos, epos, esize, mpos, msize = t.get_fields()
    v = sign << spos | biased << epos | mantissa << mpos
    return v.to_bytes(t.get_size(), 'big' if t.get_order() == h5t.ORDER_BE else 'little')


def dataset(f, name, t, raw=None, doubles=None):
    n = len(raw) if raw is not None else len(doubles)
    ds = h5d.create(f.id, name.encode(), t, h5s.create_simple((n,)))
    if raw is not None:
        ds.write(h5s.ALL, h5s.ALL, raw, mtype=t)
    else:
        ds.write(h5s.ALL, h5s.ALL, np.array(doubles, '<f8'), mtype=h5t.NATIVE_DOUBLE)
    return ds


def write(path):
    with h5py.File(path, 'w') as f:
        i256 = int_type(32, 256, 0, True, h5t.ORDER_LE)
        dataset(f, 'int256', i256, raw_ints(INTS, i256))
        i256be = int_type(32, 256, 0, True, h5t.ORDER_BE)
        dataset(f, 'int256be', i256be, raw_ints(INTS, i256be))
        u150 = int_type(24, 150, 10, False, h5t.ORDER_BE)
        dataset(f, 'uint150_in_24_bytes_be', u150, raw_ints(UINTS, u150))
        i200 = int_type(40, 200, 3, True, h5t.ORDER_LE)
        dataset(f, 'int200_in_40_bytes', i200, raw_ints(INTS[:5] + [-(2 ** 199)], i200))
        a = h5a.create(f['int256'].id, b'attr_int256', i256, h5s.create_simple((3,)))
        a.write(raw_ints(INTS[4:7], i256), mtype=i256)
        f256 = float_type(32, 19, 236, h5t.ORDER_LE)
        dataset(f, 'float256', f256, doubles=DOUBLES)
        f256be = float_type(32, 19, 236, h5t.ORDER_BE)
        dataset(f, 'float256be', f256be, doubles=DOUBLES)
        f64bytes = float_type(64, 19, 236, h5t.ORDER_LE)  # bits 256..511 are padding
        dataset(f, 'float256_in_64_bytes', f64bytes, doubles=DOUBLES)
        f24 = float_type(24, 15, 112, h5t.ORDER_LE)  # a quad's fields in 24 bytes
        dataset(f, 'quad_in_24_bytes', f24, doubles=DOUBLES)
        # beyond a double: 2^5000, -2^-5000, and 1 + 2^-100 (rounds to 1.0), NaN
        bias = 2 ** 18 - 1
        raw = b''.join([float_bits(f256, 0, bias + 5000, 0), float_bits(f256, 1, bias - 5000, 0),
                        float_bits(f256, 0, bias, 1 << 136),
                        float_bits(f256, 0, 2 ** 19 - 1, 1 << 235)])
        dataset(f, 'float256_beyond_double', f256, raw=np.frombuffer(raw, 'V32'))


def describe(t):
    order = 'BE' if t.get_order() == h5t.ORDER_BE else 'LE'
    if t.get_class() == h5t.INTEGER:
        return 'int %d %d %d %d %s' % (t.get_size(), t.get_precision(), t.get_offset(),
                                       t.get_sign(), order)
    return 'float %d %d %d %s %d %s' % (t.get_size(), t.get_precision(), t.get_offset(),
                                        ' '.join(map(str, t.get_fields())), t.get_ebias(), order)


def values(t, raw, read_double):
    if t.get_class() == h5t.INTEGER:
        size, prec, off = t.get_size(), t.get_precision(), t.get_offset()
        order = 'big' if t.get_order() == h5t.ORDER_BE else 'little'
        out = []
        for e in raw:
            v = int.from_bytes(e.tobytes(), order) >> off & ((1 << prec) - 1)
            if t.get_sign() == h5t.SGN_2 and v >> (prec - 1):
                v -= 1 << prec
            out.append(str(v))
        return ' '.join(out)
    d = np.empty(raw.shape, '<f8')
    read_double(d)
    return ' '.join(float(x).hex() for x in d)


def read(path):
    with h5py.File(path, 'r') as f:
        for name in sorted(f):
            ds = f[name].id
            t = ds.get_type()
            raw = np.empty(f[name].shape, 'V%d' % t.get_size())
            ds.read(h5s.ALL, h5s.ALL, raw, mtype=t)
            print('/%s|%s|%s|%s' % (name, describe(t), raw.tobytes().hex(), values(
                t, raw, lambda d: ds.read(h5s.ALL, h5s.ALL, d, mtype=h5t.NATIVE_DOUBLE))))
            for an in f[name].attrs:
                a = h5a.open(ds, an.encode())
                t = a.get_type()
                raw = np.empty(a.shape, 'V%d' % t.get_size())
                a.read(raw, mtype=t)
                print('/%s@%s|%s|%s|%s' % (name, an, describe(t), raw.tobytes().hex(), values(
                    t, raw, lambda d: a.read(d, mtype=h5t.NATIVE_DOUBLE))))


if sys.argv[1] == 'write':
    write(sys.argv[2])
else:
    read(sys.argv[2])
