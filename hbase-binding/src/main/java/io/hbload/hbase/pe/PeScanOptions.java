package io.hbload.hbase.pe;

import org.apache.hadoop.hbase.client.Scan;

/**
 * What PE sets on its scans, and its server-side filter for reads and scans. Immutable.
 *
 * @param caching PE's --caching: rows each scan RPC fetches
 * @param filterAll PE's --filterAll: reads and scans filter every cell out on the server (nothing
 *     comes back)
 * @param cacheBlocks PE's --cacheBlocks: the scans' block caching (PE sets it on scans only, not on
 *     gets)
 * @param asyncPrefetch PE's --asyncPrefetch: the scans' asynchronous prefetch
 * @param readType PE's --scanReadType: the scans' read type (DEFAULT, STREAM, PREAD)
 */
public record PeScanOptions(
    int caching,
    boolean filterAll,
    boolean cacheBlocks,
    boolean asyncPrefetch,
    Scan.ReadType readType) {

  /** PE's defaults: caching 30, no filter, blocks cached, no prefetch, the DEFAULT read type. */
  public static PeScanOptions peDefaults() {
    return new PeScanOptions(PeSpec.DEFAULT_CACHING, false, true, false, Scan.ReadType.DEFAULT);
  }
}
