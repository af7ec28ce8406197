package io.hbload.hbase.pe;

import io.hbload.core.measure.Measure;
import io.hbload.core.measure.Measures;
import java.util.Locale;

/**
 * HBase PerformanceEvaluation's commands ("tests"), with the name PE gives each on its command line
 * and in its report, and the measurement its operations go under in YCSB's report. Immutable.
 */
public enum PeTest {
  SEQUENTIAL_WRITE("sequentialWrite", "SequentialWriteTest", "INSERT", 0),
  RANDOM_WRITE("randomWrite", "RandomWriteTest", "INSERT", 0),
  SEQUENTIAL_READ("sequentialRead", "SequentialReadTest", "READ", 0),
  RANDOM_READ("randomRead", "RandomReadTest", "READ", 0),
  SCAN("scan", "ScanTest", "SCAN", 0),
  SCAN_RANGE_10("scanRange10", "RandomScanWithRange10Test", "SCAN", 10),
  SCAN_RANGE_100("scanRange100", "RandomScanWithRange100Test", "SCAN", 100),
  SCAN_RANGE_1000("scanRange1000", "RandomScanWithRange1000Test", "SCAN", 1000),
  SCAN_RANGE_10000("scanRange10000", "RandomScanWithRange10000Test", "SCAN", 10000),
  RANDOM_SEEK_SCAN("randomSeekScan", "RandomSeekScanTest", "SCAN", 0),
  FILTER_SCAN("filterScan", "FilteredScanTest", "SCAN", 0),
  INCREMENT("increment", "IncrementTest", "INCREMENT", 0),
  APPEND("append", "AppendTest", "APPEND", 0),
  CHECK_AND_PUT("checkAndPut", "CheckAndPutTest", "CHECK-AND-PUT", 0),
  CHECK_AND_MUTATE("checkAndMutate", "CheckAndMutateTest", "CHECK-AND-MUTATE", 0),
  CHECK_AND_DELETE("checkAndDelete", "CheckAndDeleteTest", "CHECK-AND-DELETE", 0),
  // PE's async commands: HBase's AsyncConnection/AsyncTable, on the engine's pipelined workers
  ASYNC_RANDOM_READ("asyncRandomRead", "AsyncRandomReadTest", "READ", 0),
  ASYNC_RANDOM_WRITE("asyncRandomWrite", "AsyncRandomWriteTest", "INSERT", 0),
  ASYNC_SEQUENTIAL_READ("asyncSequentialRead", "AsyncSequentialReadTest", "READ", 0),
  ASYNC_SEQUENTIAL_WRITE("asyncSequentialWrite", "AsyncSequentialWriteTest", "INSERT", 0),
  ASYNC_SCAN("asyncScan", "AsyncScanTest", "SCAN", 0);

  private final String command;
  private final String testName;
  private final String measureName;
  private final int scanRange;

  PeTest(String command, String testName, String measureName, int scanRange) {
    this.command = command;
    this.testName = testName;
    this.measureName = measureName;
    this.scanRange = scanRange;
  }

  /** PE's command name, e.g. {@code randomRead}. */
  public String command() {
    return command;
  }

  /** PE's test class name in its report lines, e.g. {@code RandomReadTest}. */
  public String testName() {
    return testName;
  }

  /** The measure its operations go under: one of core's, or its own (INCREMENT, CHECK-AND-PUT). */
  public String measureName() {
    return measureName;
  }

  /** Its measure among a run's. */
  Measure measure(Measures run) {
    return run.named(measureName);
  }

  /** Rows a scanRangeN scan spans (its N), 0 for the others. */
  public int scanRange() {
    return scanRange;
  }

  /**
   * PE's rule: a command whose name says read or scan needs the table to exist (and is never given
   * a new one).
   */
  public boolean needsData() {
    String lower = command.toLowerCase(Locale.ROOT);
    return lower.contains("read") || lower.contains("scan");
  }

  /**
   * The check-and-set family (increment, append, checkAnd*): every client works on rows 0 ..
   * rows-1, so clients overlap on purpose, as in PE; the qualifier is the test's name.
   */
  public boolean overlapping() {
    return this == INCREMENT
        || this == APPEND
        || this == CHECK_AND_PUT
        || this == CHECK_AND_MUTATE
        || this == CHECK_AND_DELETE;
  }

  /**
   * The commands that write PE's rows (sequentialWrite's and randomWrite's cells), blocking or
   * async.
   */
  public boolean writes() {
    return this == SEQUENTIAL_WRITE
        || this == RANDOM_WRITE
        || this == ASYNC_SEQUENTIAL_WRITE
        || this == ASYNC_RANDOM_WRITE;
  }

  /**
   * PE's async commands, run on pipelined workers over HBase's async client: 1 operation in flight
   * per client by default (PE waits on each future), more with {@code --inflight}.
   */
  public boolean async() {
    return ordinal() >= ASYNC_RANDOM_READ.ordinal();
  }

  /**
   * The scan commands that read one scanner per client from its first row, one row per operation.
   */
  public boolean scansOneScanner() {
    return this == SCAN || this == ASYNC_SCAN;
  }

  /** The test for a PE command name, or null. */
  public static PeTest forCommand(String name) {
    for (PeTest t : values()) {
      if (t.command.equals(name)) {
        return t;
      }
    }
    return null;
  }
}
