package io.hbload.hbase.pe;

import io.hbload.core.binding.Status;
import io.hbload.core.exec.WorkerOperations;
import io.hbload.core.measure.Measure;
import io.hbload.core.measure.MeasuredBinding;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.PageFilter;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;
import org.apache.hadoop.hbase.filter.WhileMatchFilter;

/**
 * One client's PE command as the operations its worker issues, one per row of its range: row i for the i-th call,
 * from its first row (PE's partitioning), skipping rows outside the --sampleRate sample, measuring only after
 * --measureAfter rows. Every measured operation is recorded through the worker's {@link MeasuredBinding} (YCSB report,
 * JSON, HdrHistogram log) and into the client's own histogram (PE's per-client line).
 *
 * <p>Reads check what they get: every requested cell present and PE-shaped ({@link PeLayout#wellFormed}), else the
 * read counts as NOT_FOUND or UNEXPECTED_STATE; PE itself does not check. Scans count their rows.
 *
 * <p>Confined to its worker. The key and value buffers are reused; the allocation left per operation is what
 * HBase's request objects need (Get/Put/Scan and their copy of the row key).
 */
final class PeOperations implements WorkerOperations {
  private static final byte[] FAMILY_ZERO = PeLayout.family(0);
  private static final byte[] COLUMN_ZERO = PeLayout.qualifier(0);

  private final PeSpec spec;
  private final PeTest test;
  private final PeClient client;
  private final MeasuredBinding measured;
  private final PeRequests requests;
  private final byte[][] families;
  private final byte[][] qualifiers;
  private final byte[] casQualifier;
  private final boolean run;
  private final AtomicInteger loadRows;
  private final int firstRow;
  private final int everyN;
  private int next;
  private ResultScanner scanner;
  private final List<Get> gets;
  private final List<Put> puts;

  PeOperations(PeSpec spec, PeClient client, MeasuredBinding measured, SplittableRandom random, boolean run,
      AtomicInteger loadRows) {
    this.spec = spec;
    this.test = spec.test();
    this.client = client;
    this.measured = measured;
    this.requests = new PeRequests(spec, random);
    this.run = run;
    this.loadRows = loadRows;
    this.families = requests.families;
    this.qualifiers = requests.qualifiers;
    this.casQualifier = test.testName().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    this.firstRow = spec.firstRow(client.index);
    this.next = firstRow;
    this.everyN = spec.everyN();
    this.gets = spec.multiGet() > 0 ? new ArrayList<>(spec.multiGet()) : null;
    this.puts = spec.multiPut() > 0 ? new ArrayList<>(spec.multiPut()) : null;
    client.attach(this);
  }

  boolean measuredRun() {
    return run;
  }

  /**
   * The load the engine runs first when the embedded cluster starts empty and the command reads: sequentialWrite's
   * rows 0 .. totalRows-1, shared out through one counter.
   */
  @Override
  public void load(long intendedStart) {
    int i = loadRows.getAndIncrement();
    if (i >= spec.totalRows()) {
      return;
    }
    measured.begin(intendedStart);
    long start = System.nanoTime();
    Status status;
    try {
      status = put(i, i);
    } catch (IOException | RuntimeException e) {
      status = Status.ERROR;
    }
    measured.record(Measure.INSERT, status, start, System.nanoTime());
  }

  @Override
  public void transaction(long intendedStart) {
    int i = next++;
    if (i % everyN != 0) {
      return; // not in PE's sample
    }
    boolean measure = i - firstRow > spec.measureAfter();
    measured.begin(intendedStart);
    long start = System.nanoTime();
    Status status = call(i);
    long end = System.nanoTime();
    if (status == null || !measure) {
      return; // batched, not yet sent (multiGet/multiPut), or before --measureAfter: PE does not measure these
    }
    measured.record(test.measure(), status, start, end);
    client.latencyNanos.recordValue(end - start);
  }

  private Status call(int i) {
    try {
      return switch (test) {
        case SEQUENTIAL_WRITE -> put(i, i);
        case RANDOM_WRITE -> put(i, randomRow());
        case SEQUENTIAL_READ -> get(i);
        case RANDOM_READ -> get(randomRow());
        case SCAN -> scanNext();
        case SCAN_RANGE_10, SCAN_RANGE_100, SCAN_RANGE_1000, SCAN_RANGE_10000 -> scanRange();
        case RANDOM_SEEK_SCAN -> randomSeekScan();
        case FILTER_SCAN -> filterScan();
        case INCREMENT -> increment(i);
        case APPEND -> append(i);
        case CHECK_AND_PUT, CHECK_AND_MUTATE, CHECK_AND_DELETE -> checkAnd(i);
        // never here: the session puts the async commands on pipelined workers (PeAsyncOperations)
        default -> throw new IllegalStateException(test.command() + " is an async command");
      };
    } catch (IOException | RuntimeException e) {
      return Status.ERROR;
    }
  }

  private int randomRow() {
    return requests.randomRow();
  }

  private Status put(int i, int rowNumber) throws IOException {
    Put put = requests.put(rowNumber);
    if (client.mutator != null) {
      client.mutator.mutate(put);
    } else if (puts != null) {
      puts.add(put);
      if (puts.size() < spec.multiPut()) {
        return null;
      }
      client.table.put(puts);
      puts.clear();
    } else {
      client.table.put(put);
    }
    return Status.OK;
  }

  private Status get(int rowNumber) throws IOException {
    Get get = requests.get(rowNumber);
    if (gets == null) {
      return check(client.table.get(get));
    }
    gets.add(get);
    if (gets.size() < spec.multiGet()) {
      return null;
    }
    Result[] results = client.table.get(gets);
    gets.clear();
    Status worst = Status.OK;
    for (Result r : results) {
      Status s = check(r);
      if (!s.isOk()) {
        worst = s;
      }
    }
    return worst;
  }

  /** Every requested cell there, with PE-shaped bytes of the expected length; a miss or a wrong value counted. */
  private Status check(Result r) {
    Status s = requests.check(r);
    if (!s.isOk()) {
      client.badValues++;
    }
    return s;
  }

  private Scan newScan() {
    return requests.scan();
  }

  /** PE's scan: one scanner from the client's first row, one next() per operation. */
  private Status scanNext() throws IOException {
    if (scanner == null) {
      scanner = client.table.getScanner(newScan().withStartRow(PeLayout.rowKey(firstRow)));
      client.rowsExpected = Math.max(0, Math.min(spec.perClientRows(), spec.totalRows() - firstRow));
    }
    Result r = scanner.next();
    if (r == null) {
      return Status.NOT_FOUND;
    }
    client.rowsScanned++;
    return Status.OK;
  }

  /** PE's scanRangeN: a random start, the stop row N rows later. */
  private Status scanRange() throws IOException {
    int start = randomRow();
    long stop = (long) start + test.scanRange();
    Scan scan = newScan().withStartRow(PeLayout.rowKey(start)).withStopRow(PeLayout.rowKey((int) Math.min(stop,
        Integer.MAX_VALUE)));
    client.rowsExpected += Math.min(test.scanRange(), spec.totalRows() - start);
    return countRows(scan);
  }

  /** PE's randomSeekScan: a random start, rows while a page filter of 120 lets them through. */
  private Status randomSeekScan() throws IOException {
    Scan scan = newScan().withStartRow(PeLayout.rowKey(randomRow()));
    scan.setFilter(new FilterList(new WhileMatchFilter(new PageFilter(120))));
    return countRows(scan);
  }

  /** PE's filterScan: the whole table, server-side filtered on info0:0 equal to a freshly generated value. */
  private Status filterScan() throws IOException {
    int length = requests.nextValue();
    Scan scan = new Scan().setCaching(spec.caching());
    for (byte[] q : qualifiers) {
      scan.addColumn(FAMILY_ZERO, q);
    }
    scan.setFilter(new FilterList(new SingleColumnValueFilter(FAMILY_ZERO, COLUMN_ZERO, CompareOperator.EQUAL,
        new BinaryComparator(java.util.Arrays.copyOf(requests.value, length)))));
    return countRows(scan);
  }

  private Status countRows(Scan scan) throws IOException {
    try (ResultScanner s = client.table.getScanner(scan)) {
      for (Result r = s.next(); r != null; r = s.next()) {
        client.rowsScanned++;
      }
    }
    return Status.OK;
  }

  private Status increment(int i) throws IOException {
    Increment increment = new Increment(PeLayout.rowKey(i));
    for (byte[] family : families) {
      increment.addColumn(family, casQualifier, 1L);
    }
    client.table.increment(increment);
    return Status.OK;
  }

  private Status append(int i) throws IOException {
    byte[] key = PeLayout.rowKey(i);
    Append append = new Append(key);
    for (byte[] family : families) {
      append.addColumn(family, casQualifier, key);
    }
    client.table.append(append);
    return Status.OK;
  }

  /**
   * PE's checkAndPut/Mutate/Delete: put a known value, then the check-and-set conditioned on it. Clients overlap on
   * the rows, so a check may not hold (another client's checkAndDelete got there first): counted, not an error.
   */
  private Status checkAnd(int i) throws IOException {
    byte[] key = PeLayout.rowKey(i);
    Put put = new Put(key).addColumn(FAMILY_ZERO, casQualifier, key);
    client.table.put(put);
    var builder = client.table.checkAndMutate(key, FAMILY_ZERO).qualifier(casQualifier).ifEquals(key);
    boolean applied = switch (test) {
      case CHECK_AND_PUT -> builder.thenPut(put);
      case CHECK_AND_MUTATE -> builder.thenMutate(mutations(key, put));
      default -> builder.thenDelete(new Delete(key).addColumns(FAMILY_ZERO, casQualifier));
    };
    if (!applied) {
      client.notApplied++;
    }
    return Status.OK;
  }

  private static RowMutations mutations(byte[] key, Put put) throws IOException {
    RowMutations m = new RowMutations(key);
    m.add(put);
    return m;
  }

  /** At the client's end (inside its elapsed time, as PE's takedown): sends what is batched, closes the scanner. */
  void finish() throws IOException {
    try {
      if (gets != null && !gets.isEmpty()) {
        client.table.get(gets);
        gets.clear();
      }
      if (puts != null && !puts.isEmpty()) {
        client.table.put(puts);
        puts.clear();
      }
    } finally {
      if (scanner != null) {
        scanner.close();
        scanner = null;
      }
    }
  }
}
