package io.hbload.hbase.pe;

import org.HdrHistogram.Histogram;

/**
 * What one PE client did: its rows, its time from its first operation to its cleanup's end (PE's elapsed time,
 * which includes flushing buffered puts), and the latency of every measured operation in nanoseconds. Immutable
 * once published.
 *
 * @param rowsScanned rows returned by the scans of a scan command (0 for others)
 * @param rowsExpected rows those scans would return on a table holding rows 0 .. totalRows-1 (scanRange, scan)
 * @param notApplied check-and-set calls whose check did not hold (clients overlap, so some may legitimately fail)
 * @param badValues reads whose cell was missing or not PE-shaped data
 * @param mostInFlight an async command's most calls outstanding at once (its --inflight when the pipeline filled);
 *     0 for the blocking commands and asyncScan, whose rows come one by one from its scanner
 */
public record PeClientResult(int index, int startRow, int rows, long elapsedMillis, Histogram latencyNanos,
    long rowsScanned, long rowsExpected, long notApplied, long badValues, int mostInFlight) {

  /** PE's client thread name. */
  public String threadName() {
    return "TestClient-" + index;
  }
}
