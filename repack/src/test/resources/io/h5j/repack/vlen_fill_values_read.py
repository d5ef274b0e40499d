# Prints what libhdf5 reads in a file vlen_fill_values_write.py wrote: each dataset's values
# (references as the name, and region, they resolve to), the fill value where h5py can read
# it, and each attribute's value, one line each, sorted; a read libhdf5 refuses prints its
# error. usage: vlen_fill_values_read.py FILE.h5
import sys, h5py, numpy as np

f = h5py.File(sys.argv[1], 'r')
lines = []


def show(v):
    if isinstance(v, h5py.RegionReference):
        return 'region %s %s' % (f[v].name, f[v][v].tolist()) if v else 'null region'
    if isinstance(v, h5py.Reference):
        return 'object %s' % f[v].name if v else 'null object'
    if isinstance(v, np.ndarray):
        return [show(x) for x in v.tolist()] if v.dtype != object else [show(x) for x in v]
    if isinstance(v, (list, tuple)):
        return [show(x) for x in v]
    if isinstance(v, np.void):
        return [show(x) for x in v.tolist()]
    return v


def attempt(what, read):
    try:
        lines.append('%s: %r' % (what, show(read())))
    except Exception as e:
        lines.append('%s: error %s' % (what, e))


def visit(name, o):
    if isinstance(o, h5py.Dataset):
        attempt(name, lambda: o[...])
        if o.dtype.kind == 'O' and h5py.check_string_dtype(o.dtype):
            attempt(name + ' fill value', lambda: o.fillvalue)
    for a in o.attrs:
        attempt('%s@%s' % (name, a), lambda: o.attrs[a])


f.visititems(visit)
print('\n'.join(sorted(lines)))
