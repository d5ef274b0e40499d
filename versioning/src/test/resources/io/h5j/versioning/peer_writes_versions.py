# Writes a versioned file with versioned-hdf5, for CrashScenarios: argv = PATH STRINGS (1: also
# a variable-length string dataset; versioned-hdf5 master on h5py 3.7 crashes staging a second
# version of one). CrashScenarios.peerFile models the same two versions on its own.
import sys
import h5py, numpy as np
from versioned_hdf5 import VersionedHDF5File

path, strings = sys.argv[1], sys.argv[2] == "1"
with h5py.File(path, "w") as f:
    vf = VersionedHDF5File(f)
    with vf.stage_version("r1") as g:
        g.create_dataset("a", data=np.arange(40, dtype="<i4"), chunks=(8,), fillvalue=-1,
                         maxshape=(None,))
        g.create_dataset("d", data=np.arange(30, dtype="<f8").reshape(6, 5), chunks=(3, 5),
                         compression="gzip")
        if strings:
            g.create_dataset("s", data=np.array(["x%d" % i for i in range(12)], dtype=object),
                             dtype=h5py.string_dtype(), chunks=(4,), maxshape=(None,))
    with vf.stage_version("r2") as g:
        g["a"].resize((48,))
        g["a"][40:48] = 7
        g["d"][0, :] = -2.5
        if strings:
            g["s"][0] = "changed"
print("written", path)
