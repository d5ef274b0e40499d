#!/bin/sh
# Builds h5j and runs the szip comparison with h5py (io.h5j.benchmarks.CompareSzipWithH5py):
#   benchmarks/run-szip.sh [--mb 64] [--rounds 5] [--work-dir DIR] [--out FILE]
# Writes benchmarks/results-filters-szip.md. Needs Debian's python3-h5py (libhdf5 with szip).
set -eu
cd "$(dirname "$0")/.."
mvn -q -B -o package -DskipTests -pl benchmarks -am 2>/dev/null \
  || mvn -q -B package -DskipTests -pl benchmarks -am
exec java ${JAVA_OPTS:--Xmx2g} -cp benchmarks/target/h5j-benchmarks.jar \
  io.h5j.benchmarks.CompareSzipWithH5py "$@"
