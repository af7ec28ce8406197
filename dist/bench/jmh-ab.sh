#!/usr/bin/env bash
# A/B of a JMH benchmark between two checkouts of hbload (e.g. a worktree of the previous commit and this one),
# alternating A and B runs on this noisy shared machine, with the load average beside every figure.
# Each checkout must have run: ./mvnw -B -o -q -pl core test-compile
# Usage: dist/bench/jmh-ab.sh A_DIR B_DIR [pairs=3] [benchmark regex=OperationPathBenchmark.operation]
set -euo pipefail
a=$1 b=$2 pairs=${3:-3} pattern=${4:-OperationPathBenchmark.operation}
run() { # dir label round
  local dir=$1
  (cd "$dir" && java -cp "$(cat core/target/test-classpath.txt):core/target/test-classes:core/target/classes" \
    org.openjdk.jmh.Main "$pattern" -f 1 -wi 3 -w 1 -i 5 -r 1 -prof gc -rf csv -rff "/tmp/jmh-ab-$2-$3.csv" \
    > "/tmp/jmh-ab-$2-$3.txt" 2>&1)
  printf '%s round %s load %s\n' "$2" "$3" "$(cut -d' ' -f1-3 /proc/loadavg)"
  awk -F, 'NR>1 && ($1 ~ /operation"$/ || $1 ~ /gc.alloc.rate.norm"$/) {gsub(/"/,""); print "  " $1, $NF, $5}' \
    "/tmp/jmh-ab-$2-$3.csv"
}
for i in $(seq 1 "$pairs"); do
  run "$a" A "$i"
  run "$b" B "$i"
done
