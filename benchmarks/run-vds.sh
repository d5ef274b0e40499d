#!/bin/sh
# Builds h5j and runs the virtual-dataset comparison with h5py (issue 4's targets;
# io.h5j.benchmarks.CompareVdsWithH5py, h5py side: h5py_vds_side.py).
#
#   benchmarks/run-vds.sh           # full run: VDS of 10,000 and 100,000 single-chunk mappings
#                                   # (8 x 8 float64 chunks), 100 VDS of 10,000 mappings written
#                                   # by h5j and by h5py (about 15 min, most of it h5py's;
#                                   # ~250 MB of disk in /tmp/h5j-bench-vds)
#   benchmarks/run-vds.sh --quick   # smoke run: 1,000 and 10,000 mappings, 10 VDS of 1,000 (~1 min)
#   benchmarks/run-vds.sh --only write   # the write rows alone (report: benchmarks/target/)
#   benchmarks/run-vds.sh --only write-rounds [--rounds 15]   # h5j's write row and the plain
#                                   # write only, alternating in rounds: median ratio with its
#                                   # interval, CPU per thread; no h5py write (~1 min)
#   options: --work-dir DIR, --out FILE
#
# Writes the Markdown table to benchmarks/results-vds.md (--quick:
# benchmarks/target/results-vds-quick.md). Needs JDK 17, Maven and Debian's python3-h5py
# (/usr/bin/python3; -Dh5j.bench.python=... via JAVA_OPTS).
set -eu
cd "$(dirname "$0")/.."
# package, not install: builds the jar here without replacing the h5j jars in ~/.m2.
mvn -q -B -o package -DskipTests -pl benchmarks -am 2>/dev/null \
  || mvn -q -B package -DskipTests -pl benchmarks -am
exec java ${JAVA_OPTS:--Xmx4g} -cp benchmarks/target/h5j-benchmarks.jar \
  io.h5j.benchmarks.CompareVdsWithH5py "$@"
