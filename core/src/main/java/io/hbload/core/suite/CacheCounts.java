package io.hbload.core.suite;

/**
 * A run's block-cache lookups on the servers (the growth of their counters over the run): all, L1
 * (on-heap) and L2 (BucketCache). Ratios of summed counts are the hit ratio over several runs,
 * never an average of ratios. Immutable.
 */
public record CacheCounts(
    long hits, long misses, long l1Hits, long l1Misses, long l2Hits, long l2Misses) {
  public static final CacheCounts NONE = new CacheCounts(0, 0, 0, 0, 0, 0);

  public CacheCounts plus(CacheCounts o) {
    return new CacheCounts(
        hits + o.hits,
        misses + o.misses,
        l1Hits + o.l1Hits,
        l1Misses + o.l1Misses,
        l2Hits + o.l2Hits,
        l2Misses + o.l2Misses);
  }

  /** Hit ratio over all lookups; NaN when there were none (data served from the memstore). */
  public double hitRatio() {
    return ratio(hits, misses);
  }

  public double l1HitRatio() {
    return ratio(l1Hits, l1Misses);
  }

  /** NaN without an L2 cache (no lookups). */
  public double l2HitRatio() {
    return ratio(l2Hits, l2Misses);
  }

  private static double ratio(long hit, long miss) {
    return hit + miss == 0 ? Double.NaN : hit / (double) (hit + miss);
  }
}
