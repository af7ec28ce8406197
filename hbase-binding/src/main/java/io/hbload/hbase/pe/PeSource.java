package io.hbload.hbase.pe;

import io.hbload.core.binding.Status;
import io.hbload.core.measure.Measure;
import io.hbload.core.measure.Measures;
import io.hbload.core.source.BlockingStep;
import io.hbload.core.source.OperationSlot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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
 * One client's PE command as the operation source of its (blocking) worker, one operation per row
 * of its range ({@link PeRows} says which). Each operation is one step, a call on its {@link
 * PeClient}'s {@link PeCalls} (PE's Get, Put, Scan, increment, append, check-and-*), under the
 * command's measure; the engine's loop times and records it (YCSB report, JSON, HdrHistogram log,
 * and the worker's own figures, from which PE's per-client line comes). Its {@link #figures} are
 * PE's per-client counts.
 *
 * <p>Reads check what they get: every requested cell present and PE-shaped ({@link
 * PeLayout#wellFormed}), else the read counts as NOT_FOUND or UNEXPECTED_STATE; PE itself does not
 * check. Scans count their rows.
 *
 * <p>Confined to its worker. The key and value buffers are reused; the allocation left per
 * operation is what HBase's request objects need (Get/Put/Scan and their copy of the row key).
 */
final class PeSource extends PeRows<BlockingStep<PeClient>> {
  private static final byte[] FAMILY_ZERO = PeLayout.family(0);
  private static final byte[] COLUMN_ZERO = PeLayout.qualifier(0);

  private final PeCalls client;
  private final boolean buffered;
  private final byte[][] families;
  private final byte[][] qualifiers;
  private final byte[] casQualifier;
  private ResultScanner scanner;
  private final List<Get> gets;
  private final List<Put> puts;
  private long rowsScanned;
  private long rowsExpected;
  private long notApplied;
  private long badValues;

  /**
   * @param run the measured phase (else the load the engine runs first when the embedded cluster
   *     starts empty)
   * @param loadRows the rows that load has handed out, shared by every client
   */
  PeSource(
      PeSpec spec,
      PeClient client,
      SplittableRandom random,
      boolean run,
      AtomicInteger loadRows,
      Measures measures) {
    super(spec, client.index, random, run, loadRows);
    this.client = client;
    this.buffered = client.buffered();
    this.families = requests.families;
    this.qualifiers = requests.qualifiers;
    this.casQualifier = test.testName().getBytes(StandardCharsets.UTF_8);
    this.gets = spec.workload().multiGet() > 0 ? new ArrayList<>(spec.workload().multiGet()) : null;
    this.puts = spec.workload().multiPut() > 0 ? new ArrayList<>(spec.workload().multiPut()) : null;
    client.attach(this);
    steps(new Call(test.measure(measures)), new Call(Measure.INSERT));
  }

  /**
   * The step of every operation of this source: its call on the worker's client, which is the one
   * this source was made for ({@link #client}).
   */
  private final class Call extends BlockingStep<PeClient> {
    Call(Measure measure) {
      super(measure);
    }

    @Override
    public Status call(PeClient on, OperationSlot<?> s) {
      return PeSource.this.call(s);
    }
  }

  /** Null while a --multiGet/--multiPut batch is not yet sent: nothing to record for it. */
  private Status call(OperationSlot<?> s) {
    int i = (int) s.number;
    try {
      if (!run) {
        return put(i, i);
      }
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
          // never here: the session puts the async commands on pipelined workers (PeAsyncSource)
        default -> throw new IllegalStateException(test.command() + " is an async command");
      };
    } catch (IOException | RuntimeException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Next completed(OperationSlot<BlockingStep<PeClient>> s, boolean finishing) {
    return Next.DONE;
  }

  /** PE's per-client counts, read after the client's cleanup. */
  @Override
  public Map<String, Long> figures() {
    return PeClientResult.figures(rowsScanned, rowsExpected, notApplied, badValues, 0);
  }

  private int randomRow() {
    return requests.randomRow();
  }

  private Status put(int i, int rowNumber) throws IOException {
    Put put = requests.put(rowNumber);
    if (puts != null && !buffered) {
      puts.add(put);
      if (puts.size() < spec.workload().multiPut()) {
        return null;
      }
      client.put(puts);
      puts.clear();
    } else {
      client.put(put); // through the client's buffered mutator when it has one
    }
    return Status.OK;
  }

  private Status get(int rowNumber) throws IOException {
    Get get = requests.get(rowNumber);
    if (gets == null) {
      return check(client.get(get));
    }
    gets.add(get);
    if (gets.size() < spec.workload().multiGet()) {
      return null;
    }
    Result[] results = client.get(gets);
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

  /**
   * Every requested cell there, with PE-shaped bytes of the expected length; a miss or a wrong
   * value counted.
   */
  private Status check(Result r) {
    Status s = requests.check(r);
    if (!s.isOk()) {
      badValues++;
    }
    return s;
  }

  /** PE's scan: one scanner from the client's first row, one next() per operation. */
  private Status scanNext() throws IOException {
    if (scanner == null) {
      scanner = client.scanner(requests.scan(null).withStartRow(PeLayout.rowKey(firstRow)));
      rowsExpected =
          spec.scan().filterAll()
              ? 0
              : Math.max(
                  0, Math.min(spec.rows().perClientRows(), spec.rows().totalRows() - firstRow));
    }
    Result r = scanner.next();
    if (r == null) {
      return requests.scanEnd();
    }
    rowsScanned++;
    return Status.OK;
  }

  /** PE's scanRangeN: a random start, the stop row N rows later. */
  private Status scanRange() throws IOException {
    int start = randomRow();
    long stop = (long) start + test.scanRange();
    Scan scan =
        requests
            .scan(null)
            .withStartRow(PeLayout.rowKey(start))
            .withStopRow(PeLayout.rowKey((int) Math.min(stop, Integer.MAX_VALUE)));
    if (!spec.scan().filterAll()) {
      rowsExpected += Math.min(test.scanRange(), spec.rows().totalRows() - start);
    }
    return countRows(scan);
  }

  /** PE's randomSeekScan: a random start, rows while a page filter of 120 lets them through. */
  private Status randomSeekScan() throws IOException {
    Scan scan =
        requests
            .scan(new FilterList(new WhileMatchFilter(new PageFilter(120))))
            .withStartRow(PeLayout.rowKey(randomRow()));
    return countRows(scan);
  }

  /**
   * PE's filterScan: the whole table, server-side filtered on info0:0 equal to a freshly generated
   * value.
   */
  private Status filterScan() throws IOException {
    int length = requests.nextValue();
    return countRows(
        requests.familyZeroScan(
            new FilterList(
                new SingleColumnValueFilter(
                    FAMILY_ZERO,
                    COLUMN_ZERO,
                    CompareOperator.EQUAL,
                    new BinaryComparator(Arrays.copyOf(requests.value, length))))));
  }

  private Status countRows(Scan scan) throws IOException {
    try (ResultScanner s = client.scanner(scan)) {
      for (Result r = s.next(); r != null; r = s.next()) {
        rowsScanned++;
      }
    }
    return Status.OK;
  }

  private Status increment(int i) throws IOException {
    Increment increment = new Increment(PeLayout.rowKey(i));
    for (byte[] family : families) {
      increment.addColumn(family, casQualifier, 1L);
    }
    client.increment(increment);
    return Status.OK;
  }

  private Status append(int i) throws IOException {
    byte[] key = PeLayout.rowKey(i);
    Append append = new Append(key);
    for (byte[] family : families) {
      append.addColumn(family, casQualifier, key);
    }
    client.append(append);
    return Status.OK;
  }

  /**
   * PE's checkAndPut/Mutate/Delete: put a known value, then the check-and-set conditioned on it.
   * Clients overlap on the rows, so a check may not hold (another client's checkAndDelete got there
   * first): counted, not an error.
   */
  private Status checkAnd(int i) throws IOException {
    byte[] key = PeLayout.rowKey(i);
    Put put = new Put(key).addColumn(FAMILY_ZERO, casQualifier, key);
    client.put(put);
    var builder = client.checkAndMutate(key, FAMILY_ZERO).qualifier(casQualifier).ifEquals(key);
    boolean applied =
        switch (test) {
          case CHECK_AND_PUT -> builder.thenPut(put);
          case CHECK_AND_MUTATE -> builder.thenMutate(mutations(key, put));
          default -> builder.thenDelete(new Delete(key).addColumns(FAMILY_ZERO, casQualifier));
        };
    if (!applied) {
      notApplied++;
    }
    return Status.OK;
  }

  private static RowMutations mutations(byte[] key, Put put) throws IOException {
    RowMutations m = new RowMutations(key);
    m.add(put);
    return m;
  }

  /**
   * At the client's end (inside its elapsed time, as PE's takedown): sends what is batched, closes
   * the scanner.
   */
  void finish() throws IOException {
    try {
      if (gets != null && !gets.isEmpty()) {
        client.get(gets);
        gets.clear();
      }
      if (puts != null && !puts.isEmpty()) {
        client.put(puts);
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
