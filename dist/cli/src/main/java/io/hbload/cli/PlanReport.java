package io.hbload.cli;

import io.hbload.hbase.sizing.ClusterMemory;
import io.hbload.hbase.sizing.RowSize;
import io.hbload.hbase.sizing.SizingPlan;
import java.util.Locale;

/**
 * {@code hbload plan}'s text: the cluster's memory, the row's bytes, the regimes, and the
 * workload's recordcount.
 */
final class PlanReport {
  private PlanReport() {}

  static String text(SizingPlan plan, long recordCount) {
    ClusterMemory m = plan.memory();
    RowSize row = plan.row();
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "cluster (%s): %d RegionServer(s), each: heap %s, L1 %s, L2 %s, memstore %s,"
                + " host memory %s (OS page cache ~%s)%n",
            m.source(),
            m.regionServers(),
            size(m.heapBytes()),
            size(m.l1Bytes()),
            size(m.l2Bytes()),
            size(m.memstoreBytes()),
            size(m.hostMemoryBytes()),
            size(m.pageCacheBytes())));
    sb.append(
        String.format(
            Locale.ROOT,
            "row: %,.0f bytes = %d cells x %.1f (%d KeyValue/HFile overhead + %.1f key +"
                + " family + qualifier + %.0f value)%n",
            row.rowBytes(),
            row.fieldCount(),
            row.cellBytes(),
            RowSize.CELL_OVERHEAD,
            row.keyBytes(),
            row.valueBytes()));
    sb.append(
        String.format(
            Locale.ROOT,
            "%-22s %18s %12s  %s%n",
            "regime",
            "recordcount up to",
            "dataset",
            "block-cache hit ratio, zipfian reads (warm)"));
    long previous = 0;
    for (SizingPlan.Regime r : plan.regimes()) {
      if (r.maxRecords() < 0) {
        long beyond = Math.max(previous, 1) * 2;
        sb.append(
            String.format(
                Locale.ROOT,
                "%-22s %18s %12s  %s at %,d rows (2x); reads from memory %s%n",
                r.name(),
                "> " + String.format(Locale.ROOT, "%,d", previous),
                "-",
                pct(plan.blockCacheHitRatio(beyond)),
                beyond,
                pct(plan.memoryHitRatio(beyond))));
      } else {
        sb.append(
            String.format(
                Locale.ROOT,
                "%-22s %,18d %12s  %s%n",
                r.name(),
                r.maxRecords(),
                size(plan.datasetBytes(r.maxRecords())),
                pct(r.blockCacheHitRatio())
                    + (r.blockCacheHitRatio() < 1
                        ? " at the top (the block cache keeps the hottest rows)"
                        : "")));
        previous = r.maxRecords();
      }
    }
    sb.append(
        String.format(
            Locale.ROOT,
            "recordcount %,d: %s; dataset %s; block-cache hit ratio %s, reads from"
                + " memory %s%n",
            recordCount,
            plan.regimeOf(recordCount).name(),
            size(plan.datasetBytes(recordCount)),
            pct(plan.blockCacheHitRatio(recordCount)),
            pct(plan.memoryHitRatio(recordCount))));
    sb.append(
        "hit ratios: YCSB's scrambled zipfian, share of reads to the hottest rows that fit (index and bloom"
            + " blocks, which every read also hits, not counted)\n");
    return sb.toString();
  }

  private static String pct(double r) {
    return Double.isNaN(r) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * r);
  }

  private static String size(long bytes) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double v = bytes;
    int u = 0;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return u == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
