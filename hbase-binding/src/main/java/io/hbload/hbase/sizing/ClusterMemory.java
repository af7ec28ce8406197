package io.hbload.hbase.sizing;

/**
 * What a cluster can cache, per RegionServer host: the RegionServer heap, its L1 block cache
 * (on-heap LRU, {@code hfile.block.cache.size} x heap), its L2 BucketCache ({@code
 * hbase.bucketcache.size}, 0 without one), the memstore limit and the host's memory. The OS page
 * cache is what the host has left: memory - heap - an off-heap BucketCache (the seed's 128 GB hosts
 * with 32 GB heaps had ~96 GB). Per-host figures are taken as the same on every server. Immutable.
 *
 * @param source where the figures come from (the command line, /jmx of N servers, the embedded
 *     cluster)
 */
public record ClusterMemory(
    int regionServers,
    long heapBytes,
    long l1Bytes,
    long l2Bytes,
    long memstoreBytes,
    long hostMemoryBytes,
    String source) {

  public static ClusterMemory ofFractions(
      int regionServers,
      long heapBytes,
      double blockCacheFraction,
      long bucketCacheBytes,
      double memstoreFraction,
      long hostMemoryBytes,
      String source) {
    return new ClusterMemory(
        regionServers,
        heapBytes,
        (long) (blockCacheFraction * heapBytes),
        bucketCacheBytes,
        (long) (memstoreFraction * heapBytes),
        hostMemoryBytes,
        source);
  }

  public long l1Total() {
    return l1Bytes * regionServers;
  }

  public long l2Total() {
    return l2Bytes * regionServers;
  }

  /**
   * Page cache per host: what the heap and an off-heap L2 leave of the host's memory (0 when
   * unknown).
   */
  public long pageCacheBytes() {
    return Math.max(0, hostMemoryBytes - heapBytes - l2Bytes);
  }

  public long pageCacheTotal() {
    return pageCacheBytes() * regionServers;
  }
}
