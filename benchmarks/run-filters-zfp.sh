#!/bin/sh
# Builds h5j and compares its ZFP decoder (32013) with Debian's native H5Z-ZFP plugin through
# h5py in one run (io.h5j.benchmarks.ZfpVersusNative; native side: zfp_native.py).
#
#   benchmarks/run-filters-zfp.sh                    # about 64 MiB per dataset, 9 runs per cell
#   benchmarks/run-filters-zfp.sh --mib 32 --reps 7  # other sizes; also --work-dir DIR
#
# Prints a Markdown table (results: benchmarks/results-filters-zfp.md). Needs JDK 17, Maven,
# Debian's python3-h5py, python3-hdf5plugin and hdf5-filter-plugin-zfp-serial (/usr/bin/python3;
# -Dh5j.bench.python=... via JAVA_OPTS).
set -eu
cd "$(dirname "$0")/.."
mvn -q -B -o package -DskipTests -pl benchmarks -am 2>/dev/null \
  || mvn -q -B package -DskipTests -pl benchmarks -am
exec java ${JAVA_OPTS:--Xmx3g} -cp benchmarks/target/h5j-benchmarks.jar \
  io.h5j.benchmarks.ZfpVersusNative "$@"
