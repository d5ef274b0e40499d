#!/bin/sh
# Start-up of whole processes, contenders alternating in the same rounds: the median wall
# time and the median CPU time (perf's task-clock: every thread of the process, in ms) of each,
# from two runs a round (the wall time of one without perf).
#
#   benchmarks/startup-rounds.sh [--rounds N] [NAME 'COMMAND' ...]   (NAMEs without spaces)
#
# Without NAME/COMMAND pairs: h5ls and `./h5j ls` of fixtures/datatypes_latest.h5, `./h5j
# dump` and `./h5j diff` of it (and the same through picocli: `--` before the operands), the
# launcher alone (./h5j with `true` for java: its own checks), and an empty JVM (`java
# -Xshare:auto -version`), with the java on the PATH and, when
# /usr/lib/jvm/temurin-25-jdk-amd64 is there, with JDK 25 as well (./h5j makes an archive for
# each java on its first run, outside the rounds). Each command runs under `sh -c`, whose own
# start-up (about 2 ms) every row includes. Needs perf.
set -eu
cd "$(dirname "$0")/.."
rounds=11
if [ "${1:-}" = --rounds ]; then
  rounds=$2
  shift 2
fi
launcher=
times=$(mktemp)
one=$(mktemp)
trap 'rm -f "$times" "$one" $launcher' EXIT
if [ $# -eq 0 ]; then
  file=fixtures/datatypes_latest.h5
  # the launcher without the JVM: a copy beside it (the same repository) that runs `true`
  launcher=./.h5j-launcher-only.$$
  sed 's/^\( *\)exec "$java" .*/\1exec true/' h5j >"$launcher"
  chmod +x "$launcher"
  set -- h5ls "h5ls $file" "h5j-ls" "./h5j ls $file" h5j-dump "./h5j dump $file" \
    h5j-dump-picocli "./h5j dump -- $file" h5j-diff "./h5j diff $file $file" \
    h5j-diff-picocli "./h5j diff -- $file $file" launcher-alone "$launcher ls $file" \
    empty-jvm "java -Xshare:auto -version"
  jdk25=/usr/lib/jvm/temurin-25-jdk-amd64/bin
  if [ -x "$jdk25/java" ]; then
    set -- "$@" "h5j-ls-jdk25" "PATH=$jdk25:\$PATH ./h5j ls $file" \
      empty-jvm-jdk25 "$jdk25/java -Xshare:auto -version"
  fi
fi
n=0
for arg in "$@"; do
  n=$((n + 1))
  if [ $((n % 2)) -eq 1 ] && [ "$arg" != "${arg%% *}" ]; then
    echo "a NAME has no spaces: '$arg'" >&2
    exit 2
  fi
done
# a first run of each, not timed: builds, archives, page cache
n=0
for arg in "$@"; do
  n=$((n + 1))
  [ $((n % 2)) -eq 0 ] && sh -c "$arg" >/dev/null 2>&1
done
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
r=0
while [ $r -lt "$rounds" ]; do
  n=0
  for arg in "$@"; do
    n=$((n + 1))
    if [ $((n % 2)) -eq 1 ]; then
      name=$arg
      continue
    fi
    perf stat -x, -e task-clock -o "$one" sh -c "$arg" >/dev/null 2>&1
    start=$(date +%s%N)
    sh -c "$arg" >/dev/null 2>&1
    end=$(date +%s%N)
    echo "$name $(((end - start) / 1000000)) $(grep task-clock "$one" | cut -d, -f1)" >>"$times"
  done
  r=$((r + 1))
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
median() { # column $1 of the rows of $2
  awk -v n="$2" -v c="$1" '$1 == n { print $c }' "$times" | sort -n \
    | awk '{ a[NR] = $1 } END { printf "%.0f", a[int((NR + 1) / 2)] }'
}
echo "| contender | wall (median of $rounds) | CPU (median) |"
echo "|---|---:|---:|"
n=0
for arg in "$@"; do
  n=$((n + 1))
  if [ $((n % 2)) -eq 1 ]; then
    echo "| $arg | $(median 2 "$arg") ms | $(median 3 "$arg") ms |"
  fi
done
