#!/usr/bin/env bash
# The pipelined (async) HBase path against today's blocking one, on one embedded single-node HBase (issue 9).
#
# One server JVM runs `hbload embedded` (mini cluster on 127.0.0.1, usertable/family pre-split); every client is a
# separate JVM reaching it through the conf dir the server writes. Server and clients share the machine's cores, so
# client CPU per operation matters for every number; the 1-minute load average is printed beside every figure.
#
# 1. load RECORDS rows (async, 64 in flight per worker, THREADS workers).
# 2. per workload in WORKLOADS (a, c): blocking (`hbload.inflight=1`, the default path) and async
#    (`hbload.inflight=INFLIGHT`), THREADS workers each, DURATION s per run, table flushed before every run and,
#    with SETTLE=major (the default), major-compacted and waited for (`hbload.majorcompactbeforerun`; SETTLE=wait
#    waits for the compactions the flush starts, `hbload.waitforcompactions`; SETTLE=none only flushes),
#    alternating blocking, async, blocking, async... REPEATS times. Medians of throughput, READ/UPDATE p99 and client
#    CPU us/op = (user+sys of the client JVM - the same command with operationcount=100 and no time limit, i.e. JVM
#    start, connection set-up, flush and report) / operations; the ratios async/blocking.
# 3. open loop: per workload, right after its step 2, async with -target at TARGET_PCT % of step 2's async median
#    throughput, REPEATS runs of each bound in OPEN_INFLIGHT (64 and 256 in flight per worker, alternating)
#    of WARMUP + OPEN_DURATION s with `-p hbload.warmup=WARMUP` (a cold client JVM and a just-flushed table start the
#    schedule behind; the warm-up's operations are reported apart, as users of the feature see them); medians of
#    READ (and UPDATE) service p99 and intended p99 (latency from the scheduled start: measurement.interval=both) of
#    the measured part and their ratio, and the warm-up's intended READ p99 from the HdrHistogram log (WARMUP. tags).
# Issue 9's targets: c: async >= 2.5x the blocking throughput at <= 0.4x its CPU/op; a: >= 2x the throughput;
# open loop at 80 %: intended p99 within 2x of service p99. Each is printed with "met" or "NOT met".
# Why the open loop also runs with a larger bound: in an open loop the bound caps memory, not the rate. With 64 in
# flight a server pause longer than 64 / 9,000 ops/s = 7 ms per worker fills every slot, and the operations due then
# wait in the client, outside their service time: intended p99 stays what it is, service p99 looks better than it
# was. With 256 the pause lands in the service time. The report's [OPEN-LOOP] lines say how long the bound held the
# schedule back.
#
# Usage: dist/bench/hbase-async.sh [duration=20] [repeats=3] [records=100000]
#   env: THREADS=2, INFLIGHT=64, OPEN_INFLIGHT="64 256" (the verdict is the last one's), WORKLOADS="c a",
#   TARGET_PCT=80, OPEN_DURATION=30, WARMUP=10, SETTLE=major, SERVER_HEAP=2g, READY_TIMEOUT=120.
#   With the defaults it takes about 16 minutes. On a shared machine run it under the heavy-work lock:
#     flock /tmp/hbload-heavy.lock dist/bench/hbase-async.sh
# Needs: a built dist/package/target/hbload.jar (./mvnw -B package -DskipTests) and /usr/bin/time.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
duration=${1:-${DURATION:-20}}
repeats=${2:-${REPEATS:-3}}
records=${3:-${RECORDS:-100000}}
threads=${THREADS:-2}
inflight=${INFLIGHT:-64}
open_inflight=${OPEN_INFLIGHT:-"64 256"}
workloads=${WORKLOADS:-"c a"}
target_pct=${TARGET_PCT:-80}
open_duration=${OPEN_DURATION:-30}
warmup=${WARMUP:-10}
settle=${SETTLE:-major}
server_heap=${SERVER_HEAP:-2g}
ready_timeout=${READY_TIMEOUT:-120}
jar="$here/dist/package/target/hbload.jar"
[ -f "$jar" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
started=$(date +%s)
work=$(mktemp -d /tmp/hbload-async-bench.XXXXXX)

die() { echo "hbase-async: $*" >&2; exit 1; }
# shellcheck source=hbase-bench-lib.sh
. "$here/dist/bench/hbase-bench-lib.sh"

# --- the server -------------------------------------------------------------------------------------------------
start_server
printf '# hbase-async: %s records, %s threads, %s in flight (async), %s s per run, %s repeats, settle %s; server %s (heap %s) ready in %s s; %s; %s CPUs\n' \
  "$records" "$threads" "$inflight" "$duration" "$repeats" "$settle" "$(head -1 "$work/server.out")" "$server_heap" \
  "$(($(date +%s) - server_t0))" "$(java -version 2>&1 | head -1)" "$(nproc)"

# --- clients ------------------------------------------------------------------------------------------------------
verdict() { awk -v v="$1" -v op="$2" -v t="$3" 'BEGIN {if (v == "-") print "n/a"; else if ((op == ">=" && v >= t) || (op == "<=" && v <= t)) print "met"; else print "NOT met"}'; }
errors() { grep -E '^\[[A-Z-]+\], Return=' "$work/out" | grep -vE 'Return=OK,' | tr '\n' ' ' || true; }

tiny=(-p operationcount=100 -p maxexecutiontime=0)
props=(-p hbload.flushbeforerun=true -p hbload.metrics.settlems=0)
# Why settle: every run of workload a writes 100-250k updates, flushed before the next run into one more store file
# per region. Left alone, the next run meets their compactions (bench run 8: a's open loop at 80 % of its maximum met
# a server that held 9.1-10.1k of 10k ops/s at load average 12-17); with only a wait for the compactions the flush
# starts, the store files still pile up and each run's service time is longer than the one before (READ p99 8, 23,
# 38 ms over three 10k ops/s open-loop runs; bench runs 10 and 11 missed a's open loop). After a major compaction
# every run starts from one file per store: 16, 9, 7 ms. The settling is before the clock starts; the client CPU it
# costs (polling the compaction state) is in the baseline run too.
case "$settle" in
  major) props+=(-p hbload.majorcompactbeforerun=true) ;;
  wait) props+=(-p hbload.waitforcompactions=true) ;;
  none) ;;
  *) echo "SETTLE must be major, wait or none" >&2; exit 2 ;;
esac
mode_args() { if [ "$1" = async ]; then echo "-p hbload.inflight=$inflight"; else echo "-p hbload.inflight=1"; fi; }

# --- 1. load ------------------------------------------------------------------------------------------------------
l0=$(load)
hbload load a -p hbload.inflight=64
printf '# load (async, 64 in flight): %s rows, %.0f rows/s, INSERT p99 %s ms | load avg %s %s\n' \
  "$(value INSERT Operations)" "$(value OVERALL 'Throughput(ops/sec)')" \
  "$(ms "$(value INSERT '99thPercentileLatency(us)')")" "$l0" "$(load)"

# --- 3. open loop at TARGET_PCT % of the async maximum ------------------------------------------------------------
# Run for each workload right after its closed loop (step 2), so that it meets the server its own runs left: run
# after workload a's updates, workload c's open loop met their flushes and compactions (load average 15-16 in bench
# run 5, where c held 14.2k of 16.9k ops/s; the same commands on a fresh server held 16,000 at 1.3x).
# The measured part follows a WARMUP s warm-up (hbload.warmup): the report's p99 are the steady state; the hlog's
# WARMUP.-tagged intervals show how far behind the cold start put the schedule.
# hlogp99 TAG -> p99 in ms of the intervals tagged TAG in $work/open.hlog ("-" if none)
hlogp99() {
  { java -cp "$jar" org.HdrHistogram.HistogramLogProcessor -i "$work/open.hlog" -tag "$1" \
    -outputValueUnitRatio 1000000 2>/dev/null || true; } | awk '$1 ~ /^[0-9.]+$/ && $2 ~ /^[0-9.]+$/ && $2 >= 0.99 {printf "%.2f", $1; f=1; exit} END {if (!f) print "-"}'
}
# open_loop WL -> appends a row per bound in OPEN_INFLIGHT to $work/open_report (bounds alternate within each repeat)
# and the verdict of the last bound to $summary
open_loop() {
  local wl=$1 target ot rs ri us ui wi sw rx ux worst e loads b
  target=$(awk -v t="${async_tput[$wl]}" -v p="$target_pct" 'BEGIN {printf "%.0f", t * p / 100}')
  for b in $open_inflight; do : >"$work/open.$b"; done
  loads=""
  for _ in $(seq "$repeats"); do
    for b in $open_inflight; do
      loads="$loads $(load)"
      rm -f "$work/open.hlog"
      # shellcheck disable=SC2046
      hbload run "$wl" -target "$target" -p operationcount=0 -p maxexecutiontime="$((warmup + open_duration))" \
        -p hbload.warmup="$warmup" -p measurement.interval=both -p status.interval=1 --hlog "$work/open.hlog" \
        "${props[@]}" -p hbload.inflight="$b"
      echo "$(value OVERALL 'Throughput(ops/sec)') $(ms "$(value READ '99thPercentileLatency(us)')")" \
        "$(ms "$(value Intended-READ '99thPercentileLatency(us)')")" \
        "$(ms "$(value UPDATE '99thPercentileLatency(us)')") $(ms "$(value Intended-UPDATE '99thPercentileLatency(us)')")" \
        "$(hlogp99 WARMUP.READ.intended) $(value OPEN-LOOP 'SlotWaitTime(ms)' | sed 's/^-$/0/')" >>"$work/open.$b"
      e=$(errors); [ -z "$e" ] || echo "#   open-loop run with non-OK returns: $e" >>"$work/open_report"
    done
  done
  loads="$loads $(load)"
  for b in $open_inflight; do
    ot=$(col "open.$b" 1) rs=$(col "open.$b" 2) ri=$(col "open.$b" 3) us=$(col "open.$b" 4) ui=$(col "open.$b" 5)
    wi=$(col "open.$b" 6) sw=$(col "open.$b" 7)
    rx=$(ratio "$ri" "$rs") ux=$(ratio "$ui" "$us")
    printf '%-3s %-7s %-4s | %-8.0f | %-7s %-7s %-6s | %-7s %-7s %-6s | %-8s | %-7s |%s\n' "$wl" "$target" "$b" "$ot" \
      "$rs" "$ri" "$rx" "$us" "$ui" "$ux" "$wi" "$sw" "$loads" >>"$work/open_report"
    echo "#   $wl/$b runs (ops/s rd-svc rd-int up-svc up-int warm-up-rd-int slot-wait-ms):$(awk '{printf " [%s]", $0}' \
      "$work/open.$b")" >>"$work/open_report"
  done
  worst=$rx
  [ "$ux" = "-" ] || worst=$(awk -v a="$rx" -v b="$ux" 'BEGIN {print (a > b) ? a : b}')
  summary+="# target $wl open loop at $target_pct % ($b in flight): intended p99 within 2x of service p99 after the warm-up: ${worst}x"
  summary+=" $(verdict "$worst" '<=' 2)"$'\n'
}

: >"$work/open_report"
# --- 2. closed loop, alternating ----------------------------------------------------------------------------------
# record MODE BASE -> appends "ops/s readp99 updatep99 cpu_us_per_op" to $work/MODE
record() {
  local n; n=$(ops_done)
  echo "$(value OVERALL 'Throughput(ops/sec)') $(ms "$(value READ '99thPercentileLatency(us)')")" \
    "$(ms "$(value UPDATE '99thPercentileLatency(us)')") $(cpu_per_op "$2" "$n")" >>"$work/$1"
  local e; e=$(errors)
  [ -z "$e" ] || echo "#   $1 run with non-OK returns: $e"
}
echo
echo "## closed loop: blocking (1 call per worker) vs async ($inflight in flight per worker), $threads workers, $duration s,"
echo "## medians of $repeats alternating runs; p99 in ms, cpu = client CPU us/op net of JVM start"
printf '%-3s | %-10s %-7s %-7s %-7s | %-10s %-7s %-7s %-7s | %-6s %-6s | %s\n' wl "blk ops/s" "rd p99" "up p99" "cpu" \
  "async ops/s" "rd p99" "up p99" "cpu" "tput×" "cpu×" "load avg during"
declare -A async_tput
summary=""
runs=""
for wl in $workloads; do
  # shellcheck disable=SC2046
  hbload run "$wl" "${tiny[@]}" "${props[@]}" $(mode_args blocking); base_b=$(cat "$work/cpu")
  # shellcheck disable=SC2046
  hbload run "$wl" "${tiny[@]}" "${props[@]}" $(mode_args async); base_a=$(cat "$work/cpu")
  : >"$work/blocking"; : >"$work/async"; loads=""
  for _ in $(seq "$repeats"); do
    for mode in blocking async; do
      loads="$loads $(load)"
      base=$base_b; [ "$mode" = async ] && base=$base_a
      # shellcheck disable=SC2046
      hbload run "$wl" -p operationcount=0 -p maxexecutiontime="$duration" "${props[@]}" $(mode_args "$mode")
      record "$mode" "$base"
    done
  done
  loads="$loads $(load)"
  bt=$(col blocking 1) br=$(col blocking 2) bu=$(col blocking 3) bc=$(col blocking 4)
  at=$(col async 1) ar=$(col async 2) au=$(col async 3) ac=$(col async 4)
  async_tput[$wl]=$at
  tx=$(ratio "$at" "$bt") cx=$(ratio "$ac" "$bc")
  printf '%-3s | %-10.0f %-7s %-7s %-7s | %-11.0f %-7s %-7s %-7s | %-6s %-6s |%s\n' "$wl" "$bt" "$br" "$bu" "$bc" \
    "$at" "$ar" "$au" "$ac" "$tx" "$cx" "$loads"
  runs+="#   $wl runs (ops/s/cpu us/op): blocking $(awk '{printf " %.0f/%s", $1, $4}' "$work/blocking");"
  runs+=" async $(awk '{printf " %.0f/%s", $1, $4}' "$work/async")"$'\n'
  if [ "$wl" = c ]; then
    summary+="# target c: throughput >= 2.5x: ${tx}x $(verdict "$tx" '>=' 2.5); CPU/op <= 0.4x: ${cx}x $(verdict "$cx" '<=' 0.4)"$'\n'
  elif [ "$wl" = a ]; then
    summary+="# target a: throughput >= 2x: ${tx}x $(verdict "$tx" '>=' 2)"$'\n'
  fi
  open_loop "$wl"
done
printf '%s' "$runs"
echo "# tput× = async/blocking throughput (higher is better); cpu× = async/blocking client CPU per op (lower is better)"

echo
echo "## open loop: async, -target at $target_pct % of the async median above; medians of $repeats runs of"
echo "## $warmup s warm-up (hbload.warmup) + $open_duration s measured; p99 in ms of the measured part: svc = service"
echo "## (from the actual start), int = intended (from the scheduled start); wu int = intended READ p99 during the warm-up;"
echo "## slot ms = time due operations waited for a free slot of the bound (in-fl) ([OPEN-LOOP], SlotWaitTime)"
printf '%-3s %-7s %-4s | %-8s | %-7s %-7s %-6s | %-7s %-7s %-6s | %-8s | %-7s | %s\n' wl target in-fl "ops/s" "rd svc" \
  "rd int" "×" \
  "up svc" "up int" "×" "wu int" "slot ms" "load avg during"
cat "$work/open_report"
echo
printf '%s' "$summary"
echo "# total $(($(date +%s) - started)) s"
