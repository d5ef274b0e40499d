// Shared by the oracle scripts: loads h5wasm (libhdf5 compiled to WebAssembly) once and
// reports which libhdf5 it bundles. h5wasm has no call for the library version, so it is read
// from the banner text the bundled library carries ("HDF5 library version: X.Y.Z").
import { readFileSync } from "node:fs";

export const h5wasm = await import("h5wasm/node");
export const Module = await h5wasm.ready;

/** The libhdf5 version string compiled into h5wasm, e.g. "2.0.0". */
export function libhdf5Version() {
  const bundle = readFileSync(new URL("node_modules/h5wasm/dist/node/hdf5_util.js",
      import.meta.url), "latin1");
  const m = /HDF5 library version: (\d+\.\d+\.\d+)/.exec(bundle);
  return m ? m[1] : "unknown";
}

/** h5wasm's own package version. */
export function h5wasmVersion() {
  const pkg = new URL("node_modules/h5wasm/package.json", import.meta.url);
  return JSON.parse(readFileSync(pkg, "utf8")).version;
}
