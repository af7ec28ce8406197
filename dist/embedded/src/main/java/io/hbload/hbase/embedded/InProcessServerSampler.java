package io.hbload.hbase.embedded;

import io.hbload.core.server.ServerSample;
import io.hbload.core.server.ServerSampler;
import io.hbload.hbase.metrics.RegionServerFigures;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.regionserver.MetricsRegionServerWrapper;

/**
 * Samples an in-process cluster's RegionServers from their metrics wrappers (recomputed every
 * {@code hbase.regionserver.metrics.period}, 1 s in {@link EmbeddedHBase}) and this JVM's
 * collectors, which the servers share with the client: their pauses stop client and server alike.
 * Confined to the engine's sampling thread.
 */
final class InProcessServerSampler implements ServerSampler {
  private final EmbeddedHBase cluster;
  private final RegionServerFigures figures = new RegionServerFigures();

  InProcessServerSampler(EmbeddedHBase cluster) {
    this.cluster = cluster;
  }

  @Override
  public List<ServerSample> sample() {
    List<RegionServerFigures.Collector> collectors = new ArrayList<>();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      collectors.add(
          new RegionServerFigures.Collector(
              gc.getName(), gc.getCollectionCount(), gc.getCollectionTime()));
    }
    List<ServerSample> out = new ArrayList<>();
    long now = System.currentTimeMillis();
    for (HRegionServer rs : cluster.liveRegionServers()) {
      MetricsRegionServerWrapper w = rs.getMetrics().getRegionServerWrapper();
      out.add(
          figures.sample(
              rs.getServerName().getAddress().toString(),
              now,
              collectors,
              new RegionServerFigures.HBaseFigures(
                  w.getMemStoreSize(),
                  w.getFlushQueueSize(),
                  w.getCompactionQueueSize(),
                  w.getFlushedCellsSize(),
                  w.getCompactedCellsSize(),
                  w.getReadRequestsCount(),
                  w.getWriteRequestsCount(),
                  w.getBlockCacheHitCount(),
                  w.getBlockCacheMissCount(),
                  w.getUpdatesBlockedTime())));
    }
    return out;
  }

  @Override
  public String source() {
    return "in-process RegionServer metrics (recomputed every "
        + EmbeddedHBase.METRICS_PERIOD_MILLIS
        + " ms); GC: this JVM's collectors, shared by the client and the servers";
  }
}
