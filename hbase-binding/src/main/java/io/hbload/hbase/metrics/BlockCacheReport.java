package io.hbload.hbase.metrics;

import io.hbload.core.binding.ReportLine;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns the counters' growth over a run into {@code [BLOCKCACHE]} report lines: hits, misses and
 * hit ratio overall, for L1 (on-heap LRU) and for L2 (BucketCache, 0 without one). Ratios are
 * printed only when there were lookups; when there were none (data still in the memstore) a note
 * says so instead of a misleading 0. Stateless.
 */
public final class BlockCacheReport {
  public static final String METRIC = "BLOCKCACHE";

  private BlockCacheReport() {}

  public static List<ReportLine> lines(BlockCacheSnapshot delta) {
    List<ReportLine> lines = new ArrayList<>();
    lines.add(new ReportLine(METRIC, "RegionServers", delta.servers()));
    lines.add(new ReportLine(METRIC, "HitCount", delta.hitCount()));
    lines.add(new ReportLine(METRIC, "MissCount", delta.missCount()));
    ratio(lines, "HitRatio", delta.hitCount(), delta.missCount());
    lines.add(new ReportLine(METRIC, "L1HitCount", delta.l1HitCount()));
    lines.add(new ReportLine(METRIC, "L1MissCount", delta.l1MissCount()));
    ratio(lines, "L1HitRatio", delta.l1HitCount(), delta.l1MissCount());
    lines.add(new ReportLine(METRIC, "L2HitCount", delta.l2HitCount()));
    lines.add(new ReportLine(METRIC, "L2MissCount", delta.l2MissCount()));
    ratio(lines, "L2HitRatio", delta.l2HitCount(), delta.l2MissCount());
    if (delta.hitCount() + delta.missCount() == 0) {
      lines.add(
          new ReportLine(
              METRIC,
              "Note",
              "no block-cache lookups during the run: data served from the memstore (flush before read tests)"));
    }
    return lines;
  }

  private static void ratio(List<ReportLine> lines, String name, long hits, long misses) {
    if (hits + misses > 0) {
      lines.add(
          new ReportLine(METRIC, name, Math.round(1e4 * hits / (double) (hits + misses)) / 1e4));
    }
  }
}
