#!/usr/bin/env bash
# Does the realized rate follow a -target schedule? Issue 35 section 1: within 1 % per interval on the
# basic binding up to 200,000 ops/s.
#
# Runs hbload on the no-op binding (basic) with each schedule below, reads the JSON's rate series
# (per 1 s interval: the rate the schedule made due, the rate achieved, the backlog) and prints, per
# schedule, the intervals judged (whole seconds), the worst deviation of the achieved rate from the
# intended one, how many intervals were off by more than 1 %, the largest backlog and the operations
# done against those due. The load average is printed beside every run: the machine is shared, and a
# generator starved of CPU falls behind (its backlog shows it; it is never dropped).
#
# Usage: dist/bench/rate-schedule.sh [threads=2]
#   SCHEDULES="ramp:10000..200000/30s 50000@10s,200000@10s" overrides the schedules;
#   EXTRA="-p hbload.spinsleep=true" adds settings to every run.
# Needs: a built dist/package/target/hbload.jar (./mvnw -B package -DskipTests) and python3.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
threads=${1:-2}
schedules=${SCHEDULES:-"25000@10s,50000@10s,100000@10s,200000@10s ramp:10000..200000/30s sine:mean=100000,amp=90000,period=20s"}
extra=${EXTRA:-""}
jar="$here/dist/package/target/hbload.jar"
[ -f "$jar" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 2; }
work=$(mktemp -d /tmp/hbload-rate-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

load() { cut -d' ' -f1-3 /proc/loadavg; }

printf '# rate-schedule: basic binding, %s threads, 5 s warm-up; %s; %s CPUs\n' "$threads" \
  "$(java -version 2>&1 | head -1)" "$(nproc)"
printf '%-44s | %5s %9s %7s %6s %10s %17s | %s\n' schedule secs "worst dev" "at (s)" ">1%" "max backlog" \
  "done/due" "load avg before -> after"
for s in $schedules; do
  before=$(load)
  opts=(-p operationcount=0)
  # a sine has no end: the run is time-boxed
  case "$s" in sine:*) opts=(-p operationcount=0 -p maxexecutiontime=40) ;; esac
  # shellcheck disable=SC2086
  java -jar "$jar" run -w c -db basic -p recordcount=1000 -threads "$threads" -target "$s" \
    -p hbload.warmup=5s "${opts[@]}" --json "$work/r.json" $extra >"$work/out" 2>"$work/err" ||
    { echo "run failed: $s" >&2; tail -3 "$work/err" >&2; exit 1; }
  after=$(load)
  python3 - "$work/r.json" "$s" "$before" "$after" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
rate = doc["rate"]
full = [i for i in rate["intervals"] if abs(i[1] - i[0] - 1.0) < 0.05 and i[2] > 0]
devs = [abs(i[3] - i[2]) / i[2] for i in full]
over = sum(1 for d in devs if d > 0.01)
due = sum(i[2] * (i[1] - i[0]) for i in rate["intervals"])
worst = max(range(len(devs)), key=lambda k: devs[k]) if devs else None
print("%-44s | %5d %8.3f%% %7s %6d %10d %17s | %s -> %s" % (
    sys.argv[2][:44], len(full), 100 * devs[worst] if devs else float("nan"),
    "%.0f" % full[worst][1] if devs else "-", over, rate["maxBacklog"],
    "%d/%d" % (doc["operations"], round(due)), sys.argv[3], sys.argv[4]))
EOF
done
