#!/bin/sh
# Builds h5j and compares its LZO (305) and LZ4 (32004) filters with the native ones through
# h5py in one run (io.h5j.benchmarks.LzoLz4VersusNative; native side: filters_native.py, which
# writes with PyTables' LZO and Debian's libh5lz4.so and times libhdf5's reads and writes).
#
#   benchmarks/run-filters-lzo-lz4.sh                    # 128 MiB per dataset, 5 runs per cell
#   benchmarks/run-filters-lzo-lz4.sh --mib 64 --reps 7  # other sizes; also --work-dir DIR
#
# Prints a Markdown table (results: benchmarks/results-filters-lzo.md). Needs JDK 17, Maven,
# Debian's python3-h5py, python3-tables and hdf5-filter-plugin (/usr/bin/python3;
# -Dh5j.bench.python=... via JAVA_OPTS).
set -eu
cd "$(dirname "$0")/.."
mvn -q -B -o package -DskipTests -pl benchmarks -am 2>/dev/null \
  || mvn -q -B package -DskipTests -pl benchmarks -am
exec java ${JAVA_OPTS:--Xmx4g} -cp benchmarks/target/h5j-benchmarks.jar \
  io.h5j.benchmarks.LzoLz4VersusNative "$@"
