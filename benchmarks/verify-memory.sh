#!/bin/sh
# repack --verify of the seed workload (h5j demo seed, 855 MiB) in a 256 MiB heap: prints the
# exit status, the wall time and the peak RSS. Most of the RSS is the input's memory-mapped
# pages (file-backed, which the kernel reclaims), not the heap.
# Usage: benchmarks/verify-memory.sh [SEED_FILE]   (made first if missing)
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
seed=${1:-${TMPDIR:-/tmp}/h5j-seed.h5}
"$here/h5j" --version >/dev/null # builds the jar when the sources are newer
[ -f "$seed" ] || "$here/h5j" demo seed "$seed"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
/usr/bin/time -f "repack --verify, -Xmx256m: exit %x, %e s, peak RSS %M KiB" \
  java -XX:+UseSerialGC -Xmx256m -jar "$here/cli/target/h5j.jar" repack --verify "$seed" \
  "$out/copy.h5"
