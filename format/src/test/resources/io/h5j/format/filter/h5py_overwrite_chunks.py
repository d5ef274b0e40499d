# Reads chunks encoded by h5j (JSON: {dataset: [{offset, mask, data}]}), reads each named
# dataset through libhdf5, overwrites its chunks in place with write_direct_chunk, reads it
# again and compares. In place, because creating a copy from the dataset's creation properties
# runs a plugin's set-local step again, which some plugins (bitshuffle 0.3.5) do not expect.
import sys, json, h5py, numpy as np
path, chunks_json = sys.argv[1], sys.argv[2]
todo = json.load(open(chunks_json))
with h5py.File(path, 'r+') as f:
    for name, chunks in todo.items():
        a = f[name][...]
        for c in chunks:
            f[name].id.write_direct_chunk((c['offset'],), bytes.fromhex(c['data']), c['mask'])
        f.flush()
        b = f[name][...]
        if not np.array_equal(a.view('u1'), b.view('u1')):
            raise SystemExit('MISMATCH in %s: %s vs %s' % (name, a[:8], b[:8]))
        masks = sorted(set(c['mask'] for c in chunks))
        print('OK', name, len(chunks), 'chunks, masks', masks)
