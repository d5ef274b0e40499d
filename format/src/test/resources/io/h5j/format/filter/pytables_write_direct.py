# Reads chunks encoded by h5j (JSON: {dataset path: [{offset: [..], mask, data}]}), writes them
# with write_direct_chunk into new datasets "h5j_<name>" beside the named ones, created with the
# same type, space and creation properties and given the same attributes, so that PyTables
# sees the same kind of node. Then PyTables and h5py (libhdf5 with the LZO filter PyTables
# registers) each read both and compare.
import sys, json
import numpy as np
import tables
import h5py
path, chunks_json = sys.argv[1], sys.argv[2]
todo = json.load(open(chunks_json))


def twin(name):
    head, _, tail = name.rpartition('/')
    return (head + '/' if head else '') + 'h5j_' + tail


with h5py.File(path, 'r+') as f:
    for name, chunks in todo.items():
        orig = f[name]
        new = h5py.h5d.create(f.id, twin(name).encode(), orig.id.get_type(),
                              orig.id.get_space(), dcpl=orig.id.get_create_plist())
        for c in chunks:
            new.write_direct_chunk(tuple(c['offset']), bytes.fromhex(c['data']), c['mask'])
        for k, v in orig.attrs.items():
            f[twin(name)].attrs[k] = v
        if not np.array_equal(orig[...], f[twin(name)][...]):
            raise SystemExit('h5py MISMATCH in ' + name)
with tables.open_file(path, 'r') as f:
    for name, chunks in todo.items():
        a = f.get_node('/' + name).read()
        b = f.get_node('/' + twin(name)).read()
        if not np.array_equal(a, b):
            raise SystemExit('PyTables MISMATCH in ' + name)
        masks = sorted(set(c['mask'] for c in chunks))
        print('OK', name, len(chunks), 'chunks, masks', masks)
