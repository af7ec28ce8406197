#!/bin/sh
# Coder and embedded-cluster benchmarks for hdfs-io (issue 4), each round in fresh JVMs, alternating
# coders, with the host load average recorded before every run.
#
# Usage: hdfs-io/bench/coder-bench.sh [rounds] [out-dir]      (defaults: 3, hdfs-io/target/bench)
#   BENCH_COMPARE_ARGS   compare options (default: --policy RS-6-3-1024k --files 4 --size 128m
#                        --datanodes-down 3)
#   BENCH_SECONDS        seconds per coder-bench case (default 2)
#   HBLOAD_JAR           the fat jar to run (default: dist/package/target/hbload.jar)
# Needs: the fat jar (./mvnw -B -q -pl dist/package -am package -DskipTests), gcc + libisal-dev for the raw C baseline
# (hdfs-io/setup-native.sh). Every run holds /tmp/hbload-heavy.lock so it never overlaps another mini cluster.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
MODULE=$(dirname "$HERE")
ROOT=$(dirname "$MODULE")
ROUNDS=${1:-3}
OUT=${2:-$MODULE/target/bench}
SECONDS_PER_CASE=${BENCH_SECONDS:-2}
COMPARE_ARGS=${BENCH_COMPARE_ARGS:---policy RS-6-3-1024k --files 4 --size 128m --datanodes-down 3}
HBLOAD_JAR=${HBLOAD_JAR:-$ROOT/dist/package/target/hbload.jar}
mkdir -p "$OUT"

if [ ! -f "$HBLOAD_JAR" ]; then
  echo "coder-bench.sh: no $HBLOAD_JAR; build it: ./mvnw -B -q -pl dist/package -am package -DskipTests" >&2
  exit 2
fi
# the same entry point and error handling users get: hbload dfsio ...
run_dfsio() { java -Xmx2g -XX:MaxDirectMemorySize=1g -jar "$HBLOAD_JAR" dfsio "$@"; }

RAW="$OUT/isal_raw_bench"
if [ ! -x "$RAW" ] || [ "$HERE/isal_raw_bench.c" -nt "$RAW" ]; then
  gcc -O2 -o "$RAW" "$HERE/isal_raw_bench.c" -lisal
fi

load() { cut -d' ' -f1-3 /proc/loadavg; }

for round in $(seq 1 "$ROUNDS"); do
  # flock(1) cannot wrap a shell function: hold the lock on a descriptor for the whole round
  exec 9>/tmp/hbload-heavy.lock
  flock 9
  echo "== round $round: raw ISA-L (C), load $(load)" | tee -a "$OUT/summary.txt"
  "$RAW" 6 3 1048576 301989888 "$SECONDS_PER_CASE" | tee -a "$OUT/summary.txt"
  echo "== round $round: coder-bench (fresh JVM), load $(load)" | tee -a "$OUT/summary.txt"
  run_dfsio coder-bench --seconds "$SECONDS_PER_CASE" | tee -a "$OUT/summary.txt"
  for coder in rs_isal rs_java; do
    if [ $((round % 2)) -eq 0 ]; then
      coder=$([ "$coder" = rs_isal ] && echo rs_java || echo rs_isal)
    fi
    echo "== round $round: compare --coder $coder (fresh JVM), load $(load)" | tee -a "$OUT/summary.txt"
    # shellcheck disable=SC2086
    run_dfsio compare $COMPARE_ARGS --coder "$coder" --format json > "$OUT/compare-$round-$coder.json" \
      2> "$OUT/compare-$round-$coder.err" || echo "compare failed, see $OUT/compare-$round-$coder.err"
    run_dfsio_text=$(python3 - "$OUT/compare-$round-$coder.json" <<'PY' 2>/dev/null || true
import json, sys
for r in json.load(open(sys.argv[1])):
    print("  %-14s %-18s %-8s %8.1f MiB/s  decode %5d ms  cpu %.2f  mismatched %d  load %.2f->%.2f" % (
        r["phase"] + ("-%ddn" % r["dataNodesDown"] if r["dataNodesDown"] else ""), r["policy"], r["coder"],
        r["aggregateMiBps"], r["ecDecodeMillis"], r["cpuCores"], r["mismatchedBytes"], r["load1Start"], r["load1End"]))
PY
)
    echo "$run_dfsio_text" | tee -a "$OUT/summary.txt"
  done
  flock -u 9
  exec 9>&-
done
echo "summary: $OUT/summary.txt"
