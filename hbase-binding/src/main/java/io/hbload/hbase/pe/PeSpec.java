package io.hbload.hbase.pe;

import io.hbload.core.config.SpecException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.HConstants;

/**
 * One {@code hbload pe} run as HBase PerformanceEvaluation's options describe it, with PE's
 * defaults, in parts by what they describe: what each operation does ({@link PeWorkload}), the rows
 * it steps through, derived as PE derives them ({@link PeRowRange}), the table ({@link
 * PeTableOptions}), how the clients run ({@link PeExecution}) and what the scans ask for ({@link
 * PeScanOptions}). Derived specs are {@code with...} copies. Immutable; {@link #validated} reports
 * every problem at once.
 */
public record PeSpec(
    PeWorkload workload,
    PeRowRange rows,
    PeTableOptions table,
    PeExecution execution,
    PeScanOptions scan) {

  public PeSpec {
    if (workload == null || rows == null || table == null || execution == null || scan == null) {
      throw new IllegalArgumentException("every part of a PE spec is required");
    }
  }

  public PeSpec withWorkload(PeWorkload workload) {
    return new PeSpec(workload, rows, table, execution, scan);
  }

  public PeSpec withRows(PeRowRange rows) {
    return new PeSpec(workload, rows, table, execution, scan);
  }

  public PeSpec withTable(PeTableOptions table) {
    return new PeSpec(workload, rows, table, execution, scan);
  }

  public PeSpec withExecution(PeExecution execution) {
    return new PeSpec(workload, rows, table, execution, scan);
  }

  public PeSpec withScan(PeScanOptions scan) {
    return new PeSpec(workload, rows, table, execution, scan);
  }

  public static final float DEFAULT_SIZE = 1.0f;
  public static final int DEFAULT_CACHING = 30;
  public static final int DEFAULT_BLOCK_SIZE = HConstants.DEFAULT_BLOCKSIZE;

  /** A Java class name, as {@code --splitPolicy} must be (the server then checks it loads). */
  private static final String CLASS_NAME = "[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)*";

  /**
   * PE's rows and size rules (its calculateRowsAndSize), then the checks; a SpecException lists
   * every problem.
   */
  public static PeSpec validated(
      PeWorkload workload,
      Integer rows,
      Float size,
      int startRow,
      PeTableOptions table,
      PeExecution execution,
      PeScanOptions scan) {
    PeTest test = workload.test();
    int clients = execution.clients();
    int valueSize = workload.valueSize();
    String name = table.name();
    String splitPolicy = table.splitPolicy();
    List<String> problems = new ArrayList<>();
    check(
        problems,
        clients >= 1 && clients <= 500,
        "nclients must be 1 to 500 (PE's limit): " + clients);
    check(problems, rows == null || rows >= 1, "--rows must be at least 1: " + rows);
    check(problems, size == null || size > 0, "--size must be > 0 (GB of 1000 MiB): " + size);
    check(problems, startRow >= 0, "--startRow must be >= 0: " + startRow);
    check(
        problems,
        name != null && !name.isBlank() && name.matches("[A-Za-z0-9_.:-]+"),
        "--table must be an HBase table name: '" + name + "'");
    check(
        problems,
        table.families() >= 1 && table.families() <= 100,
        "--families must be 1 to 100: " + table.families());
    check(
        problems,
        workload.columns() >= 1 && workload.columns() <= 100_000,
        "--columns must be 1 to 100000: " + workload.columns());
    check(
        problems,
        valueSize >= 1 && valueSize <= 64 * 1024 * 1024,
        "--valueSize must be 1 B to 64 MiB: " + valueSize);
    check(
        problems,
        table.presplit() >= 0 && table.presplit() <= 10_000,
        "--presplit must be 0 to 10000 regions: " + table.presplit());
    check(
        problems,
        table.replicas() >= 1 && table.replicas() <= 16,
        "--replicas must be 1 to 16: " + table.replicas());
    check(problems, scan.caching() >= 1, "--caching must be at least 1: " + scan.caching());
    check(problems, workload.multiGet() >= 0, "--multiGet must be >= 0: " + workload.multiGet());
    check(problems, workload.multiPut() >= 0, "--multiPut must be >= 0: " + workload.multiPut());
    check(
        problems,
        execution.measureAfter() >= 0,
        "--measureAfter must be >= 0: " + execution.measureAfter());
    check(
        problems,
        execution.sampleRate() > 0 && execution.sampleRate() <= 1,
        "--sampleRate must be in (0, 1]: " + execution.sampleRate());
    // HBase's own bounds (its table descriptor check), found here rather than by a failed create
    check(
        problems,
        table.blockSize() >= 1024 && table.blockSize() <= 16 * 1024 * 1024,
        "--blockSize must be 1024 B to 16 MiB (HBase's bounds): " + table.blockSize());
    check(
        problems,
        table.inMemoryCompaction() != null,
        "--inmemoryCompaction must be one of NONE, BASIC, EAGER, ADAPTIVE");
    check(
        problems,
        splitPolicy != null && (splitPolicy.isEmpty() || splitPolicy.matches(CLASS_NAME)),
        "--splitPolicy must be a class name: '" + splitPolicy + "'");
    check(
        problems, scan.readType() != null, "--scanReadType must be one of DEFAULT, STREAM, PREAD");
    check(
        problems,
        !(workload.valueZipf() && workload.valueRandom()),
        "--valueZipf and --valueRandom are alternatives (as in PE)");
    check(
        problems,
        !workload.valueZipf() || valueSize >= 2,
        "--valueZipf needs --valueSize of at least 2: " + valueSize);
    check(
        problems,
        workload.tags() >= 0 && workload.tags() <= 64,
        "--numoftags must be 0 to 64: " + workload.tags());
    check(
        problems,
        execution.latencyThresholdMillis() >= 0,
        "--latencyThreshold must be >= 0 ms: " + execution.latencyThresholdMillis());
    check(
        problems,
        execution.randomSleepMillis() >= 0,
        "--randomSleep must be >= 0 ms: " + execution.randomSleepMillis());
    // PE's usage: "--size ... Mutually exclusive with --rows for writes and scans"; only its random
    // reads take both
    // (--size the key range, --rows the reads of each client). Refused, where PE would silently let
    // --size win.
    check(
        problems,
        size == null
            || rows == null
            || test == PeTest.RANDOM_READ
            || test == PeTest.RANDOM_SEEK_SCAN,
        "--rows and --size are alternatives for "
            + test.command()
            + " (as in PE: only randomRead and randomSeekScan"
            + " take both, --size as the key range)");
    // PE's own rule: batched puts go through Table.put, which only the autoFlush path uses
    check(
        problems,
        workload.multiPut() == 0 || execution.autoFlush(),
        "--multiPut needs --autoFlush=true (as in PE)");
    // the async commands keep many single operations in flight instead (--inflight)
    check(
        problems,
        !test.async() || workload.multiGet() == 0 && workload.multiPut() == 0,
        "--multiGet/--multiPut are not supported by "
            + test.command()
            + " in hbload pe; use --inflight=N");
    if (!problems.isEmpty()) {
      throw new SpecException(problems);
    }
    int rowsPerGb =
        PeLayout.rowsPerGb(valueSize, workload.valueRandom(), table.families(), workload.columns());
    long perClient;
    long total;
    if (size != null
        && rows != null
        && (test == PeTest.RANDOM_READ || test == PeTest.RANDOM_SEEK_SCAN)) {
      // PE: for random reads --size sets the key range and --rows how many each client reads in it
      total = (long) size.intValue() * rowsPerGb;
      perClient = rows;
    } else if (size != null) {
      total = (long) (size * rowsPerGb);
      perClient = total / clients;
    } else {
      perClient = rows == null ? PeLayout.DEFAULT_ROWS_PER_GB : rows;
      total = perClient * clients;
    }
    if (total > Integer.MAX_VALUE
        || total < 1
        || perClient < 1
        || startRow + perClient * clients > Integer.MAX_VALUE) {
      throw new SpecException(
          "rows x clients must be 1 to "
              + Integer.MAX_VALUE
              + " (PE's row numbers are ints): "
              + perClient
              + " x "
              + clients);
    }
    return new PeSpec(
        workload, new PeRowRange((int) perClient, (int) total, startRow), table, execution, scan);
  }

  private static void check(List<String> problems, boolean ok, String problem) {
    if (!ok) {
      problems.add(problem);
    }
  }

  /** PE's sampling: every client does the rows whose number is a multiple of this. */
  public int everyN() {
    int totalRows = rows.totalRows();
    return Math.max(1, (int) (totalRows / (totalRows * (double) execution.sampleRate())));
  }

  /** The first row of client {@code index} (PE: its index x rows unless --startRow is given). */
  public int firstRow(int index) {
    if (workload.test().overlapping()) {
      return 0;
    }
    return rows.startRow() == 0 ? index * rows.perClientRows() : rows.startRow();
  }
}
