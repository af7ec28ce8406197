package io.hbload.hbase.metrics;

/**
 * Block-cache counters summed over the RegionServers read, at one moment. Immutable.
 *
 * @param servers RegionServers that answered
 * @param requests the servers' request count: not a cache figure, but it tells whether the metrics
 *     were refreshed since an earlier read when the run made no block-cache lookups
 */
public record BlockCacheSnapshot(
    int servers,
    long hitCount,
    long missCount,
    long l1HitCount,
    long l1MissCount,
    long l2HitCount,
    long l2MissCount,
    long requests) {

  /**
   * Attribute names on the {@code Hadoop:service=HBase,name=RegionServer,sub=Server} bean, in field
   * order.
   */
  static final String[] ATTRIBUTES = {
    "blockCacheHitCount",
    "blockCacheMissCount",
    "l1CacheHitCount",
    "l1CacheMissCount",
    "l2CacheHitCount",
    "l2CacheMissCount",
    "totalRequestCount"
  };

  /**
   * No server read yet: the start of a sum (public for the embedded cluster's in-process reader).
   */
  public static final BlockCacheSnapshot EMPTY = new BlockCacheSnapshot(0, 0, 0, 0, 0, 0, 0, 0);

  /** Adds one server's counters, in {@link #ATTRIBUTES} order. */
  public BlockCacheSnapshot plus(long[] v) {
    return new BlockCacheSnapshot(
        servers + 1,
        hitCount + v[0],
        missCount + v[1],
        l1HitCount + v[2],
        l1MissCount + v[3],
        l2HitCount + v[4],
        l2MissCount + v[5],
        requests + v[6]);
  }

  /** The counters' growth since {@code before}. */
  public BlockCacheSnapshot minus(BlockCacheSnapshot before) {
    return new BlockCacheSnapshot(
        servers,
        hitCount - before.hitCount,
        missCount - before.missCount,
        l1HitCount - before.l1HitCount,
        l1MissCount - before.l1MissCount,
        l2HitCount - before.l2HitCount,
        l2MissCount - before.l2MissCount,
        requests - before.requests);
  }
}
