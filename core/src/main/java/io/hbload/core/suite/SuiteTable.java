package io.hbload.core.suite;

import java.util.List;

/**
 * A suite's result: one row per workload, in the order run, from the kept rounds only. Latencies in
 * milliseconds, as the seed's table prints them. Immutable.
 *
 * @param rounds rounds the suite was asked for
 * @param discard leading rounds discarded as warm-up
 */
public record SuiteTable(int rounds, int discard, List<Row> rows) {
  public SuiteTable {
    rows = List.copyOf(rows);
  }

  /** Whether every kept round of every workload has its run. */
  public boolean complete() {
    return rows.stream().allMatch(r -> r.missingRounds().isEmpty());
  }

  /**
   * One workload over its kept rounds.
   *
   * @param keptRounds rounds whose runs are in the figures
   * @param missingRounds kept rounds without a finished run (an interrupted or failed suite)
   * @param operations per-round operations: mean and spread
   * @param throughput per-round ops/s: mean and spread
   * @param cache block-cache lookups summed over the kept rounds (its ratios are the hit ratios
   *     over them); null when the binding reports none
   * @param hitRatio per-round hit ratio: mean and spread (NONE without block-cache figures)
   */
  public record Row(
      String workload,
      List<Integer> keptRounds,
      List<Integer> missingRounds,
      Spread operations,
      Spread throughput,
      List<Op> ops,
      CacheCounts cache,
      Spread hitRatio) {
    public Row {
      keptRounds = List.copyOf(keptRounds);
      missingRounds = List.copyOf(missingRounds);
      ops = List.copyOf(ops);
    }
  }

  /**
   * One operation type of a workload. The {@code summed*} figures are read from the kept rounds'
   * histograms added together (the percentile of all their operations); the {@code perRound*} ones
   * are the per-round figures' mean and spread (the seed's "mean of the last 3 runs").
   *
   * @param count operations of this type over the kept rounds
   */
  public record Op(
      String name,
      long count,
      double summedAvgMs,
      double summedP95Ms,
      double summedP99Ms,
      Spread perRoundAvgMs,
      Spread perRoundP95Ms,
      Spread perRoundP99Ms) {}
}
