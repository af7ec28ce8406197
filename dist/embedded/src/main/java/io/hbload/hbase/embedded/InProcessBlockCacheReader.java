package io.hbload.hbase.embedded;

import io.hbload.hbase.metrics.BlockCacheReader;
import io.hbload.hbase.metrics.BlockCacheSnapshot;
import java.util.List;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.regionserver.MetricsRegionServerWrapper;

/**
 * Reads the counters of an in-process cluster's RegionServers straight from their metrics wrappers:
 * the very values their JMX bean publishes, without going through the bean. The platform-MBean
 * route is unreliable for a run of seconds: Hadoop's metrics2 adapter serves JMX from a cache
 * refreshed only every metrics period (10 s by default), so a fresh cluster's bean has no
 * block-cache attributes yet and short runs read stale snapshots (negative deltas were observed).
 * The wrappers are recomputed every {@code hbase.regionserver.metrics.period} (1 s in {@link
 * EmbeddedHBase}). Thread-safe; allocates a list per read.
 */
final class InProcessBlockCacheReader implements BlockCacheReader {
  private final EmbeddedHBase cluster;

  InProcessBlockCacheReader(EmbeddedHBase cluster) {
    this.cluster = cluster;
  }

  @Override
  public BlockCacheSnapshot read() {
    BlockCacheSnapshot s = BlockCacheSnapshot.EMPTY;
    List<HRegionServer> servers = cluster.liveRegionServers();
    for (HRegionServer rs : servers) {
      MetricsRegionServerWrapper w = rs.getMetrics().getRegionServerWrapper();
      s =
          s.plus(
              new long[] {
                w.getBlockCacheHitCount(),
                w.getBlockCacheMissCount(),
                w.getL1CacheHitCount(),
                w.getL1CacheMissCount(),
                w.getL2CacheHitCount(),
                w.getL2CacheMissCount(),
                w.getTotalRequestCount()
              });
    }
    return s;
  }

  @Override
  public String source() {
    return "in-process RegionServer metrics";
  }
}
