#!/bin/sh
# The cost of atomic commits (issue 14): the seed workload (`h5j demo seed`: 95 datasets, then
# 100 versions) run by two builds of h5j in alternating rounds, in one run, on one machine:
# wall time and file size per round, then one traced run of each that counts the fsync and
# fdatasync calls, the bytes written and the write calls per commit.
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

run() { # NAME JAR ROUND: wall seconds of the run, of its 100 later commits, file bytes
  out="$dir/seed-$1.h5"
  log="$dir/$1-$3.log"
  start=$(date +%s.%N)
  java $java_opts -jar "$2" demo seed "$out" > "$log"
  end=$(date +%s.%N)
  commits=$(sed -nE 's/^100 versions, [0-9]+ chunk writes: ([0-9.]+) s.*/\1/p' "$log")
  printf '%s %.2f %s %d\n' "$1" "$(echo "$end - $start" | bc)" "$commits" "$(stat -c %s "$out")"
}

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "round build seconds commit-seconds bytes"
for r in $(seq 1 "$rounds"); do
  if [ $((r % 2)) -eq 1 ]; then
    echo "$r $(run before "$before" "$r")"; echo "$r $(run after "$after" "$r")"
  else
    echo "$r $(run after "$after" "$r")"; echo "$r $(run before "$before" "$r")"
  fi
done

trace() { # NAME JAR
  log="$dir/strace-$1.txt"
  strace -f -qq -e trace=fsync,fdatasync,pwrite64 -o "$log" \
    java $java_opts -jar "$2" demo seed "$dir/traced-$1.h5" > /dev/null
  # pwrite64 goes to the HDF5 file only. A commit ends with its second sync, so the last
  # 2 x 100 syncs close the 100 later commits. Medians over those commits.
  awk '
    /pwrite64\(/ { b += $NF; n++; next }
    /fsync\(|fdatasync\(/ { k++; bytes[k] = b; calls[k] = n; b = 0; n = 0 }
    END {
      for (a = k - 198; a <= k; a += 2) print bytes[a] + bytes[a - 1], calls[a] + calls[a - 1]
      print k > "/dev/stderr"
    }' "$log" > "$dir/commits-$1.txt" 2> "$dir/syncs-$1.txt"
  echo "$1: $(cat "$dir/syncs-$1.txt") syncs in all, 2 per commit; per later commit (median of" \
    "100): $(cut -d' ' -f1 "$dir/commits-$1.txt" | sort -n | sed -n 50p) bytes written in" \
    "$(cut -d' ' -f2 "$dir/commits-$1.txt" | sort -n | sed -n 50p) pwrite64 calls"
}
trace before "$before"
trace after "$after"
echo "files in $dir"
