#!/usr/bin/env bash
# What does a duet on the embedded HBase see, and how often does it see what is not there? Issue 32
# section 2: the default duet design (suite --side with no --rounds/--discard/--duration) must keep
# its A/A false-positive rate at 5 % or less and should detect a 25 % p99 change within 5 minutes.
#
# Runs N A/A duets (both sides the same file) of workload c at a fixed rate on the embedded,
# in-process HBase with the duet's default design, compares each with --fail-if-slower 10 and
# --detect 25, and prints per duet: the load average, the duet's wall time, the gate's outcome, and
# each READ figure's detectable difference (the half-width of its 95 % interval, in % of A). With
# OLD=path/to/an-older-hbload.jar the same duets are also compared by that jar (its method on the
# same data: "before"). CALIBRATE=1 adds compare --calibrate on the duet itself (re-splits).
#
# Usage: dist/bench/duet-aa.sh [duets=10] [target=1000]
#   EXTRA="--rounds 10 --duration 10s" overrides the design; OUT=dir keeps the duets (default: a temp dir).
# Needs: a built dist/package/target/hbload.jar (./mvnw -B package -DskipTests) and python3.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
duets=${1:-10}
target=${2:-1000}
jar=${JAR:-"$here/dist/package/target/hbload.jar"}
extra=${EXTRA:-""}
[ -f "$jar" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 2; }
work=${OUT:-$(mktemp -d /tmp/hbload-duet-bench.XXXXXX)}
mkdir -p "$work"
echo "target=$target" > "$work/side.properties"

load() { cut -d' ' -f1-3 /proc/loadavg; }

figures() { # compare's text -> "gate=... thr p50 p90 p99 p99.9 ip99"
  python3 -c '
import sys,re
t=sys.stdin.read()
gate=re.search(r"^gate: (\S+( \S+)?)",t,re.M)
out=["gate="+(gate.group(1).rstrip(":") if gate else "-")]
for name in ["throughput","service p50","service p90","service p99","service p99.9","intended p99"]:
    m=re.search(r"^\s+"+re.escape(name)+r"\s.*?(±[0-9.]+%|  -  )",t,re.M)
    out.append(m.group(1).strip() if m else "n/a")
print(" ".join(out))'
}

printf '# duet-aa: %s A/A duets, workload c at %s ops/s, 4 threads, embedded HBase; %s; %s CPUs; design: %s\n' \
  "$duets" "$target" "$(java -version 2>&1 | head -1)" "$(nproc)" "${extra:-default}"
printf '# duet | load before | wall s | this jar: gate thr p50 p90 p99 p99.9 intended-p99%s\n' "${OLD:+ | old jar: same}"
for i in $(seq 1 "$duets"); do
  dir="$work/duet$i"
  rm -rf "$dir"
  before=$(load)
  start=$(date +%s)
  # shellcheck disable=SC2086
  java -jar "$jar" suite -w c -p recordcount=10000 --load -threads 4 $extra \
    --side a="$work/side.properties" --side b="$work/side.properties" --out "$dir" > "$dir.log" 2>&1
  wall=$(( $(date +%s) - start ))
  # compare exits 1 (slower) or 3 (cannot judge) by design: the line says which
  new=$({ java -jar "$jar" compare "$dir/a" "$dir/b" --fail-if-slower 10 --detect 25 2>&1 || true; } | tee "$dir.compare" | figures)
  line="$i | $before | $wall | $new"
  if [ -n "${OLD:-}" ]; then
    line="$line | $({ java -jar "$OLD" compare "$dir/a" "$dir/b" --fail-if-slower 10 2>&1 || true; } | figures)"
  fi
  if [ -n "${CALIBRATE:-}" ]; then
    line="$line | $({ java -jar "$jar" compare "$dir/a" "$dir/b" --fail-if-slower 10 --calibrate "$dir" 2>&1 || true; } | grep '^calibration:' | cut -c14-)"
  fi
  echo "$line"
done
