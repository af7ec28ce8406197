package io.hbload.hbase.sizing;

import io.hbload.core.keys.ZipfianHitRatio;
import java.util.ArrayList;
import java.util.List;

/**
 * The recordcounts of the caching regimes users pick a dataset from, for one row size on one
 * cluster: fits in L1, fits in L1 + L2, fits in the OS page cache (reads that miss the block cache
 * are served from memory, assuming HDFS locality so that each block is cached once), exceeds all
 * (misses go to disk). With each regime's largest recordcount, the block-cache hit ratio a warm
 * YCSB zipfian read mix should see there ({@link ZipfianHitRatio}: the cache keeps the hottest
 * rows). Immutable.
 */
public record SizingPlan(ClusterMemory memory, RowSize row, List<Regime> regimes) {

  /**
   * One regime.
   *
   * @param maxRecords the largest recordcount in it (-1 for "exceeds all", which has none)
   * @param cacheBytes the memory that holds the dataset in this regime
   * @param blockCacheHitRatio expected zipfian hit ratio of the block cache (L1 + L2) at {@code
   *     maxRecords}
   */
  public record Regime(String name, long maxRecords, long cacheBytes, double blockCacheHitRatio) {}

  public static SizingPlan of(ClusterMemory m, RowSize row) {
    List<Regime> regimes = new ArrayList<>();
    long l1 = rows(m.l1Total(), row);
    long l12 = rows(m.l1Total() + m.l2Total(), row);
    // the page cache holds the HFiles whatever the block cache holds (a block read into the block
    // cache went through
    // it), so it is a capacity of its own, not added to the block cache's
    long page = Math.max(l12, rows(m.pageCacheTotal(), row));
    regimes.add(new Regime("fits in L1", l1, m.l1Total(), 1.0));
    regimes.add(new Regime("fits in L1+L2", l12, m.l1Total() + m.l2Total(), 1.0));
    regimes.add(
        new Regime(
            "fits in OS page cache", page, m.pageCacheTotal(), ZipfianHitRatio.of(l12, page)));
    regimes.add(new Regime("exceeds all", -1, 0, Double.NaN));
    return new SizingPlan(m, row, regimes);
  }

  /** The regime a recordcount falls in. */
  public Regime regimeOf(long records) {
    for (Regime r : regimes) {
      if (r.maxRecords() >= records) {
        return r;
      }
    }
    return regimes.get(regimes.size() - 1);
  }

  /**
   * Expected block-cache hit ratio (L1 + L2) of a warm zipfian read mix over {@code records} rows.
   */
  public double blockCacheHitRatio(long records) {
    return ZipfianHitRatio.of(rows(memory.l1Total() + memory.l2Total(), row), records);
  }

  /** Expected share of reads served from memory (block cache or page cache), the rest from disk. */
  public double memoryHitRatio(long records) {
    long inMemory =
        Math.max(
            rows(memory.l1Total() + memory.l2Total(), row), rows(memory.pageCacheTotal(), row));
    return ZipfianHitRatio.of(inMemory, records);
  }

  public long datasetBytes(long records) {
    return (long) Math.ceil(records * row.rowBytes());
  }

  private static long rows(long bytes, RowSize row) {
    return (long) Math.floor(bytes / row.rowBytes());
  }
}
