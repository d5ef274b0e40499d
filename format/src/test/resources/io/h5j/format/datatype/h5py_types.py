# Prints "name|datatype message hex|element bytes hex" for types made by h5py/libhdf5.
# The datatype message is H5Tencode's output without its 2-byte prefix (message id, version).
import h5py
import numpy as np

def enc(tid):
    return tid.encode()[2:].hex()

def line(name, dtype, value=None, logical=False):
    tid = h5py.h5t.py_create(np.dtype(dtype), logical=logical)
    raw = b"" if value is None else np.array(value, dtype=dtype).tobytes()
    print(f"{name}|{enc(tid)}|{raw.hex()}")

line("f16", "<f2", [1.5])
line("f32be", ">f4", [-2.25])
line("f64", "<f8", [1e300])
line("i8", "i1", [-5])
line("u8", "u1", [200])
line("i16be", ">i2", [-300])
line("u64", "<u8", [2**64 - 1])
line("s7", "S7", [b"abc"])
line("cmp", [("a", "<i4"), ("b", ">f8")], [(7, 0.5)])
line("enum", h5py.enum_dtype({"RED": 0, "GREEN": 5}, basetype="u1"), None, logical=True)
tid = h5py.h5t.py_create(np.dtype(("<i4", (2, 3))))
print(f"arr|{enc(tid)}|{np.arange(1, 7, dtype='<i4').tobytes().hex()}")
line("vstr", h5py.string_dtype("utf-8"), None, logical=True)
line("vseq", h5py.vlen_dtype(np.dtype("<i4")), None, logical=True)

bf = h5py.h5t.IEEE_F32LE.copy()
bf.set_fields(15, 7, 8, 0, 7)
bf.set_offset(0)
bf.set_precision(16)
bf.set_size(2)
bf.set_ebias(127)
raw = (np.array([1.5], dtype="<f4").view("<u4") >> 16).astype("<u2").tobytes()
print(f"bf16|{enc(bf)}|{raw.hex()}")
