#!/bin/sh
# Repack memory benchmark (issue 6: "a 10 GB file repacks with -Xmx256m"): h5j repack of a
# large file of chunked data and many small objects (make_big.py) with a 256 MiB Java heap,
# its time and peak resident memory, beside h5repack (libhdf5 1.10.8) and cp + sync of the
# same file, one after the other.
#
#   benchmarks/repack/run_big.sh [DATA_DIR]     (default /tmp/h5j-repack-bench)
#   GIB=10 (input size), OBJECTS=50000, H5REPACK=0 leaves h5repack out, VERIFY=0 skips h5diff,
#   NO_BUILD=1 uses the h5j jar as built
#
# The input is written once into DATA_DIR, never into the repository. It needs about three
# times its size in free space (input, h5j's output, h5repack's output, one at a time); with
# less, a smaller input is written and the script says so.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
data=${1:-/tmp/h5j-repack-bench}
gib=${GIB:-10}
mkdir -p "$data"
in="$data/big.h5"
out="$data/big-out.h5"
if [ ! -f "$in" ]; then
  free=$(df -P -BG "$data" | awk 'NR == 2 { sub("G", "", $4); print $4 }')
  if [ "$free" -lt $((gib * 3)) ]; then
    gib=$((free / 3))
    echo "only $free GiB free in $data: writing a $gib GiB input instead" >&2
  fi
  /usr/bin/python3 "$here/make_big.py" "$in" --gib "$gib" --objects "${OBJECTS:-50000}" >&2
fi
[ -n "${NO_BUILD:-}" ] || (cd "$repo" && mvn -q -B -o package -DskipTests -pl cli -am) >&2
"$repo/h5j" --help >/dev/null 2>&1 || true # writes the launcher's class-data archive
# one run: wall seconds and peak resident set size (MiB) of a command
measure() {
  /usr/bin/time -f '%e %M' -o "$data/time.txt" "$@" >/dev/null
  awk '{ printf "%.1f s | %d MiB", $1, $2 / 1024 }' "$data/time.txt"
}
size=$(du -m "$in" | cut -f1)
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $(free -g | awk '/Mem/ { print $2 }') GiB RAM" >&2
cp_row=$(measure sh -c "cp '$in' '$out' && sync '$out'"); rm -f "$out"
h5j_row=$(H5J_JAVA_OPTS=-Xmx256m measure "$repo/h5j" repack "$in" "$out")
if [ "${VERIFY:-1}" = 1 ]; then
  h5diff "$in" "$out" >/dev/null && echo "h5diff: no difference" >&2 \
    || echo "h5diff: $in and $out differ!" >&2
fi
rm -f "$out"
h5r_row="- | -"
if [ "${H5REPACK:-1}" = 1 ]; then
  h5r_row=$(measure sh -c "h5repack '$in' '$out' && sync '$out'"); rm -f "$out"
fi
printf '| file | size | cp + sync | h5j repack -Xmx256m | h5j peak RSS | h5repack + sync | h5repack peak RSS |\n'
printf '|---|---:|---:|---:|---:|---:|---:|\n'
printf '| big | %s MiB | %s | %s | %s |\n' "$size" "${cp_row% | *}" "$h5j_row" "$h5r_row"
