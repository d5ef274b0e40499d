"""ctypes bindings to the libhdf5 2.0 that h5py 3.16's wheel bundles, for what h5py cannot do:
revised references (H5R_ref_t, HDF5 1.12+). Used by the fixture generator
(fixtures/revised-refs/generate.py) and by the oracle (refs_oracle.py) beside this file.

Run under the venv's interpreter (see README.md): h5py must be the 3.16 wheel, so that h5py's
objects and these calls share one loaded libhdf5 and h5py's ids (obj.id.id) are valid here.
"""
import ctypes
import glob
import os

import h5py

_libs = os.path.join(os.path.dirname(h5py.__file__), os.pardir, "h5py.libs")
_found = sorted(glob.glob(os.path.join(_libs, "libhdf5-*.so*")))
if not _found:
    raise SystemExit("no bundled libhdf5 beside h5py " + h5py.__file__ + ": not the h5py 3.16 wheel")
lib = ctypes.CDLL(os.path.realpath(_found[0]))

hid = ctypes.c_int64
herr = ctypes.c_int
hsize = ctypes.c_uint64
P = ctypes.c_void_p
S = ctypes.c_char_p
DEFAULT = 0  # H5P_DEFAULT

# H5R_ref_t: 64 opaque bytes, 8-byte aligned.
Ref = ctypes.c_uint64 * 8
REF_SIZE = ctypes.sizeof(Ref)

# H5R_type_t
OBJECT2, DATASET_REGION2, ATTR = 2, 3, 4
# H5T_class_t
T_COMPOUND, T_REFERENCE, T_VLEN, T_ARRAY = 6, 7, 9, 10
# H5S_sel_type
SEL_NONE, SEL_POINTS, SEL_HYPERSLABS, SEL_ALL = 0, 1, 2, 3
# H5O_type_t
OBJ_TYPES = {0: "group", 1: "dataset", 2: "datatype"}


def _sig(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


_sig("H5open", herr)
_sig("H5get_libversion", herr, P, P, P)
_sig("H5Rcreate_object", herr, hid, S, hid, P)
_sig("H5Rcreate_region", herr, hid, S, hid, hid, P)
_sig("H5Rcreate_attr", herr, hid, S, S, hid, P)
_sig("H5Rdestroy", herr, P)
_sig("H5Rget_type", ctypes.c_int, P)
_sig("H5Ropen_object", hid, P, hid, hid)
_sig("H5Ropen_region", hid, P, hid, hid)
_sig("H5Ropen_attr", hid, P, hid, hid)
_sig("H5Rget_obj_type3", herr, P, hid, P)
_sig("H5Rget_file_name", ctypes.c_ssize_t, P, P, ctypes.c_size_t)
_sig("H5Rget_attr_name", ctypes.c_ssize_t, P, P, ctypes.c_size_t)
_sig("H5Iget_name", ctypes.c_ssize_t, hid, P, ctypes.c_size_t)
_sig("H5Aget_name", ctypes.c_ssize_t, hid, ctypes.c_size_t, P)
_sig("H5Screate_simple", hid, ctypes.c_int, P, P)
_sig("H5Screate", hid, ctypes.c_int)
_sig("H5Sclose", herr, hid)
_sig("H5Sselect_hyperslab", herr, hid, ctypes.c_int, P, P, P, P)
_sig("H5Sselect_elements", herr, hid, ctypes.c_int, ctypes.c_size_t, P)
_sig("H5Sselect_all", herr, hid)
_sig("H5Sselect_none", herr, hid)
_sig("H5Sget_select_type", ctypes.c_int, hid)
_sig("H5Sget_simple_extent_ndims", ctypes.c_int, hid)
_sig("H5Sget_simple_extent_npoints", ctypes.c_int64, hid)
_sig("H5Sget_select_hyper_nblocks", ctypes.c_int64, hid)
_sig("H5Sget_select_hyper_blocklist", herr, hid, hsize, hsize, P)
_sig("H5Sget_select_elem_npoints", ctypes.c_int64, hid)
_sig("H5Sget_select_elem_pointlist", herr, hid, hsize, hsize, P)
_sig("H5Dcreate2", hid, hid, S, hid, hid, hid, hid, hid)
_sig("H5Dopen2", hid, hid, S, hid)
_sig("H5Dwrite", herr, hid, hid, hid, hid, hid, P)
_sig("H5Dread", herr, hid, hid, hid, hid, hid, P)
_sig("H5Dget_space", hid, hid)
_sig("H5Dget_type", hid, hid)
_sig("H5Dclose", herr, hid)
_sig("H5Acreate2", hid, hid, S, hid, hid, hid, hid)
_sig("H5Aopen_by_name", hid, hid, S, S, hid, hid)
_sig("H5Awrite", herr, hid, hid, P)
_sig("H5Aread", herr, hid, hid, P)
_sig("H5Aget_space", hid, hid)
_sig("H5Aget_type", hid, hid)
_sig("H5Aclose", herr, hid)
_sig("H5Oclose", herr, hid)
_sig("H5Tcreate", hid, ctypes.c_int, ctypes.c_size_t)
_sig("H5Tinsert", herr, hid, S, ctypes.c_size_t, hid)
_sig("H5Tvlen_create", hid, hid)
_sig("H5Tarray_create2", hid, hid, ctypes.c_uint, P)
_sig("H5Tclose", herr, hid)
_sig("H5Tget_class", ctypes.c_int, hid)
_sig("H5Tget_size", ctypes.c_size_t, hid)
_sig("H5Tget_nmembers", ctypes.c_int, hid)
_sig("H5Tget_member_name", P, hid, ctypes.c_uint)
_sig("H5Tget_member_offset", ctypes.c_size_t, hid, ctypes.c_uint)
_sig("H5Tget_member_type", hid, hid, ctypes.c_uint)
_sig("H5Tget_super", hid, hid)
_sig("H5Tget_array_ndims", ctypes.c_int, hid)
_sig("H5Tget_array_dims2", ctypes.c_int, hid, P)
_sig("H5Tget_native_type", hid, hid, ctypes.c_int)
_sig("H5Tequal", ctypes.c_int, hid, hid)
_sig("H5free_memory", herr, P)
lib.H5open()

STD_REF = hid.in_dll(lib, "H5T_STD_REF_g").value
NATIVE_INT32 = hid.in_dll(lib, "H5T_NATIVE_INT_g").value


def ok(status, what):
    """Raises unless a libhdf5 call succeeded (non-negative status or id)."""
    if status < 0:
        raise RuntimeError("libhdf5 refused: " + what)
    return status


def version():
    v = [ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()]
    lib.H5get_libversion(*[ctypes.byref(x) for x in v])
    return "%d.%d.%d" % tuple(x.value for x in v)


def dims(values):
    return (hsize * len(values))(*values)


def space(shape):
    """A simple dataspace of `shape` (scalar for ())."""
    if len(shape) == 0:
        return ok(lib.H5Screate(0), "H5Screate scalar")
    return ok(lib.H5Screate_simple(len(shape), dims(shape), None), "H5Screate_simple")


def string_of(fn, *args):
    """Calls a libhdf5 getter of the (buffer, size) kind twice: size, then text."""
    n = fn(*args, None, 0)
    if n < 0:
        return None
    buf = ctypes.create_string_buffer(n + 1)
    fn(*args, buf, n + 1)
    return buf.value.decode()
