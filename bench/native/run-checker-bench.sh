#!/bin/sh
# The checker benchmark of issue 3 on this host: libdivsufsort's sufcheck and the gpumatch checker (sequential and
# parallel, heap arrays and memory-mapped files, and the one-shot command line) on the same text and suffix array.
#
#   bench/native/run-checker-bench.sh [N] [WORKDIR] [THREADS]
#     N        text length in bytes (default 100000000): i.i.d. uniform ACGT, seed 1
#     WORKDIR  where the text and its suffix array go (default /tmp/checker-bench; needs 5 N bytes)
#     THREADS  comma-separated thread counts for the parallel rows (default 4,8,...,all cores; below 3 threads the
#              checker runs sequentially)
#   Environment: JAVA (default java), JAVA_OPTS (default -Xmx8g), REPS (default 5), BENCH_CLASSES (compiled
#   CheckerBench, default: the bench module build if current, else compiled here with javac).
#
# Needs checker/target/classes (mvn -pl checker package, from the repository root) and bench/target/native/sufcheck-bench
# (bench/native/build-sufcheck.sh). Compiles CheckerBench with javac when the bench module has not been built.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
n=${1:-100000000}
work=${2:-/tmp/checker-bench}
java=${JAVA:-java}
java_opts=${JAVA_OPTS:--Xmx8g}
reps=${REPS:-5}
cores=$(nproc)
threads=${3:-}
if [ -z "$threads" ] && [ "$cores" -ge 3 ]; then
  t=4
  while [ "$t" -lt "$cores" ]; do threads="$threads$t,"; t=$((t * 2)); done
  threads="$threads$cores"
fi

checker="$root/checker/target/classes"
# CheckerBench classes: BENCH_CLASSES, else the bench module's build if it is newer than the sources, else javac.
sources="$root/bench/src/main/java/org/gpumatch/bench/checker"
bench=${BENCH_CLASSES:-}
if [ -z "$bench" ]; then
  for d in "$root/bench/target/classes" "$root/bench/target/checker-bench-classes"; do
    class="$d/org/gpumatch/bench/checker/CheckerBench.class"
    if [ -f "$class" ] && [ -z "$(find "$sources" -newer "$class" -name '*.java')" ]; then bench=$d; break; fi
  done
fi
if [ -z "$bench" ]; then
  bench="$root/bench/target/checker-bench-classes"
  mkdir -p "$bench"
  javac -d "$bench" -cp "$checker" "$sources"/*.java
fi
cp="$bench:$checker"
native="$root/bench/target/native/sufcheck-bench"

mkdir -p "$work"
text="$work/dna-$n.txt"
sa="$work/dna-$n.sa"
echo "# host: $(uname -n), $cores cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(date -u +%Y-%m-%dT%H:%MZ)"
"$java" -version 2>&1 | head -1
[ -f "$text" ] || "$java" $java_opts -cp "$cp" org.gpumatch.bench.checker.CheckerBench --n "$n" --save-text "$text" --generate-only
if [ -f "$sa" ]; then
  "$native" "$text" --sa "$sa" "$reps"
else
  "$native" "$text" "$sa" "$reps"
fi
"$java" $java_opts -cp "$cp" org.gpumatch.bench.checker.CheckerBench --text "$text" --sa "$sa" --reps "$reps" \
  ${threads:+--threads "$threads"}
for t in 1 "$cores"; do
  start=$(date +%s.%N)
  "$java" -cp "$checker" org.gpumatch.checker.CheckerCli "$text" "$sa" --threads "$t"
  echo "# command line, --threads $t: $(awk "BEGIN { printf \"%.2f\", $(date +%s.%N) - $start }") s including JVM start"
done
