#!/bin/sh
# Repack benchmark (issue 6): h5j repack against h5repack (libhdf5 1.10.8) and cp, the best
# of REPEAT (default 3) runs of each, on the same files, one tool after the other; then, for
# the files in ROUNDS_FILES (default versioned), ROUNDS (default 10; 0 skips) alternating
# rounds of cp + sync and h5j (io.h5j.benchmarks.RepackRounds), which settle the ratio
# h5j/(cp + sync) on a loaded machine where best-of-3 one tool after the other cannot:
#   versioned.h5  the motivating workload written by plain h5py (make_versioned.py): 95
#                 datasets of 44..440 chunks of 32x32 float64, 100 versions, each a virtual
#                 dataset per name (~2.3 million mappings)
#   plain.h5      the same raw data without virtual datasets (--no-vds)
#
#   benchmarks/repack/run.sh [DATA_DIR] [FILE...]   (default /tmp/h5j-repack-bench, and
#                                                    versioned plain; ~2.5 GiB of disk)
#
# The data is generated once into DATA_DIR (a few minutes), never into the repository. Each
# file is read once by cp before the timed runs, so all tools start from a warm page cache.
# h5j fsyncs its output before renaming it into place; cp and h5repack do not. For a fair
# comparison they are also timed followed by `sync FILE` (fsync of their output), and the
# ratios use those times.
# H5REPACK_SKIP="versioned" leaves h5repack out for the files named (it takes ~12 min on
# the versioned file here); their h5repack columns then read "-". NO_BUILD=1 uses the h5j jars
# as built. A run ends with `uptime`.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
data=${1:-/tmp/h5j-repack-bench}
[ $# -gt 0 ] && shift
files=${*:-versioned plain}
py=/usr/bin/python3
mkdir -p "$data"
[ -f "$data/versioned.h5" ] || $py "$here/make_versioned.py" "$data/versioned.h5"
[ -f "$data/plain.h5" ] || $py "$here/make_versioned.py" "$data/plain.h5" --no-vds
jar="$repo/cli/target/h5j.jar"
[ -n "${NO_BUILD:-}" ] || (cd "$repo" && mvn -q -B -o package -DskipTests -pl cli,benchmarks -am) >&2
# best OUT COMMAND...: the shortest wall time (seconds) of REPEAT runs (default 3), OUT
# removed before each run (the last run's OUT is kept)
best() {
  out=$1; shift; b=
  for i in $(seq "${REPEAT:-3}"); do
    rm -f "$out"
    s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc -l)
    if [ -z "$b" ] || [ "$(echo "$t < $b" | bc -l)" = 1 ]; then b=$t; fi
  done
  echo "$b"
}
# h5j twice: `java -jar` with the JVM's defaults, and the ./h5j launcher (C1 only, serial
# collector, class-data archive); ratios use the second. One launcher run first writes the
# launcher's class-data archive, as any first run after a build does.
"$repo/h5j" --help >/dev/null 2>&1 || true
printf '| file | size | cp | cp + sync | h5j repack (java -jar) | h5j repack (./h5j) | h5repack | h5repack + sync | h5j/(h5repack + sync) | h5j/(cp + sync) |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n'
for f in $files; do
  in="$data/$f.h5"
  cat "$in" >/dev/null
  load=$(cut -d' ' -f1 /proc/loadavg)
  c="$data/cp.h5"; j="$data/h5j.h5"; r="$data/h5repack.h5"
  cp_s=$(best "$c" cp "$in" "$c")
  sync_s=$(best "$c" sh -c "cp '$in' '$c' && sync '$c'"); rm -f "$c"
  h5j_default_s=$(best "$j" java -jar "$jar" repack "$in" "$j")
  h5j_s=$(best "$j" "$repo/h5j" repack "$in" "$j")
  size=$(du -m "$in" | cut -f1)
  case " ${H5REPACK_SKIP:-} " in
    *" $f "*) h5r="-"; h5r_sync="-"; ratio="-" ;;
    *) h5r_s=$(best "$r" h5repack "$in" "$r")
       h5r_sync_s=$(best "$r" sh -c "h5repack '$in' '$r' && sync '$r'")
       h5r=$(printf '%.2f s' "$h5r_s"); h5r_sync=$(printf '%.2f s' "$h5r_sync_s")
       ratio=$(printf '%.2f' "$(echo "$h5j_s / $h5r_sync_s" | bc -l)") ;;
  esac
  printf '| %s | %s MiB | %.2f s | %.2f s | %.2f s | %.2f s | %s | %s | %s | %.2f |\n' \
    "$f" "$size" "$cp_s" "$sync_s" "$h5j_default_s" "$h5j_s" "$h5r" "$h5r_sync" "$ratio" \
    "$(echo "$h5j_s / $sync_s" | bc -l)"
  echo "  ($f: load average $load before the runs)" >&2
  # h5diff opens every virtual dataset (as slowly as h5repack): only the plain file here;
  # the repack tests compare virtual datasets through h5py
  if [ "$f" = plain ]; then
    h5diff "$in" "$data/h5j.h5" >/dev/null || echo "  h5diff: $f differs after h5j repack!" >&2
  fi
  rm -f "$data/h5j.h5" "$data/h5repack.h5"
done
if [ "${ROUNDS:-10}" -gt 0 ]; then
  for f in ${ROUNDS_FILES:-versioned}; do
    echo
    java -cp "$repo/benchmarks/target/h5j-benchmarks.jar" io.h5j.benchmarks.RepackRounds \
      "$data/$f.h5" "$data" "${ROUNDS:-10}" "$repo/h5j"
  done
fi
uptime >&2
