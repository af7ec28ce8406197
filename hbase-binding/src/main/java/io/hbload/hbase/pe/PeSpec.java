package io.hbload.hbase.pe;

import io.hbload.core.config.SpecException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.MemoryCompactionPolicy;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;

/**
 * One {@code hbload pe} run as HBase PerformanceEvaluation's options describe it, with PE's
 * defaults, and the row counts derived as PE derives them ({@code --rows} per client, or {@code
 * --size} in PE's GB for all of them). Immutable; {@link #validated} reports every problem at once.
 *
 * @param perClientRows rows each client steps through (PE's perClientRunRows)
 * @param totalRows the key space random choices and pre-splits use (PE's totalRows)
 * @param startRow PE's --startRow: 0 = client i starts at i x perClientRows, else every client
 *     starts there
 * @param blockSize PE's --blockSize: the families' HFile block size in bytes
 * @param inMemoryCompaction PE's --inmemoryCompaction: set on every family, NONE by default (as PE
 *     sets it)
 * @param splitPolicy PE's --splitPolicy: the table's region split policy class, "" for the
 *     cluster's default
 * @param filterAll PE's --filterAll: reads and scans filter every cell out on the server (nothing
 *     comes back)
 * @param cacheBlocks PE's --cacheBlocks: the scans' block caching (PE sets it on scans only, not on
 *     gets)
 * @param asyncPrefetch PE's --asyncPrefetch: the scans' asynchronous prefetch
 * @param scanReadType PE's --scanReadType: the scans' read type (DEFAULT, STREAM, PREAD)
 * @param randomSleepMillis PE's --randomSleep: random reads first sleep 0 .. N-1 ms, outside the
 *     timed call
 * @param valueZipf PE's --valueZipf: value lengths 1 .. valueSize-1 in zipf form ({@link
 *     ZipfValueLength})
 * @param tags PE's --usetags and --numoftags: tags on every cell written (PE's: types 0 .. N-1,
 *     each with the same 256 random bytes), 0 for none
 * @param latencyThresholdMillis PE's --latencyThreshold: each client's count of operations that
 *     took at least this many ms is printed, 0 for none
 */
public record PeSpec(
    PeTest test,
    int clients,
    int perClientRows,
    int totalRows,
    int startRow,
    String table,
    int families,
    int columns,
    int valueSize,
    boolean valueRandom,
    int presplit,
    int replicas,
    Compression.Algorithm compression,
    DataBlockEncoding blockEncoding,
    BloomType bloomFilter,
    boolean inMemory,
    boolean autoFlush,
    boolean writeToWal,
    boolean oneCon,
    int caching,
    int multiGet,
    int multiPut,
    int measureAfter,
    float sampleRate,
    int blockSize,
    MemoryCompactionPolicy inMemoryCompaction,
    String splitPolicy,
    boolean filterAll,
    boolean cacheBlocks,
    boolean asyncPrefetch,
    Scan.ReadType scanReadType,
    int randomSleepMillis,
    boolean valueZipf,
    int tags,
    int latencyThresholdMillis) {

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
      PeTest test,
      int clients,
      Integer rows,
      Float size,
      int startRow,
      String table,
      int families,
      int columns,
      int valueSize,
      boolean valueRandom,
      int presplit,
      int replicas,
      Compression.Algorithm compression,
      DataBlockEncoding blockEncoding,
      BloomType bloomFilter,
      boolean inMemory,
      boolean autoFlush,
      boolean writeToWal,
      boolean oneCon,
      int caching,
      int multiGet,
      int multiPut,
      int measureAfter,
      float sampleRate,
      int blockSize,
      MemoryCompactionPolicy inMemoryCompaction,
      String splitPolicy,
      boolean filterAll,
      boolean cacheBlocks,
      boolean asyncPrefetch,
      Scan.ReadType scanReadType,
      int randomSleepMillis,
      boolean valueZipf,
      int tags,
      int latencyThresholdMillis) {
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
        table != null && !table.isBlank() && table.matches("[A-Za-z0-9_.:-]+"),
        "--table must be an HBase table name: '" + table + "'");
    check(problems, families >= 1 && families <= 100, "--families must be 1 to 100: " + families);
    check(
        problems, columns >= 1 && columns <= 100_000, "--columns must be 1 to 100000: " + columns);
    check(
        problems,
        valueSize >= 1 && valueSize <= 64 * 1024 * 1024,
        "--valueSize must be 1 B to 64 MiB: " + valueSize);
    check(
        problems,
        presplit >= 0 && presplit <= 10_000,
        "--presplit must be 0 to 10000 regions: " + presplit);
    check(problems, replicas >= 1 && replicas <= 16, "--replicas must be 1 to 16: " + replicas);
    check(problems, caching >= 1, "--caching must be at least 1: " + caching);
    check(problems, multiGet >= 0, "--multiGet must be >= 0: " + multiGet);
    check(problems, multiPut >= 0, "--multiPut must be >= 0: " + multiPut);
    check(problems, measureAfter >= 0, "--measureAfter must be >= 0: " + measureAfter);
    check(
        problems,
        sampleRate > 0 && sampleRate <= 1,
        "--sampleRate must be in (0, 1]: " + sampleRate);
    // HBase's own bounds (its table descriptor check), found here rather than by a failed create
    check(
        problems,
        blockSize >= 1024 && blockSize <= 16 * 1024 * 1024,
        "--blockSize must be 1024 B to 16 MiB (HBase's bounds): " + blockSize);
    check(
        problems,
        inMemoryCompaction != null,
        "--inmemoryCompaction must be one of NONE, BASIC, EAGER, ADAPTIVE");
    check(
        problems,
        splitPolicy != null && (splitPolicy.isEmpty() || splitPolicy.matches(CLASS_NAME)),
        "--splitPolicy must be a class name: '" + splitPolicy + "'");
    check(problems, scanReadType != null, "--scanReadType must be one of DEFAULT, STREAM, PREAD");
    check(
        problems,
        !(valueZipf && valueRandom),
        "--valueZipf and --valueRandom are alternatives (as in PE)");
    check(
        problems,
        !valueZipf || valueSize >= 2,
        "--valueZipf needs --valueSize of at least 2: " + valueSize);
    check(problems, tags >= 0 && tags <= 64, "--numoftags must be 0 to 64: " + tags);
    check(
        problems,
        latencyThresholdMillis >= 0,
        "--latencyThreshold must be >= 0 ms: " + latencyThresholdMillis);
    check(problems, randomSleepMillis >= 0, "--randomSleep must be >= 0 ms: " + randomSleepMillis);
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
    check(problems, multiPut == 0 || autoFlush, "--multiPut needs --autoFlush=true (as in PE)");
    // the async commands keep many single operations in flight instead (--inflight)
    check(
        problems,
        !test.async() || multiGet == 0 && multiPut == 0,
        "--multiGet/--multiPut are not supported by "
            + test.command()
            + " in hbload pe; use --inflight=N");
    if (!problems.isEmpty()) {
      throw new SpecException(problems);
    }
    int rowsPerGb = PeLayout.rowsPerGb(valueSize, valueRandom, families, columns);
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
        test,
        clients,
        (int) perClient,
        (int) total,
        startRow,
        table,
        families,
        columns,
        valueSize,
        valueRandom,
        presplit,
        replicas,
        compression,
        blockEncoding,
        bloomFilter,
        inMemory,
        autoFlush,
        writeToWal,
        oneCon,
        caching,
        multiGet,
        multiPut,
        measureAfter,
        sampleRate,
        blockSize,
        inMemoryCompaction,
        splitPolicy,
        filterAll,
        cacheBlocks,
        asyncPrefetch,
        scanReadType,
        randomSleepMillis,
        valueZipf,
        tags,
        latencyThresholdMillis);
  }

  private static void check(List<String> problems, boolean ok, String problem) {
    if (!ok) {
      problems.add(problem);
    }
  }

  /** PE's sampling: every client does the rows whose number is a multiple of this. */
  public int everyN() {
    return Math.max(1, (int) (totalRows / (totalRows * (double) sampleRate)));
  }

  /** The first row of client {@code index} (PE: its index x rows unless --startRow is given). */
  public int firstRow(int index) {
    if (test.overlapping()) {
      return 0;
    }
    return startRow == 0 ? index * perClientRows : startRow;
  }

  /** Value bytes per cell on average, for PE's MB/s figure. */
  public int averageValueLength() {
    return valueRandom ? valueSize / 2 : valueSize;
  }
}
