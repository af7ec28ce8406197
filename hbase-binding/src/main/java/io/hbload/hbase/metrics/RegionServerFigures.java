package io.hbload.hbase.metrics;

import io.hbload.core.server.ServerFigure;
import io.hbload.core.server.ServerFigure.Kind;
import io.hbload.core.server.ServerSample;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The figures hbload samples from each RegionServer while a phase runs, named for core's server
 * series: the JVM's collectors (live counters), and HBase's own memstore, flush and compaction
 * queues, request counts and block-cache lookups (which HBase recomputes only once per metrics
 * period: their legend says so). Both readers (over {@code /jmx}, in-process) fill them here, so a
 * chart means the same whatever the source. Confined to the sampling thread: it keeps each server's
 * last block-cache counts to give the hit ratio between two reads.
 */
public final class RegionServerFigures {
  /** HBase's figures refresh on its metrics period; the legend must not let a step read as load. */
  static final String PERIOD_NOTE =
      "HBase metric: recomputed once per hbase.regionserver.metrics.period (5 s by default, 1 s on"
          + " hbload's embedded cluster), so it moves in steps";

  private static final String LIVE = "";
  private static final double MIB = 1024.0 * 1024.0;

  public static final ServerFigure MEMSTORE =
      gauge("memstore.megabytes", "MB", "Server memstore size");
  public static final ServerFigure FLUSH_QUEUE =
      gauge("flush.queue.length", "queued", "Server flush and compaction queues")
          .asEvent("flushes queued");
  public static final ServerFigure COMPACTION_QUEUE =
      gauge("compaction.queue.length", "queued", "Server flush and compaction queues")
          .asEvent("compactions queued");
  public static final ServerFigure FLUSHED =
      counter(
              "flushed.megabytes",
              Map.of(),
              "MB per interval",
              "Server flushes and compactions per interval",
              PERIOD_NOTE)
          .asEvent("memstore flush");
  public static final ServerFigure COMPACTED =
      counter(
              "compacted.megabytes",
              Map.of(),
              "MB per interval",
              "Server flushes and compactions per interval",
              PERIOD_NOTE)
          .asEvent("compaction");

  /**
   * Time writes waited because a memstore was over its blocking size (HBase's {@code
   * updatesBlockedTime}): the cause of most write stalls on a server that flushes often.
   */
  public static final ServerFigure UPDATES_BLOCKED =
      counter(
              "updates.blocked.milliseconds",
              Map.of(),
              "ms per interval",
              "Server writes blocked per interval",
              PERIOD_NOTE)
          .asEvent("writes blocked (memstore full)");

  public static final ServerFigure READS =
      counter(
          "requests.read", Map.of(), "per interval", "Server requests per interval", PERIOD_NOTE);
  public static final ServerFigure WRITES =
      counter(
          "requests.write", Map.of(), "per interval", "Server requests per interval", PERIOD_NOTE);
  public static final ServerFigure CACHE_HIT_RATIO =
      gauge("blockcache.hit.ratio", "ratio", "Server block-cache hit ratio per interval");

  private final Map<String, long[]> lastLookups = new HashMap<>();

  /** What one RegionServer's metrics say, as read (-1 where a figure is missing). */
  public record HBaseFigures(
      long memstoreBytes,
      long flushQueue,
      long compactionQueue,
      long flushedBytes,
      long compactedBytes,
      long readRequests,
      long writeRequests,
      long blockCacheHits,
      long blockCacheMisses,
      long updatesBlockedMillis) {}

  /** A collector's pause time and collections, as the JVM counts them. */
  public record Collector(String name, long count, long timeMillis) {}

  /**
   * One server's sample from its collectors and HBase's figures (null when the bean was absent).
   */
  public ServerSample sample(
      String server, long epochMillis, Iterable<Collector> collectors, HBaseFigures hbase) {
    Map<ServerFigure, Double> v = new LinkedHashMap<>();
    for (Collector c : collectors) {
      if (c.timeMillis() >= 0) {
        v.put(gcPause(c.name()), (double) c.timeMillis());
      }
      if (c.count() >= 0) {
        v.put(gcCount(c.name()), (double) c.count());
      }
    }
    if (hbase != null) {
      put(v, MEMSTORE, megabytes(hbase.memstoreBytes()));
      put(v, FLUSH_QUEUE, hbase.flushQueue());
      put(v, COMPACTION_QUEUE, hbase.compactionQueue());
      put(v, FLUSHED, megabytes(hbase.flushedBytes()));
      put(v, COMPACTED, megabytes(hbase.compactedBytes()));
      put(v, READS, hbase.readRequests());
      put(v, WRITES, hbase.writeRequests());
      put(v, UPDATES_BLOCKED, hbase.updatesBlockedMillis());
      hitRatio(v, server, hbase.blockCacheHits(), hbase.blockCacheMisses());
    }
    return new ServerSample(server, epochMillis, v);
  }

  /** The ratio of the lookups since this server's previous read; none when there were none. */
  private void hitRatio(Map<ServerFigure, Double> v, String server, long hits, long misses) {
    if (hits < 0 || misses < 0) {
      return;
    }
    long[] before = lastLookups.put(server, new long[] {hits, misses});
    if (before == null) {
      return;
    }
    long h = hits - before[0];
    long m = misses - before[1];
    if (h >= 0 && m >= 0 && h + m > 0) {
      v.put(CACHE_HIT_RATIO, h / (double) (h + m));
    }
  }

  private static double megabytes(long bytes) {
    return bytes < 0 ? -1 : bytes / MIB;
  }

  private static void put(Map<ServerFigure, Double> v, ServerFigure f, double value) {
    if (value >= 0) {
      v.put(f, value);
    }
  }

  /** Pause time of one collector: live, the JVM's own counter. */
  public static ServerFigure gcPause(String collector) {
    return counter(
            "gc.pause.milliseconds",
            Map.of("collector", collector),
            "ms per interval",
            "Server GC pause time per interval",
            LIVE)
        .asEvent("GC pause");
  }

  /** Collections of one collector. */
  public static ServerFigure gcCount(String collector) {
    return counter(
        "gc.collections",
        Map.of("collector", collector),
        "per interval",
        "Server GC collections per interval",
        LIVE);
  }

  private static ServerFigure gauge(String meter, String unit, String chart) {
    return new ServerFigure(meter, Map.of(), unit, Kind.GAUGE, chart, PERIOD_NOTE);
  }

  private static ServerFigure counter(
      String meter, Map<String, String> tags, String unit, String chart, String note) {
    return new ServerFigure(meter, tags, unit, Kind.COUNTER, chart, note);
  }
}
