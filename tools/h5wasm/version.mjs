// Prints the h5wasm package version and the libhdf5 it bundles, e.g. "h5wasm 0.10.3 libhdf5 2.0.0".
import { libhdf5Version, h5wasmVersion } from "./h5wasm-oracle.mjs";

console.log("h5wasm " + h5wasmVersion() + " libhdf5 " + libhdf5Version());
