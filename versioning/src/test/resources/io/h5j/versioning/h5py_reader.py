# A libhdf5 reader of Libhdf5LockTest: opens the versioned file again and again while an h5j
# writer commits, and checks every committed version against the rule its name implies
# (ConcurrentAccessProcess.line/grid). An open refused with errno 11 (the writer holds the
# file's flock exclusively) is retried; anything else counts as a bad read.
#
#   h5py_reader.py FILE DIR ID    writes DIR/ready-ID, reads until DIR/done exists (and once
#                                 after), prints "reads N retries R bad B currents C" and the
#                                 first error
#
# After every exact read it writes the current version it read to DIR/seen-ID (replaced whole,
# never half written): the writer waits for each reader to have read its last commit before
# the next, so every reader reads every commit whatever the speed of the machine.
import os
import sys
import time

import h5py
import numpy as np

path, d, ident = sys.argv[1], sys.argv[2], sys.argv[3]


def expected(k):
    i = np.arange(100 + 25 * k)
    line = i * 10 + np.where(i % 17 == k % 17, k, 0)
    r = np.arange(20 + k)[:, None]
    grid = r * 100.0 + np.arange(6)[None, :] + np.where(r == k, 0.5, 0)
    return line, grid


def check(f):
    """Reads every committed version; returns how many it checked and the current one."""
    vs = f['_version_data/versions']
    names = [v for v in vs if v != '__first_version__' and vs[v].attrs['committed']]
    current = vs.attrs['current_version']
    if isinstance(current, bytes):
        current = current.decode()
    if names and current not in names:
        raise AssertionError('current version %s is not committed: %s' % (current, names))
    for v in names:
        k = int(v[1:])
        line, grid = expected(k)
        got = vs[v]['line'][()]
        if not np.array_equal(got, line):
            raise AssertionError('%s/line differs' % v)
        if not np.array_equal(vs[v]['grid'][()], grid):
            raise AssertionError('%s/grid differs' % v)
        if vs[v].attrs['k'] != k:
            raise AssertionError('%s: attribute k = %s' % (v, vs[v].attrs['k']))
    return len(names), current if names else None


def tell(current):
    seen = os.path.join(d, 'seen-' + ident)
    with open(seen + '.tmp', 'w') as out:
        out.write(current)
    os.replace(seen + '.tmp', seen)


reads = retries = bad = 0
currents = set()
first_error = ''
open(os.path.join(d, 'ready-' + ident), 'w').close()
deadline = time.time() + 600  # only against a lost writer: it writes DIR/done when it ends
final = False
while True:
    done = os.path.exists(os.path.join(d, 'done'))
    began = time.time()
    try:
        with h5py.File(path, 'r') as f:
            n, current = check(f)
        reads += n
        if current is not None:
            currents.add(current)
            tell(current)
    except OSError as e:
        if 'errno = 11' in str(e):
            retries += 1  # the writer is changing the file: try again
            time.sleep(0.02)
            continue
        bad += 1
        first_error = first_error or repr(e)
    except Exception as e:
        bad += 1
        first_error = first_error or repr(e)
    if final or time.time() > deadline:
        break
    final = done
    # keep the file closed at least as long as it was open: libhdf5 readers whose opens
    # overlap without a gap keep a writer out (flock keeps no queue)
    time.sleep(max(0.05, time.time() - began))
print('reads', reads, 'retries', retries, 'bad', bad, 'currents', len(currents), first_error)
