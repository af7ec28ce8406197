# Sourced by the HBase benches (hbase-async.sh, hbase-workloads.sh): one `hbload embedded` server in its own JVM,
# its conf dir for the clients, and a cleanup that stops it (a bench's clients must never meet a server another run
# left behind).
# Needs before sourcing: jar, work (a private temp dir), server_heap, ready_timeout, and a die() that exits.
# Gives: conf, server_pid, start_server (returns once the server printed "HBase is up" and wrote hbase-site.xml),
# and the client helpers below (hbload needs threads and records too).

conf="$work/conf"
server_pid=""

stop_server_and_clean() {
  local rc=$?
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    # TERM, not INT: a background job of a script ignores SIGINT
    kill "$server_pid" 2>/dev/null || true
    # the server's shutdown hook stops HBase and removes its data directory: give it time, then force
    for _ in $(seq 60); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.5; done
    kill -9 "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
  exit "$rc"
}
trap stop_server_and_clean EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

start_server() {
  mkdir -p "$conf"
  java -Xmx"$server_heap" -jar "$jar" embedded --conf-dir "$conf" >"$work/server.out" 2>"$work/server.err" &
  server_pid=$!
  server_t0=$(date +%s)
  until grep -q '^HBase is up' "$work/server.out" 2>/dev/null && [ -s "$conf/hbase-site.xml" ]; do
    kill -0 "$server_pid" 2>/dev/null || { tail -20 "$work/server.err" >&2; die "the embedded HBase server exited"; }
    if [ $(($(date +%s) - server_t0)) -ge "$ready_timeout" ]; then
      tail -20 "$work/server.err" >&2
      die "the embedded HBase server was not ready within $ready_timeout s (no 'HBase is up' line)"
    fi
    sleep 1
  done
}

# --- clients ------------------------------------------------------------------------------------------------------
load() { cut -d' ' -f1 /proc/loadavg; }
# hbload PHASE WORKLOAD [args...] -> report in $work/out, "user+sys" CPU seconds in $work/cpu
hbload() {
  local phase=$1 wl=$2; shift 2
  /usr/bin/time -f "%U %S" -o "$work/time" java -jar "$jar" "$phase" -w "$wl" -threads "$threads" \
    --hbase-conf "$conf" -p recordcount="$records" "$@" >"$work/out" 2>"$work/err" \
    || { tail -20 "$work/err" >&2; die "hbload $phase -w $wl $* failed"; }
  awk '{print $1+$2}' "$work/time" >"$work/cpu"
  grep -q 'Throughput(ops/sec)' "$work/out" || { tail -20 "$work/err" >&2; die "hbload $phase -w $wl: no report"; }
}
# value METRIC MEASUREMENT -> the report line's value from $work/out ("-" if absent)
value() {
  awk -F', ' -v m="[$1]" -v k="$2" '$1 == m && $2 == k {print $3; f=1; exit} END {if (!f) print "-"}' "$work/out"
}
# operations of the run: throughput x runtime (top-level operations; f's READ/UPDATE also count RMW's parts)
ops_done() { awk -v t="$(value OVERALL 'Throughput(ops/sec)')" -v r="$(value OVERALL 'RunTime(ms)')" \
  'BEGIN {printf "%.0f", t * r / 1000}'; }
# client CPU us per operation, net of the baseline run's CPU: cpu_per_op BASELINE_CPU_S OPERATIONS
cpu_per_op() { awk -v c="$(cat "$work/cpu")" -v b="$1" -v n="$2" 'BEGIN {printf "%.1f", (n > 0) ? (c - b) * 1e6 / n : 0}'; }
ms() { awk -v v="$1" 'BEGIN {if (v == "-" || v == "NaN") print "-"; else printf "%.2f", v / 1000}'; }
median() { sort -g | awk '{a[NR]=$1} END {if (NR == 0) print "-"; else print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (a == "-" || b == "-" || a == "" || b == "" || b == 0) print "-"; else printf "%.2f", a / b}'; }
# col FILE I -> the median of column I of $work/FILE, "-" entries left out
col() { awk -v i="$2" '{print $i}' "$work/$1" | { grep -v '^-$' || true; } | median; }
