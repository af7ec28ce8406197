#!/usr/bin/env bash
# Engine overhead, hbload vs YCSB 0.17.0, side by side in one run.
#
# Both tools drive a no-op binding (YCSB's site.ycsb.BasicDB with basicdb.verbose=false, hbload's basic)
# on the same workload file, record count, operation count and threads. Runs alternate A, B, A, B... so
# that machine noise hits both alike. Reported per configuration: median throughput and median CPU
# ns/op (user+sys of the JVM minus a 1000-op baseline run that measures JVM start and init), plus bytes
# allocated per op measured exactly with Epsilon GC, and the ratios hbload/YCSB. The load average is
# printed beside every figure: the machine is shared.
#
# Usage: dist/bench/engine-vs-ycsb.sh [repeats=3] [operations=20000000]
#   WORKLOADS="a c" THREADS="1 2" RECORDS=100000 override the matrix.
# Needs: a built dist/package/target/hbload.jar (./mvnw -B package -DskipTests) and Maven Central for YCSB.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
repeats=${1:-3}
ops=${2:-20000000}
workloads=${WORKLOADS:-"a c"}
threads_list=${THREADS:-"1 2"}
records=${RECORDS:-100000}
jar="$here/dist/package/target/hbload.jar"
[ -f "$jar" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 2; }
mvn=${MVN:-"$here/mvnw"}
work=$(mktemp -d /tmp/hbload-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

# YCSB 0.17.0 core and its runtime dependencies, from Maven Central
"$mvn" -q -B dependency:copy-dependencies -f "$here/dist/bench/ycsb-core.pom.xml" -DoutputDirectory="$work/ycsb" \
  -DincludeScope=runtime >&2
"$mvn" -q -B dependency:copy -Dartifact=site.ycsb:core:0.17.0 -DoutputDirectory="$work/ycsb" >&2
ycsb_cp="$work/ycsb/*"

load() { cut -d' ' -f1 /proc/loadavg; }

# run TOOL WORKLOAD THREADS OPS [extra jvm args] -> "throughput cpu_seconds"
run() {
  local tool=$1 wl=$2 t=$3 n=$4; shift 4
  local out="$work/out" tm="$work/time"
  local file="$here/workloads/workload$wl"
  if [ "$tool" = ycsb ]; then
    /usr/bin/time -f "%U %S" -o "$tm" java "$@" -cp "$ycsb_cp" site.ycsb.Client -t -db site.ycsb.BasicDB -P "$file" \
      -p recordcount="$records" -p operationcount="$n" -p basicdb.verbose=false -threads "$t" >"$out" 2>/dev/null
  else
    /usr/bin/time -f "%U %S" -o "$tm" java "$@" -jar "$jar" run -db basic -P "$file" \
      -p recordcount="$records" -p operationcount="$n" -threads "$t" >"$out" 2>/dev/null
  fi
  local tput cpu
  tput=$(grep -m1 'Throughput(ops/sec)' "$out" | awk -F', ' '{print $3}')
  cpu=$(awk '{print $1+$2}' "$tm")
  echo "$tput $cpu"
}

# allocated bytes: Epsilon GC never collects, so heap used at exit is everything allocated
alloc() {
  local tool=$1 wl=$2 t=$3 n=$4
  local log="$work/gc.log"
  run "$tool" "$wl" "$t" "$n" -XX:+UnlockExperimentalVMOptions -XX:+UseEpsilonGC -Xms12g -Xmx12g \
    -XX:-AlwaysPreTouch "-Xlog:gc=info:file=$log" >/dev/null
  # Epsilon's exit line: "Heap: 12288M reserved, ... committed, 40539K (0.32%) used"
  grep -oE '[0-9]+[KMG]? \([0-9.]+%\) used' "$log" | tail -1 | awk '{v=$1; m=1; if (v ~ /K$/) m=1024; if (v ~ /M$/) m=1048576; if (v ~ /G$/) m=1073741824; sub(/[KMG]$/,"",v); print v*m}'
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

printf '# engine-vs-ycsb: %s ops, %s records, %s repeats; %s; %s\n' "$ops" "$records" "$repeats" \
  "$(java -version 2>&1 | head -1)" "$(nproc) CPUs"
printf '%-3s %-3s | %-12s %-9s %-9s | %-12s %-9s %-9s | %-7s %-7s | %s\n' wl thr "ycsb ops/s" "ycsb ns" "ycsb B" \
  "hbload ops/s" "hb ns" "hb B" "ns×" "tput×" "load avg during"
for wl in $workloads; do
  for t in $threads_list; do
    base_y=$(run ycsb "$wl" "$t" 1000 | awk '{print $2}')
    base_h=$(run hbload "$wl" "$t" 1000 | awk '{print $2}')
    : >"$work/y"; : >"$work/h"; loads=""
    for r in $(seq "$repeats"); do
      loads="$loads $(load)"
      run ycsb "$wl" "$t" "$ops" >>"$work/y"
      run hbload "$wl" "$t" "$ops" >>"$work/h"
    done
    loads="$loads $(load)"
    yt=$(awk '{print $1}' "$work/y" | median); ht=$(awk '{print $1}' "$work/h" | median)
    yn=$(awk -v b="$base_y" -v n="$ops" '{print ($2-b)*1e9/n}' "$work/y" | median)
    hn=$(awk -v b="$base_h" -v n="$ops" '{print ($2-b)*1e9/n}' "$work/h" | median)
    an=$((ops / 4))
    ya=$(alloc ycsb "$wl" "$t" "$an"); ya0=$(alloc ycsb "$wl" "$t" 1000)
    ha=$(alloc hbload "$wl" "$t" "$an"); ha0=$(alloc hbload "$wl" "$t" 1000)
    yb=$(awk -v a="$ya" -v b="$ya0" -v n="$an" 'BEGIN {printf "%.1f", (a-b)/n}')
    hb=$(awk -v a="$ha" -v b="$ha0" -v n="$an" 'BEGIN {printf "%.1f", (a-b)/n}')
    printf '%-3s %-3s | %-12.0f %-9.1f %-9s | %-12.0f %-9.1f %-9s | %-7.2f %-7.2f |%s\n' "$wl" "$t" "$yt" "$yn" "$yb" \
      "$ht" "$hn" "$hb" "$(awk -v a="$hn" -v b="$yn" 'BEGIN {print a/b}')" "$(awk -v a="$ht" -v b="$yt" 'BEGIN {print a/b}')" \
      "$loads"
  done
done
echo "# ns = CPU ns/op net of JVM start; B = bytes allocated per op (Epsilon GC); ns× = hbload/YCSB CPU per op (lower is better); tput× = hbload/YCSB throughput"
