#!/bin/sh
# Where the bytes of a versioned file go (issue 19's commit row: the seed file of
# `h5j demo seed`), as libhdf5 accounts them: h5stat's file-space summary in one table, and
# h5py's count of dataset links in the version groups against the objects they reach (a
# dataset a version left unchanged is a second hard link to its parent's object).
#   benchmarks/seed-bytes.sh FILE     (h5stat and /usr/bin/python3 with h5py, libhdf5 1.10)
# h5stat takes minutes on a seed file with a copy of every mapping block per version.
set -eu
f=$1
h5stat "$f" | awk -v size="$(stat -c %s "$f")" '
  function row(name, n) { printf "| %s | %d | %.1f %% |\n", name, n, 100 * n / size }
  /Groups: [0-9]+\// && !g { split($2, a, "/"); gh = a[1]; g = 1 }
  /Datasets\(exclude compact data\):/ { split($4, a, "/"); dh = a[1] }
  /^\tGroups:$/ { grp = 1 }
  grp && /B-tree\/List:/ { gb = $2 }
  grp && /Heap:/ { gp = $2; grp = 0 }
  /Chunked datasets:/ { ci = 1 }
  ci && /Index:/ { idx = $2; ci = 0 }
  /^\tDatasets:$/ { ds = 1 }
  ds && /Heap:/ { heap = $2; ds = 0 }
  /Raw data:/ { raw = $3 }
  /Unaccounted space:/ { un = $3 }
  END {
    print "| part | bytes | of the file |"
    print "|---|---:|---:|"
    row("raw data (chunks of raw_data and hash_table)", raw)
    row("VDS mapping blocks (global heap)", heap)
    row("dataset object headers", dh)
    row("chunk indexes", idx)
    row("groups (headers, B-trees, local heaps)", gh + gb + gp)
    row("unaccounted (free or unreachable)", un)
    printf "| whole file | %d | |\n", size
  }'
/usr/bin/python3 - "$f" <<'PY'
import sys, h5py
links, objects = 0, set()
with h5py.File(sys.argv[1], 'r') as f:
    def visit(g):
        global links
        for name in g:
            if g.get(name, getlink=True).__class__ is not h5py.HardLink:
                continue
            o = g[name]
            if isinstance(o, h5py.Group):
                visit(o)
            else:
                links += 1
                objects.add(h5py.h5o.get_info(o.id).addr)
    visit(f['_version_data/versions'])
print()
print('%d dataset links in the version groups reach %d objects' % (links, len(objects)))
PY
