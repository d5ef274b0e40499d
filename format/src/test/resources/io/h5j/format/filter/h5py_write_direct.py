# Reads chunks encoded by h5j (JSON: {dataset: [{offset, mask, data}]}), writes them with
# write_direct_chunk into new datasets created with the same type, space and creation
# properties as the named ones, reads both back through libhdf5 and compares.
import sys, json, h5py, numpy as np
path, chunks_json = sys.argv[1], sys.argv[2]
todo = json.load(open(chunks_json))
with h5py.File(path, 'r+') as f:
    for name, chunks in todo.items():
        orig = f[name].id
        new = h5py.h5d.create(f.id, ('h5j_' + name).encode(), orig.get_type(), orig.get_space(),
                              dcpl=orig.get_create_plist())
        for c in chunks:
            new.write_direct_chunk((c['offset'],), bytes.fromhex(c['data']), c['mask'])
        a = f[name][...]
        b = f['h5j_' + name][...]
        if not np.array_equal(a, b):
            raise SystemExit('MISMATCH in %s: %s vs %s' % (name, a[:8], b[:8]))
        masks = sorted(set(c['mask'] for c in chunks))
        print('OK', name, len(chunks), 'chunks, masks', masks)
