#!/bin/sh
# The cost of atomic commits (issue 14): the seed workload (`h5j demo seed`: 95 datasets, then
# 100 versions) run by two builds of h5j in alternating rounds, in one run, on one machine:
# wall time and file size per round, then one traced run of each that counts the fsync and
# fdatasync calls and the bytes written per commit (chunks and metadata apart).
#
#   benchmarks/durability-cost.sh BEFORE.jar AFTER.jar [ROUNDS] [DIR]
#
# The jars are cli/target/h5j.jar of each build (mvn -DskipTests package). Needs strace.
set -eu
before=$1
after=$2
rounds=${3:-3}
dir=${4:-$(mktemp -d /tmp/h5j-durability.XXXXXX)}
mkdir -p "$dir"
java_opts=${H5J_BENCH_OPTS:-"-XX:+UseSerialGC"} # the launcher's for demo

run() { # NAME JAR
  out="$dir/seed-$1.h5"
  start=$(date +%s.%N)
  java $java_opts -jar "$2" demo seed "$out" > "$dir/$1.log"
  end=$(date +%s.%N)
  size=$(stat -c %s "$out")
  printf '%s %.2f %d\n' "$1" "$(echo "$end - $start" | bc)" "$size"
}

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "round build seconds bytes"
for r in $(seq 1 "$rounds"); do
  if [ $((r % 2)) -eq 1 ]; then
    echo "$r $(run before "$before")"; echo "$r $(run after "$after")"
  else
    echo "$r $(run after "$after")"; echo "$r $(run before "$before")"
  fi
done

trace() { # NAME JAR
  log="$dir/strace-$1.txt"
  strace -f -qq -e trace=fsync,fdatasync,pwrite64 -o "$log" \
    java $java_opts -jar "$2" demo seed "$dir/traced-$1.h5" > /dev/null
  # pwrite64 goes to the HDF5 file only. A commit ends with its second sync, so the last
  # 2 x 100 syncs close the 100 later commits; in each, 8192-byte writes are chunks (32 x 32
  # float64), the rest metadata. Medians over those commits.
  awk '
    /pwrite64\(/ { n = $NF + 0; if (n == 8192) c += n; else m += n; next }
    /fsync\(|fdatasync\(/ { k++; chunk[k] = c; meta[k] = m; c = 0; m = 0 }
    END {
      for (a = k - 198; a <= k; a += 2) print chunk[a] + chunk[a - 1], meta[a] + meta[a - 1]
      print k > "/dev/stderr"
    }' "$log" > "$dir/commits-$1.txt" 2> "$dir/syncs-$1.txt"
  echo "$1: $(cat "$dir/syncs-$1.txt") syncs in all, 2 per commit; per later commit (median of" \
    "100): $(cut -d' ' -f1 "$dir/commits-$1.txt" | sort -n | sed -n 50p) bytes of chunks," \
    "$(cut -d' ' -f2 "$dir/commits-$1.txt" | sort -n | sed -n 50p) bytes of metadata"
}
trace before "$before"
trace after "$after"
echo "files in $dir"
