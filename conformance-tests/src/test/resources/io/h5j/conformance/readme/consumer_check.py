# h5py's reading of the files the consumer program GridReport wrote in folder argv[1]: one
# key=value line per result, formatted as the program formats its own.
import sys, os, h5py, numpy as np

d = sys.argv[1]

def floats(a):
    return '[' + ', '.join(repr(float(x)) for x in np.asarray(a).ravel()) + ']'

def names(xs):
    return '[' + ', '.join(xs) + ']'

def text(v):
    return v.decode() if isinstance(v, bytes) else str(v)

def dtype_name(ds):
    if h5py.check_ref_dtype(ds.dtype) is h5py.Reference:
        return 'reference (object)'
    return ds.dtype.name

out = []
with h5py.File(os.path.join(d, 'grid.h5'), 'r') as f:
    t = f['obs/temperature']
    out.append('shape=[%s]' % ', '.join(str(n) for n in t.shape))
    out.append('slice=' + floats(t[2:5, ::2]))
    out.append('row7=' + floats(t[()][7]))
    out.append('scale=' + repr(float(t.attrs['scale'])))
    out.append('units=' + text(t.attrs['units']))
    out.append('station=' + text(f['obs'].attrs['station']))
    walked = []
    f.visit(lambda name: walked.append('/' + name))
    out.append('walk=' + names(sorted(walked)))
    datasets = []
    f.visititems(lambda name, o: datasets.append('/%s %s' % (name, dtype_name(o)))
                 if isinstance(o, h5py.Dataset) else None)
    out.append('datasets=' + names(sorted(datasets)))
    refs = f['index'][()]
    out.append('references=' + names(f[r].name for r in refs))
    out.append('reference_row0=' + floats(f[refs[0]][0, :]))
    out.append('compression=%s %s %s' % (t.compression, t.compression_opts, t.chunks))
with h5py.File(os.path.join(d, 'grid-versions.h5'), 'r') as f:
    versions = f['_version_data/versions']
    out.append('versions=' + names(sorted(k for k in versions if k != '__first_version__')))
    out.append('v1_row4=' + floats(versions['v1/temperature'][4]))
    out.append('v2_row4=' + floats(versions['v2/temperature'][4]))
print('\n'.join(out))
