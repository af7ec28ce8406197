#!/usr/bin/env bash
# Would a duet see a known change? Issue 32 section 2: a 25 % p99 change within a 5-minute duet.
#
# Takes duets already run (the directories duet-aa.sh keeps with OUT=dir: DUET/a and DUET/b), makes
# side b exactly FACTOR times slower at every latency (dist/bench/ScaleLatencies.java rewrites each
# interval log of a copy; the copy's JSON files are pointed at it), and compares a against the
# slowed b. Prints per duet the verdict on service p50/p90/p99 and intended p99 ("slower" = found)
# and each figure's detectable difference; and the A/A gate outcome of the duet itself on the same
# figures (--gate throughput,p50,p90,p99). With OLD=an-older-hbload.jar both jars judge both.
#
# Usage: dist/bench/duet-power.sh [FACTOR=1.25] DUET-DIR...
# Needs: a built dist/package/target/hbload.jar, python3, and HdrHistogram in ~/.m2.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
factor=$1; shift
jar=${JAR:-"$here/dist/package/target/hbload.jar"}
hdr=$(ls "$HOME"/.m2/repository/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar)
work=$(mktemp -d /tmp/hbload-duet-power.XXXXXX)
trap 'rm -rf "$work"' EXIT
javac -d "$work/classes" -cp "$hdr" "$here/dist/bench/ScaleLatencies.java"

judge() { # jar a b -> "p50 p90 p99 ip99" verdict words and detectable, and the gate
  { java -jar "$1" compare "$2" "$3" --fail-if-slower 10 --gate throughput,p50,p90,p99 2>&1 || true; } | python3 -c '
import sys,re
t=sys.stdin.read()
gate=re.search(r"^gate: (.*)$",t,re.M)
g="-" if not gate else "FAILED" if gate.group(1).startswith("B is slower") else gate.group(1).split(":")[0]
out=["gate="+g]
for name in ["service p50","service p90","service p99","intended p99"]:
    m=re.search(r"^\s+"+re.escape(name)+r"\s.*?(±[0-9.]+%|  -  )\s+(\S+ \S+)",t,re.M)
    out.append(name.replace("service ","")+"="+((m.group(2).split()[1] if m.group(2).startswith("B ") else "-")+"/"+m.group(1).strip() if m else "n/a"))
print(" ".join(out))'
}

printf '# duet-power: side b x%s; per duet: A/A gate (throughput,p50,p90,p99 at 10 %%), then the slowed comparison: figure=found/detectable\n' "$factor"
for d in "$@"; do
  copy="$work/$(basename "$d")"
  cp -r "$d" "$copy"
  for f in "$copy"/b/*.hlog; do
    java -cp "$hdr:$work/classes" ScaleLatencies "$factor" "$f" "$f.tmp" && mv "$f.tmp" "$f"
  done
  sed -i "s#$(cd "$d" && pwd)/#$copy/#g" "$copy"/a/*.json "$copy"/b/*.json
  line="$(basename "$d") | A/A $(judge "$jar" "$d/a" "$d/b") | x$factor $(judge "$jar" "$copy/a" "$copy/b")"
  if [ -n "${OLD:-}" ]; then
    line="$line | old: A/A $(judge "$OLD" "$d/a" "$d/b") | x$factor $(judge "$OLD" "$copy/a" "$copy/b")"
  fi
  echo "$line"
  rm -rf "$copy"
done
