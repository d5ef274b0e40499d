#!/bin/sh
# Issue 18's benchmark (io.h5j.benchmarks.SparkScanRounds): h5j-spark scanning a float64
# dataset, uncompressed and shuffle + deflate, against the same values as Parquet on local[2]
# and local[1], and h5j on one thread; then the seed file's last version as one table per
# dataset. The report goes to benchmarks/target/spark-table.md.
#
#   benchmarks/run-spark.sh                       # 4 GiB, 3 rounds after a warm-up
#   benchmarks/run-spark.sh --gib 0.25 --rounds 2 # a quick look
#   benchmarks/run-spark.sh --builds --before DIR --gib 2 --rounds 4
#                                                 # h5j-spark only, this build against the
#                                                 # jars of an earlier one copied into DIR
#                                                 # (SparkScanBuilds), CPU seconds per scan
#   options: --gib G, --rounds N, --work-dir DIR (default /tmp/h5j-spark-bench; inputs are
#   kept and reused: 4 GiB needs ~20 GB), --seed FILE (a file `./h5j demo seed` wrote; without
#   it the seed row is left out), --out FILE. JAVA_OPTS defaults to -Xmx8g.
set -eu
cd "$(dirname "$0")/.."
# package (not install) the spark and benchmarks modules; the spark module's class path, with
# Spark and the Jackson it needs, goes first: the benchmarks jar holds neither
mvn -q -B -o package -DskipTests -pl spark,benchmarks -am dependency:build-classpath \
    -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=compile 2>/dev/null \
  || mvn -q -B package -DskipTests -pl spark,benchmarks -am dependency:build-classpath \
    -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=compile
cp="$(cat spark/target/classpath.txt):$(ls spark/target/h5j-spark-*.jar | grep -v -e sources -e javadoc | head -1):benchmarks/target/classes"
# the packages Spark reaches into on JDK 17, as its own launcher opens them
opens=""
for p in java.lang java.lang.invoke java.lang.reflect java.io java.net java.nio java.util \
    java.util.concurrent java.util.concurrent.atomic sun.nio.ch sun.nio.cs sun.security.action \
    sun.util.calendar; do
  opens="$opens --add-opens=java.base/$p=ALL-UNNAMED"
done
main=io.h5j.benchmarks.SparkScanRounds
if [ "${1:-}" = --builds ]; then
  main=io.h5j.benchmarks.SparkScanBuilds
  shift
fi
exec java ${JAVA_OPTS:--Xmx8g} $opens -Djdk.reflect.useDirectMethodHandle=false -cp "$cp" \
  "$main" "$@"
