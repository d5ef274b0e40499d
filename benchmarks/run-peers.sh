#!/bin/sh
# Issue 19's performance table in one command (io.h5j.benchmarks.PeerTable; Python side:
# peers_side.py, which reuses h5py_side.py and h5py_vds_side.py).
#
#   benchmarks/run-peers.sh              # every row, full sizes (1 GiB, 10,000 random reads,
#                                        # a VDS of 100,000 32 x 32 mappings, the seed file),
#                                        # 5 rounds after a warm-up (~25 min, ~8 GB of disk in
#                                        # /tmp/h5j-peers)
#   benchmarks/run-peers.sh --quick      # smaller sizes, 2 rounds (a few minutes;
#                                        # /tmp/h5j-peers-quick)
#   benchmarks/run-peers.sh write random # some rows only: the table of every row measured so
#                                        # far in the work directory is rewritten
#   options: --rounds N, --commit-rounds N (default 1: minutes per round with
#   versioned-hdf5), --work-dir DIR, --out FILE (default benchmarks/target/peers-table.md)
#   rows: write random read read-reused vds-read seed-read vds-open repack commit deflate-read
#         deflate-write random-deflate slabs list vds-first startup
#
# Contenders: h5j (this JVM, or ./h5j for whole processes), h5py 3.7 (/usr/bin/python3,
# Debian's python3-h5py), h5py 3.16 (/tmp/h5py2/bin/python, -Dh5j.bench.python2=...; left out
# when absent), jHDF 0.10 (this JVM), a plain FileChannel, cp + sync, h5repack, h5ls and
# versioned-hdf5 master (/tmp/h5j-peer/vh5-deb/bin/python from ../shared/peers/setup-peer.sh,
# -Dh5j.bench.vh5=...; the commit row says so when it is absent). Options for the JVM:
# JAVA_OPTS (default -Xmx6g); -Dh5j.bench.h5jBefore=LAUNCHER in them adds another h5j
# launcher (an earlier build's copy of ./h5j beside its cli/target/h5j.jar) to the repack
# row, timed in the same rounds, for a before/after comparison; likewise
# -Dh5j.bench.h5jBeforeJar=JAR (an earlier build's copy of benchmarks/target/h5j-benchmarks.jar,
# loaded beside this one in the same JVM) adds "h5j before" to the random, random-deflate,
# read and deflate-read rows.
set -eu
cd "$(dirname "$0")/.."
# package, not install: builds the jar here without replacing the h5j jars in ~/.m2.
mvn -q -B -o package -DskipTests -pl benchmarks -am 2>/dev/null \
  || mvn -q -B package -DskipTests -pl benchmarks -am
./h5j --version >/dev/null # builds the launcher's jar and class-data archive outside the rows
exec java ${JAVA_OPTS:--Xmx6g} -cp benchmarks/target/h5j-benchmarks.jar \
  io.h5j.benchmarks.PeerTable "$@"
