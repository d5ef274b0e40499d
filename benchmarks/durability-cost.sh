#!/bin/sh
# The cost of atomic commits (issue 14): the seed workload (`h5j demo seed`: 95 datasets, then
# 100 versions) run by two builds of h5j in alternating rounds, in one run, on one machine:
# wall time and file size per round, then one traced run of each that counts the fsync and
# fdatasync calls and the bytes written (pwrite64/write) per commit.
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
java_opts="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
commits=101

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
  strace -f -qq -e trace=fsync,fdatasync,pwrite64,write -o "$log" \
    java $java_opts -jar "$2" demo seed "$dir/traced-$1.h5" > /dev/null
  # only the file's writes: pwrite64 goes to the HDF5 file, write to the terminal and logs
  syncs=$(grep -cE 'fsync\(|fdatasync\(' "$log" || true)
  bytes=$(grep -E 'pwrite64\(' "$log" | sed -E 's/.*= ([0-9]+)$/\1/' | awk '{s += $1} END {print s + 0}')
  calls=$(grep -cE 'pwrite64\(' "$log" || true)
  echo "$1: $syncs syncs, $calls pwrite64 calls, $bytes bytes in all;" \
    "per commit: $(echo "scale=1; $syncs / $commits" | bc) syncs," \
    "$(echo "$bytes / $commits" | bc) bytes"
}
trace before "$before"
trace after "$after"
echo "files in $dir"
