// Reads an HDF5 file with libhdf5 2.0 (h5wasm) and prints its datasets as JSON on stdout:
//   node dump.mjs FILE [DATASET_PATH[@START:STOP,...] ...]
// Without paths, every dataset reachable from the root group is printed. A path may end in
// "@" and one START:STOP range per dimension: then only that slab's values are read (libhdf5
// does the slicing), e.g. "/v@4294967296:4294967300" of a dataset too big to read whole. Per dataset: shape,
// maxshape, chunks, dtype metadata, filters, the source file and dataset name of every VDS
// mapping as libhdf5 decoded them, and all values flattened in C order. A dataset libhdf5
// cannot read gets {"error": message} instead of values, so that a caller can tell what
// libhdf5 2.0 rejected. 64-bit integers and non-finite floats are printed as strings.
import { h5wasm, Module, libhdf5Version, h5wasmVersion } from "./h5wasm-oracle.mjs";

const [file, ...wanted] = process.argv.slice(2);
if (!file) {
  console.error("usage: node dump.mjs FILE [DATASET_PATH ...]");
  process.exit(64);
}
Module.activate_throwing_error_handler();

function jsonValue(v) {
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number" && !Number.isFinite(v)) return String(v);
  return v;
}

function flatValues(value) {
  if (value === null || value === undefined) return null;
  if (ArrayBuffer.isView(value) || Array.isArray(value)) {
    const out = [];
    for (const x of value) {
      if (ArrayBuffer.isView(x) || Array.isArray(x)) out.push(...flatValues(x));
      else out.push(jsonValue(x));
    }
    return out;
  }
  return [jsonValue(value)];
}

// The three innermost frames of libhdf5's error stack: "H5D__virtual_load_layout(): origin ..."
function shortError(e) {
  const text = String(e && e.message ? e.message : e);
  const frames = [...text.matchAll(/#\d+: .* in (\S+\(\)): (.*)/g)].map(m => m[1] + ": " + m[2]);
  return frames.length ? frames.reverse().slice(0, 3).join(" <- ") : text;
}

function datasetPaths(group, prefix, out) {
  for (const name of group.keys()) {
    const path = prefix + name;
    const entity = group.get(name);
    if (entity instanceof h5wasm.Dataset) out.push(path);
    else if (entity instanceof h5wasm.Group) datasetPaths(entity, path + "/", out);
  }
  return out;
}

function describe(f, request) {
  const out = {};
  const at = request.indexOf("@");
  const path = at < 0 ? request : request.slice(0, at);
  // h5wasm slices take numbers; offsets beyond 2^53 are not needed by any test
  const ranges = at < 0 ? null
      : request.slice(at + 1).split(",").map(r => r.split(":").map(Number));
  try {
    const d = f.get(path);
    if (!(d instanceof h5wasm.Dataset)) return { error: "not a dataset: " + path };
    const m = d.metadata;
    out.shape = m.shape;
    // libhdf5's H5S_UNLIMITED (2^64 - 1) arrives as a double; print it as null
    out.maxshape = m.maxshape && m.maxshape.map(x => (x >= 2 ** 64 - 1 ? null : x));
    out.chunks = m.chunks;
    out.dtype = { class: m.type, size: m.size, signed: m.signed,
                  littleEndian: m.littleEndian };
    if (m.virtual_sources) out.virtual_sources = m.virtual_sources;
    out.filters = d.filters.map(x => ({ id: x.id, name: x.name }));
    out.values = flatValues(ranges ? d.slice(ranges) : d.value);
  } catch (e) {
    out.error = shortError(e);
  }
  return out;
}

let f;
try {
  f = new h5wasm.File(file, "r");
} catch (e) {
  console.error("libhdf5 " + libhdf5Version() + " cannot open " + file + ": " + (e.message || e));
  process.exit(2);
}
const paths = wanted.length ? wanted : datasetPaths(f, "/", []);
const datasets = {};
for (const p of paths) datasets[p] = describe(f, p);
f.close();
process.stdout.write(JSON.stringify({ h5wasm: h5wasmVersion(), libhdf5: libhdf5Version(),
                                      file, datasets }) + "\n");
