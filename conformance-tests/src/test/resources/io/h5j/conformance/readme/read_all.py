# h5py reads every object, value and attribute of each file named in argv[1:]: prints "ok", or
# one line per object it could not read.
import sys, h5py

bad = []
for path in sys.argv[1:]:
    with h5py.File(path, 'r') as f:
        def visit(name, obj):
            try:
                for a in obj.attrs:
                    obj.attrs[a]
                if isinstance(obj, h5py.Dataset):
                    obj[()]
            except Exception as e:
                bad.append('%s %s: %r' % (path, name, e))
        visit('/', f)
        f.visititems(visit)
print('\n'.join(bad) if bad else 'ok')
