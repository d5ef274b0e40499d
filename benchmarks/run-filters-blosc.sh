#!/bin/sh
# Blosc and bitshuffle filters, h5j against the native plugins through h5py
# (io.h5j.benchmarks.BloscFilterBenchmark): benchmarks/run-filters-blosc.sh [MIB [REPS]]
# Writes benchmarks/results-filters-blosc.md. Needs Debian's python3-h5py and hdf5-plugins
# (hdf5-filter-plugin-blosc-serial, bitshuffle).
set -eu
cd "$(dirname "$0")/.."
mvn -q -B -o package -DskipTests -pl benchmarks -am 2>/dev/null
WORK="${TMPDIR:-/tmp}/h5j-bench-blosc"
OUT=benchmarks/results-filters-blosc.md
{
  echo "# Blosc and bitshuffle filters: h5j vs native plugins through h5py"
  echo
  echo "$(date -u +%Y-%m-%d) on $(nproc) cores ($(java -version 2>&1 | head -1)); benchmarks/run-filters-blosc.sh $*"
  echo
  java -Xmx4g -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.BloscFilterBenchmark "$WORK" "${1:-64}" "${2:-3}"
} > "$OUT"
rm -rf "$WORK"
cat "$OUT"
