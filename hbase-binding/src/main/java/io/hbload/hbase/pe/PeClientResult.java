package io.hbload.hbase.pe;

import io.hbload.core.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What one PE client did: its rows, its time from its first operation to its cleanup's end (PE's
 * elapsed time, which includes flushing buffered puts), and the latency of every measured operation
 * in nanoseconds. Immutable once built. A client is one of the engine's workers: {@link #of} reads
 * each from the worker's own figures in the run's result.
 *
 * @param rowsScanned rows returned by the scans of a scan command (0 for others)
 * @param rowsExpected rows those scans would return on a table holding rows 0 .. totalRows-1
 *     (scanRange, scan)
 * @param notApplied check-and-set calls whose check did not hold (clients overlap, so some may
 *     legitimately fail)
 * @param badValues reads whose cell was missing or not PE-shaped data
 * @param mostInFlight an async command's most calls outstanding at once (its --inflight when the
 *     pipeline filled); 0 for the blocking commands and asyncScan, whose rows come one by one from
 *     its scanner
 */
public record PeClientResult(
    int index,
    int startRow,
    int rows,
    long elapsedMillis,
    Histogram latencyNanos,
    long rowsScanned,
    long rowsExpected,
    long notApplied,
    long badValues,
    int mostInFlight) {
  private static final String ROWS_SCANNED = "rowsScanned";
  private static final String ROWS_EXPECTED = "rowsExpected";
  private static final String NOT_APPLIED = "notApplied";
  private static final String BAD_VALUES = "badValues";
  private static final String MOST_IN_FLIGHT = "mostInFlight";

  /** PE's client thread name. */
  public String threadName() {
    return "TestClient-" + index;
  }

  /**
   * The PE clients of a run of {@code spec}, one per worker that ran (worker w of shard I with T
   * threads is client I x T + w): the latency of the command's measure from the worker's recorder
   * (every outcome, the unmeasured rows left out as the engine leaves them out), its elapsed time
   * and its source's counts.
   */
  public static List<PeClientResult> of(PeSpec spec, RunResult result) {
    int firstClient =
        result.spec().execution().shard().index() * result.spec().execution().threads();
    String measure = spec.workload().test().measureName();
    List<PeClientResult> clients = new ArrayList<>();
    for (RunResult.Worker w : result.workers()) {
      int client = firstClient + w.index();
      clients.add(
          new PeClientResult(
              client,
              spec.firstRow(client),
              spec.rows().perClientRows(),
              w.elapsedNanos() / 1_000_000,
              w.service(measure),
              w.figure(ROWS_SCANNED),
              w.figure(ROWS_EXPECTED),
              w.figure(NOT_APPLIED),
              w.figure(BAD_VALUES),
              (int) w.figure(MOST_IN_FLIGHT)));
    }
    return clients;
  }

  /** A PE source's per-client counts as its worker's figures, under the names {@link #of} reads. */
  static Map<String, Long> figures(
      long rowsScanned, long rowsExpected, long notApplied, long badValues, int mostInFlight) {
    return Map.of(
        ROWS_SCANNED,
        rowsScanned,
        ROWS_EXPECTED,
        rowsExpected,
        NOT_APPLIED,
        notApplied,
        BAD_VALUES,
        badValues,
        MOST_IN_FLIGHT,
        (long) mostInFlight);
  }
}
