# h5py's reading of the files the README's quick tour writes, run in order in folder argv[1]:
# prints "ok" or one line per difference from what the tour says it wrote.
import sys, os, h5py, numpy as np

d = sys.argv[1]
bad = []

def expect(what, got, want):
    if not np.array_equal(np.asarray(got), np.asarray(want)):
        bad.append('%s: got %r, expected %r' % (what, got, want))

def text(v):
    return v.decode() if isinstance(v, bytes) else v

x_after = [[1, -1, 3], [4, -2, 6]]
with h5py.File(os.path.join(d, 'tour.h5'), 'r') as f:
    expect('tour.h5 /runs/day1/x', f['runs/day1/x'][()], x_after)
    expect('tour.h5 /latest/x (soft link)', f['latest/x'][()], x_after)
    expect('tour.h5 operator', text(f['runs/day1'].attrs['operator']), 'ada')
    s = f['runs/day1/series']
    expect('series shape', s.shape, (2, 8))
    expect('series maxshape', s.maxshape, (None, 8))
    expect('series chunks', s.chunks, (1024, 8))
    expect('series filters', [s.shuffle, s.compression, s.compression_opts], [True, 'gzip', 4])
    expect('series values', s[()], np.zeros((2, 8)))
with h5py.File(os.path.join(d, 'tour-gzip.h5'), 'r') as f:
    expect('tour-gzip.h5 x', f['runs/day1/x'][()], x_after)
    expect('tour-gzip.h5 x filter', [f['runs/day1/x'].compression, f['runs/day1/x'].compression_opts], ['gzip', 6])
    expect('tour-gzip.h5 series', f['runs/day1/series'][()], np.zeros((2, 8)))
    expect('tour-gzip.h5 operator', text(f['runs/day1'].attrs['operator']), 'ada')
with h5py.File(os.path.join(d, 'versions.h5'), 'r') as f:
    versions = f['_version_data/versions']
    expect('versions.h5 current', text(versions.attrs['current_version']), 'v2')
    expect('versions.h5 v1/x', versions['v1/x'][()], [1, 2, 3, 4])
    expect('versions.h5 v2/x', versions['v2/x'][()], [1, 20, 3, 4])
    expect('versions.h5 v2 parent', text(versions['v2'].attrs['prev_version']), 'v1')
with h5py.File(os.path.join(d, 'v1.h5'), 'r') as f:
    expect('v1.h5 x', f['x'][()], [1, 2, 3, 4])
print('\n'.join(bad) if bad else 'ok')
