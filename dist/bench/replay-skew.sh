#!/usr/bin/env bash
# How late does hbload replay send a trace's records? Issue 35 section 3: send skew (sent minus
# scheduled) p99 under 1 ms at 100,000 ops/s on the basic binding.
#
# Writes a Twitter-format trace of SECONDS seconds at RATE records a second (zstd-compressed, keys
# k0..k99999, gets and sets), replays it at its own timing on the no-op binding (basic) and prints
# the [REPLAY] figures from its JSON: records, send skew p50/p99/max, trace and replay span. Beside
# it, the anchor: hbload run -target RATE on the same binding for as long, whose intended-start
# latency on a binding that takes no time is its pacer's own lateness, the same quantity for a rate
# schedule; the ratio replay/anchor compares the two pacers on the same machine at the same time.
# The load average is printed before and after each run: the machine is shared, and a generator
# starved of CPU sends late (its skew shows it; nothing is dropped).
#
# Usage: dist/bench/replay-skew.sh [seconds=20] [rate=100000]
#   EXTRA="-threads 2" adds options to the replay.
# Needs: a built dist/package/target/hbload.jar (./mvnw -B package -DskipTests) and python3.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-20}
rate=${2:-100000}
extra=${EXTRA:-""}
jar="$here/dist/package/target/hbload.jar"
[ -f "$jar" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 2; }
command -v zstd >/dev/null || ZSTD=none
work=$(mktemp -d /tmp/hbload-replay-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

load() { cut -d' ' -f1-3 /proc/loadavg; }

python3 - "$seconds" "$rate" >"$work/trace.csv" <<'EOF2'
import sys
seconds, rate = int(sys.argv[1]), int(sys.argv[2])
out = sys.stdout
n = 0
for s in range(seconds):
    t = 1_600_000_000 + s
    lines = []
    for i in range(rate):
        key = n % 100_000
        op = "set" if n % 4 == 0 else "get"
        lines.append("%d,k%d,%d,%d,1,%s,0\n" % (t, key, len(str(key)) + 1, 100 + n % 400, op))
        n += 1
    out.write("".join(lines))
EOF2
trace="$work/trace.csv"
if [ "${ZSTD:-}" != none ]; then zstd -q --rm "$trace" -o "$trace.zst"; trace="$trace.zst"; fi

printf '# replay-skew: basic binding, %s s at %s records/s (%s); %s; %s CPUs\n' "$seconds" "$rate" \
  "$(basename "$trace")" "$(java -version 2>&1 | head -1)" "$(nproc)"
before=$(load)
# shellcheck disable=SC2086
java -jar "$jar" replay "$trace" -db basic --interval 1 --json "$work/replay.json" $extra >"$work/out" 2>"$work/err" ||
  { echo "replay failed" >&2; tail -3 "$work/err" >&2; exit 1; }
after=$(load)
before_anchor=$(load)
java -jar "$jar" run -w c -db basic -p recordcount=1000 -p operationcount=0 --interval 1 \
  -p maxexecutiontime="$seconds" -target "$rate" --json "$work/anchor.json" >"$work/aout" 2>"$work/aerr" ||
  { echo "anchor run failed" >&2; tail -3 "$work/aerr" >&2; exit 1; }
after_anchor=$(load)
python3 - "$work/replay.json" "$work/anchor.json" "$before" "$after" "$before_anchor" "$after_anchor" "$work/err" "$work/aerr" <<'EOF2'
import json, re, sys
r = json.load(open(sys.argv[1]))
# the status lines, second by second: the first two hold the JVM's cold start (JIT) in both runs, so
# the steady state is judged on the seconds after them (the whole run's figures follow)
seconds = [tuple(map(int, m.groups())) for m in
           re.finditer(r"\[REPLAY\] (\d+) sec: \d+ records, SendSkew\(us\) p50=\d+, p99=(\d+), max=\d+",
                       open(sys.argv[7]).read())]
anchor_seconds = [tuple(map(int, m.groups())) for m in
                  re.finditer(r" (\d+) sec: .*?\[Intended-READ: Count=\d+, Max=\d+, Min=\d+, Avg=[0-9.]+, 90=\d+, 99=(\d+)",
                              open(sys.argv[8]).read())]
def summary(name, secs):
    steady = sorted(p99 for sec, p99 in secs if sec > 2)
    if not steady:
        return None
    print("%s, per second after the first two: p99 median %d us, worst %d us, seconds with p99 >= 1 ms: %d of %d"
          % (name, steady[len(steady) // 2], steady[-1], sum(1 for p in steady if p >= 1000), len(steady)))
    return steady[len(steady) // 2]
rm = summary("replay send skew", seconds)
am = summary("anchor intended-start lateness", anchor_seconds)
if rm is not None and am:
    print("steady state: replay skew p99 median / anchor p99 median = %.2f" % (rm / am))
a = json.load(open(sys.argv[2]))
m = {l["measurement"]: l["value"] for l in r["bindingMetrics"] if l["metric"] == "REPLAY"}
def intended(doc, what):
    for x in doc["measurements"]:
        if x["name"] == "READ":
            return x["intendedMicros"][what]
print("replay: records %d, send skew p50 %s us, p99 %s us, max %s us; trace span %s s, replay span %s s;"
      " READ intended p99 %s us | load avg %s -> %s"
      % (m["Records"], m["SendSkewP50(us)"], m["SendSkewP99(us)"], m["SendSkewMax(us)"],
         m["TraceSpan(s)"], m["ReplaySpan(s)"], intended(r, "p99"), sys.argv[3], sys.argv[4]))
print("anchor (run -target): %d ops, READ intended p99 %s us (its pacer's lateness) | load avg %s -> %s"
      % (a["operations"], intended(a, "p99"), sys.argv[5], sys.argv[6]))
anchor = intended(a, "p99")
print("skew p99 %s: %s; replay skew p99 / anchor intended p99 = %s"
      % ("under 1 ms" if m["SendSkewP99(us)"] < 1000 else "NOT under 1 ms",
         "goal met" if m["SendSkewP99(us)"] < 1000 else "goal missed",
         "%.2f" % (m["SendSkewP99(us)"] / anchor) if anchor else "n/a (anchor p99 0)"))
EOF2
