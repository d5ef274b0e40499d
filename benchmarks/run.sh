#!/bin/sh
# Builds h5j and runs the whole-process comparison with h5py (io.h5j.benchmarks.CompareWithH5py).
#
#   benchmarks/run.sh              # full run: 100,000 links, 10,000 attributes, 1 GiB of float64
#                                  # contiguous and in 1 MiB chunks (plain, shuffle + deflate 4),
#                                  # random chunk reads (10 rounds of 2 x 1,000 per side, h5py
#                                  # and h5j alternating), 100,000 row appends, a 4 GiB
#                                  # streamed write with -Xmx256m (about 17 min; ~15 GiB of disk)
#   benchmarks/run.sh --quick      # smoke run: 10,000 links, 1,000 attributes, 64 MiB, 4 rounds
#                                  # of 2 x 250 chunk reads, 10,000 appends, 256 MiB streamed
#                                  # (~1 min)
#   benchmarks/run.sh --rows random --rounds 10 --round-reads 1000   # random reads only:
#                                  # rounds, and reads per run (2 runs per side per round);
#                                  # --reuse-inputs reads the inputs already in the work dir
#                                  # (same sizes!) instead of writing them anew
#   benchmarks/run.sh --size-gb 2  # other data sizes; also --stream-mb M, --reps N, --no-cold,
#                                  # --work-dir DIR
#   benchmarks/run.sh --rows chunked-write,random   # only some groups of rows: metadata,
#                                  # contiguous, chunked-write, chunked-read, random, append,
#                                  # stream (report: benchmarks/target/results-rows.md)
#
# Writes the Markdown table to benchmarks/results.md (--quick: benchmarks/target/results-quick.md;
# --out FILE to change). Needs JDK 17,
# Maven and Debian's python3-h5py (/usr/bin/python3; -Dh5j.bench.python=... via JAVA_OPTS).
# Cold-cache reads need root (/proc/sys/vm/drop_caches); without it they are skipped.
# JMH benchmarks (h5j alone): java -jar benchmarks/target/h5j-benchmarks.jar [-l | PATTERN]
set -eu
cd "$(dirname "$0")/.."
# package, not install: builds the jar here without replacing the h5j jars in ~/.m2.
mvn -q -B -o package -DskipTests -pl benchmarks -am 2>/dev/null \
  || mvn -q -B package -DskipTests -pl benchmarks -am
exec java ${JAVA_OPTS:--Xmx4g} -cp benchmarks/target/h5j-benchmarks.jar \
  io.h5j.benchmarks.CompareWithH5py "$@"
