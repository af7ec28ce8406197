package io.hbload.core.suite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Builds a suite's table from its finished runs: rounds {@code 1..discard} are warm-up and in no
 * figure; each workload's row is built from its runs in rounds {@code discard+1..rounds}.
 * Percentiles come from the kept rounds' histograms added together (losslessly, as {@code hbload
 * merge} adds shards'), never from averaged percentiles; the mean and spread of the per-round
 * figures are beside them. Stateless.
 */
public final class SuiteAggregator {
  private SuiteAggregator() {}

  public static SuiteTable aggregate(
      List<String> workloads, int rounds, int discard, List<RoundRun> runs) {
    if (discard < 0 || rounds <= discard) {
      throw new IllegalArgumentException(
          "rounds (" + rounds + ") must exceed discard (" + discard + ")");
    }
    List<SuiteTable.Row> rows = new ArrayList<>();
    for (String workload : workloads) {
      List<RoundRun> kept = new ArrayList<>();
      List<Integer> keptRounds = new ArrayList<>();
      List<Integer> missing = new ArrayList<>();
      for (int round = discard + 1; round <= rounds; round++) {
        RoundRun run = find(runs, workload, round);
        if (run == null) {
          missing.add(round);
        } else {
          kept.add(run);
          keptRounds.add(round);
        }
      }
      rows.add(row(workload, keptRounds, missing, kept));
    }
    return new SuiteTable(rounds, discard, rows);
  }

  private static RoundRun find(List<RoundRun> runs, String workload, int round) {
    for (RoundRun r : runs) {
      if (r.workload().equals(workload) && r.round() == round) {
        return r;
      }
    }
    return null;
  }

  private static SuiteTable.Row row(
      String workload, List<Integer> keptRounds, List<Integer> missing, List<RoundRun> kept) {
    int n = kept.size();
    double[] ops = new double[n];
    double[] throughput = new double[n];
    double[] hitRatio = new double[n];
    CacheCounts cache = null;
    Map<String, Histogram> summed = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      RoundRun r = kept.get(i);
      ops[i] = r.operations();
      throughput[i] = r.throughputOpsPerSec();
      hitRatio[i] = r.cache() == null ? Double.NaN : r.cache().hitRatio();
      if (r.cache() != null) {
        cache = cache == null ? r.cache() : cache.plus(r.cache());
      }
      r.latencies().forEach((name, h) -> summed.computeIfAbsent(name, k -> newHistogram()).add(h));
    }
    List<SuiteTable.Op> opRows = new ArrayList<>();
    summed.forEach(
        (name, total) -> {
          double[] avg = new double[n];
          double[] p95 = new double[n];
          double[] p99 = new double[n];
          for (int i = 0; i < n; i++) {
            Histogram h = kept.get(i).latencies().get(name);
            boolean has = h != null && h.getTotalCount() > 0;
            avg[i] = has ? h.getMean() / 1e6 : Double.NaN;
            p95[i] = has ? h.getValueAtPercentile(95) / 1e6 : Double.NaN;
            p99[i] = has ? h.getValueAtPercentile(99) / 1e6 : Double.NaN;
          }
          opRows.add(
              new SuiteTable.Op(
                  name,
                  total.getTotalCount(),
                  total.getMean() / 1e6,
                  total.getValueAtPercentile(95) / 1e6,
                  total.getValueAtPercentile(99) / 1e6,
                  Spread.of(avg),
                  Spread.of(p95),
                  Spread.of(p99)));
        });
    return new SuiteTable.Row(
        workload,
        keptRounds,
        missing,
        Spread.of(ops),
        Spread.of(throughput),
        opRows,
        cache,
        cache == null ? Spread.NONE : Spread.of(hitRatio));
  }

  private static Histogram newHistogram() {
    Histogram h = new Histogram(3);
    h.setAutoResize(true);
    return h;
  }
}
