#!/usr/bin/env bash
# hbload on a real (embedded, single-node) HBase: workloads a, c, f and updateonly, and hbload vs YCSB 0.17.0's
# own client on the same cluster with the same HBase binding code.
#
# One server JVM runs `hbload embedded` (mini cluster on 127.0.0.1, usertable/family pre-split, hbase-site.xml
# written into a temp conf dir); every client is a separate JVM that reaches it through that conf dir, the way
# YCSB users pass -cp /etc/hbase/conf. Server and clients share the machine's cores, so client CPU per operation
# is part of every number; the load average (1 min) is printed beside every figure, before and after each run.
#
# 1. load RECORDS rows with `hbload load -w a -threads THREADS`.
# 2. per workload in WORKLOADS: `hbload run` for DURATION s (operationcount=0, maxexecutiontime), the table
#    flushed first (hbload.flushbeforerun=true), and the seed's table (field-notes section 1): operations,
#    ops/s, avg/p95/p99 latency in ms per operation type, plus the RegionServer block-cache hit ratio over the
#    run and client CPU us/op = (user+sys of the client JVM - the same command with operationcount=100 and no
#    time limit, i.e. JVM start, connection set-up, flush and report) / operations.
# 3. per workload in COMPARE (a and c): YCSB 0.17.0's site.ycsb.Client driving hbload's drop-in YCSB binding
#    (io.hbload.hbase.ycsb.HbloadHBaseClient, i.e. the identical HBase client code) vs hbload's own engine,
#    alternating YCSB, hbload, YCSB, hbload... REPEATS times; each run starts right after a table flush (for YCSB a
#    tiny hbload run in its own JVM just before, for hbload its own hbload.flushbeforerun), so both start from the
#    same store state. Medians of throughput, READ/UPDATE p99 and client CPU us/op, and the ratios hbload/YCSB. This isolates the engine (workload generation,
#    measurement, threading, YCSB's per-call maps and ByteIterators), not the binding: YCSB's own hbase2 binding
#    is not published on Maven Central (only YCSB core is), so it cannot be run here. Anchor for YCSB's hbase2
#    binding on this machine kind: ../shared/docs/hbase-minicluster.md section 8 (about 5.4k ops/s on a, 9.0k on c).
#    YCSB 0.17.0 runs zero threads for operationcount=0, so its runs use operationcount=100000000 and stop at
#    maxexecutiontime.
#
# Usage: dist/bench/hbase-workloads.sh [duration=30] [repeats=3] [records=100000]
#   env: DURATION, REPEATS, RECORDS (same as the positional args; args win), THREADS=2, WORKLOADS="a c f updateonly",
#   COMPARE="a c" ("" skips the YCSB comparison), SERVER_HEAP=2g, READY_TIMEOUT=120 (s to wait for the server),
#   SETTLE_MS=2000 (hbload.metrics.settlems in step 2: wait before reading the block-cache counters), MVN=./mvnw.
#   With the defaults it takes about 10.5 minutes. On a shared machine run it under the heavy-work lock:
#     flock /tmp/hbload-heavy.lock dist/bench/hbase-workloads.sh
# Needs: a built dist/package/target/hbload.jar (./mvnw -B package -DskipTests), /usr/bin/time, Maven Central (or a local
# repository holding site.ycsb:core:0.17.0) for YCSB.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
duration=${1:-${DURATION:-30}}
repeats=${2:-${REPEATS:-3}}
records=${3:-${RECORDS:-100000}}
threads=${THREADS:-2}
workloads=${WORKLOADS:-"a c f updateonly"}
compare=${COMPARE-"a c"}
server_heap=${SERVER_HEAP:-2g}
ready_timeout=${READY_TIMEOUT:-120}
settle_ms=${SETTLE_MS:-2000}
ycsb_ops=100000000
jar="$here/dist/package/target/hbload.jar"
[ -f "$jar" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
mvn=${MVN:-"$here/mvnw"}
started=$(date +%s)
work=$(mktemp -d /tmp/hbload-hbase-bench.XXXXXX)

die() { echo "hbase-workloads: $*" >&2; exit 1; }
# shellcheck source=hbase-bench-lib.sh
. "$here/dist/bench/hbase-bench-lib.sh"

# YCSB 0.17.0 core and its runtime dependencies, from Maven Central (only for the comparison)
if [ -n "$compare" ]; then
  "$mvn" -q -B dependency:copy-dependencies -f "$here/dist/bench/ycsb-core.pom.xml" -DoutputDirectory="$work/ycsb" \
    -DincludeScope=runtime >&2
  "$mvn" -q -B dependency:copy -Dartifact=site.ycsb:core:0.17.0 -DoutputDirectory="$work/ycsb" >&2
fi

# --- the server -------------------------------------------------------------------------------------------------
start_server
hbase_ver=$(unzip -p "$jar" META-INF/maven/org.apache.hbase/hbase-client/pom.properties 2>/dev/null \
  | sed -n 's/^version=//p' || true)
printf '# hbase-workloads: %s records, %s threads, %s s per run, %s repeats; server %s (%s, heap %s) ready in %s s; %s; %s CPUs\n' \
  "$records" "$threads" "$duration" "$repeats" "$(head -1 "$work/server.out")" "HBase ${hbase_ver:-?}" "$server_heap" \
  "$(($(date +%s) - server_t0))" "$(java -version 2>&1 | head -1)" "$(nproc)"

# --- clients ------------------------------------------------------------------------------------------------------

# ycsb WORKLOAD [-p ...] -> as hbload: YCSB 0.17.0's Client with hbload's drop-in binding class
ycsb() {
  local wl=$1; shift
  # YCSB's jars first: its core needs its own HdrHistogram 2.1.4
  /usr/bin/time -f "%U %S" -o "$work/time" java --add-opens java.base/java.lang=ALL-UNNAMED \
    --add-opens java.base/java.nio=ALL-UNNAMED -cp "$work/ycsb/*:$jar:$conf" site.ycsb.Client -t \
    -db io.hbload.hbase.ycsb.HbloadHBaseClient -P "$here/workloads/workload$wl" -p columnfamily=family \
    -p recordcount="$records" -threads "$threads" "$@" >"$work/out" 2>"$work/err" \
    || { tail -20 "$work/err" >&2; die "YCSB Client -P workload$wl failed"; }
  awk '{print $1+$2}' "$work/time" >"$work/cpu"
  grep -q 'Throughput(ops/sec)' "$work/out" || { tail -20 "$work/err" >&2; die "YCSB workload$wl: no report"; }
}

tiny=(-p operationcount=100 -p maxexecutiontime=0)

# --- 1. load ------------------------------------------------------------------------------------------------------
l0=$(load)
hbload load a
printf '# load: %s rows, %.0f rows/s, INSERT avg %s / p95 %s / p99 %s ms | load avg %s %s\n' "$(value INSERT Operations)" \
  "$(value OVERALL 'Throughput(ops/sec)')" "$(ms "$(value INSERT 'AverageLatency(us)')")" \
  "$(ms "$(value INSERT '95thPercentileLatency(us)')")" "$(ms "$(value INSERT '99thPercentileLatency(us)')")" "$l0" "$(load)"

# --- 2. the seed's table ------------------------------------------------------------------------------------------
run_props=(-p hbload.flushbeforerun=true -p hbload.metrics.settlems="$settle_ms")
echo
echo "## hbload, $duration s per workload, table flushed before each run (seed format: latencies in ms)"
printf '%-10s %-18s %11s %10s %7s %7s %7s | %9s %7s | %s\n' workload op operations "ops/s" avg p95 p99 "cpu us/op" \
  "cache%" "load avg before after"
for wl in $workloads; do
  hbload run "$wl" "${tiny[@]}" "${run_props[@]}"
  base=$(cat "$work/cpu")
  l0=$(load)
  hbload run "$wl" -p operationcount=0 -p maxexecutiontime="$duration" "${run_props[@]}"
  l1=$(load)
  n=$(ops_done)
  secs=$(awk -v r="$(value OVERALL 'RunTime(ms)')" 'BEGIN {print r / 1000}')
  hit=$(value BLOCKCACHE HitRatio)
  [ "$hit" = "-" ] || hit=$(awk -v h="$hit" 'BEGIN {printf "%.1f", h <= 1 ? h * 100 : h}')
  printf '%-10s %-18s %11s %10.0f %7s %7s %7s | %9s %7s | %s %s\n' "$wl" OVERALL "$n" \
    "$(value OVERALL 'Throughput(ops/sec)')" - - - "$(cpu_per_op "$base" "$n")" "$hit" "$l0" "$l1"
  for op in READ UPDATE READ-MODIFY-WRITE INSERT SCAN DELETE; do
    c=$(value "$op" Operations)
    [ "$c" = "-" ] || [ "$c" = 0 ] && continue
    printf '%-10s %-18s %11s %10.0f %7s %7s %7s |\n' "$wl" "$op" "$c" "$(awk -v c="$c" -v s="$secs" 'BEGIN {print c / s}')" \
      "$(ms "$(value "$op" 'AverageLatency(us)')")" "$(ms "$(value "$op" '95thPercentileLatency(us)')")" \
      "$(ms "$(value "$op" '99thPercentileLatency(us)')")"
  done
  fails=$(grep -E '^\[[A-Z-]+\], Return=' "$work/out" | grep -vE 'Return=OK,' || true)
  [ -z "$fails" ] || echo "  $wl: $(echo "$fails" | tr '\n' ' ')"
done
echo "# OVERALL operations = top-level operations (f's READ and UPDATE rows also count the parts of READ-MODIFY-WRITE);"
echo "# cpu us/op = client JVM user+sys minus a 100-op run of the same command, per operation; cache% = RegionServer"
echo "# block-cache hit ratio over the run (counters read ${settle_ms} ms after it, so the last seconds may be missing)"

# --- 3. hbload vs YCSB 0.17.0 + drop-in binding -------------------------------------------------------------------
[ -n "$compare" ] || { echo "# total $(($(date +%s) - started)) s"; exit 0; }
# flush the table in its own JVM before every YCSB run (hbload flushes itself), so both start from the same state
flush() { hbload run c "${tiny[@]}" -p hbload.flushbeforerun=true -p hbload.metrics.settlems=0; }
# record TOOL BASE -> appends "ops/s readp99_ms updatep99_ms cpu_us_per_op" to $work/TOOL
record() {
  local n; n=$(ops_done)
  echo "$(value OVERALL 'Throughput(ops/sec)') $(ms "$(value READ '99thPercentileLatency(us)')")" \
    "$(ms "$(value UPDATE '99thPercentileLatency(us)')") $(cpu_per_op "$2" "$n")" >>"$work/$1"
}
hb_props=(-p hbload.flushbeforerun=true -p hbload.metrics.settlems=0)
runs=""
echo
echo "## hbload vs YCSB 0.17.0 Client + hbload's drop-in binding (same HBase client code), $threads threads, $duration s,"
echo "## medians of $repeats alternating runs; p99 in ms, cpu = client CPU us/op net of JVM start"
printf '%-3s | %-10s %-7s %-7s %-7s | %-10s %-7s %-7s %-7s | %-6s %-6s %-6s %-6s | %s\n' wl "ycsb ops/s" "rd p99" \
  "up p99" "cpu" "hbl ops/s" "rd p99" "up p99" "cpu" "tput×" "rd99×" "up99×" "cpu×" "load avg during"
for wl in $compare; do
  ycsb "$wl" -p operationcount=100; base_y=$(cat "$work/cpu")
  hbload run "$wl" "${tiny[@]}" "${hb_props[@]}"; base_h=$(cat "$work/cpu")
  : >"$work/y"; : >"$work/h"; loads=""
  for _ in $(seq "$repeats"); do
    flush; loads="$loads $(load)"
    ycsb "$wl" -p operationcount="$ycsb_ops" -p maxexecutiontime="$duration"; record y "$base_y"
    loads="$loads $(load)"
    hbload run "$wl" -p operationcount=0 -p maxexecutiontime="$duration" "${hb_props[@]}"; record h "$base_h"
  done
  loads="$loads $(load)"
  yt=$(col y 1) yr=$(col y 2) yu=$(col y 3) yc=$(col y 4)
  ht=$(col h 1) hr=$(col h 2) hu=$(col h 3) hc=$(col h 4)
  printf '%-3s | %-10.0f %-7s %-7s %-7s | %-10.0f %-7s %-7s %-7s | %-6s %-6s %-6s %-6s |%s\n' "$wl" "$yt" "$yr" "$yu" "$yc" \
    "$ht" "$hr" "$hu" "$hc" "$(ratio "$ht" "$yt")" "$(ratio "$hr" "$yr")" "$(ratio "$hu" "$yu")" "$(ratio "$hc" "$yc")" "$loads"
  runs+="#   $wl runs (ops/s/cpu us/op): ycsb $(awk '{printf " %.0f/%s", $1, $4}' "$work/y");"
  runs+=" hbload $(awk '{printf " %.0f/%s", $1, $4}' "$work/h")"$'\n'
done
printf '%s' "$runs"
echo "# tput× = hbload/YCSB throughput (higher is better); rd99×, up99×, cpu× = hbload/YCSB (lower is better)."
echo "# YCSB's own hbase2 binding is not on Maven Central, so YCSB here drives hbload's drop-in class: the ratios"
echo "# compare the engines over identical HBase client code (YCSB hbase2 anchors: shared/docs/hbase-minicluster.md §8)."
echo "# total $(($(date +%s) - started)) s"
