package io.hbload.hbase.pe;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.Values;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;

/**
 * One client of a PE async command (one pipelined worker): its {@link AsyncTable} on its {@link AsyncConnection}
 * (PE's AsyncTableTest), its own latency histogram for PE's per-client line, and its row counts. The operations are
 * issued by its {@link PeAsyncOperations}; YCSB's calls are not PE's and complete NOT_IMPLEMENTED. Its cleanup
 * closes the scanner and publishes the client's result, as {@link PeClient}'s does.
 *
 * <p>The table is the "raw" one ({@code AsyncConnection.getTable(name)}): callbacks run on HBase's event loop, which
 * is fine because they only check the returned cells and hand the slot to the worker, never block. Histogram and
 * counters are written on the worker's thread only (when it sees a completion).
 */
final class PeAsyncClient implements AsyncBinding {
  /** Slack over the operation timeout: a call issued just before the drain completes within timeout + this. */
  private static final long DRAIN_SLACK_NANOS = TimeUnit.SECONDS.toNanos(2);

  final int index;
  final AsyncTable<?> table;
  final Histogram latencyNanos = new Histogram(3);
  private final PeSpec spec;
  private final PeResults results;
  private final long drainNanos;
  private PeAsyncOperations operations;
  long startNanos;
  long rowsScanned;
  long rowsExpected;
  long badValues;
  int mostInFlight;

  PeAsyncClient(int index, AsyncConnection connection, PeSpec spec, PeResults results) {
    this.index = index;
    this.spec = spec;
    this.results = results;
    latencyNanos.setAutoResize(true);
    this.table = connection.getTable(TableName.valueOf(spec.table()));
    long opTimeoutMs = connection.getConfiguration().getLong(HConstants.HBASE_CLIENT_OPERATION_TIMEOUT,
        HConstants.DEFAULT_HBASE_CLIENT_OPERATION_TIMEOUT);
    this.drainNanos = TimeUnit.MILLISECONDS.toNanos(opTimeoutMs) + DRAIN_SLACK_NANOS;
  }

  void attach(PeAsyncOperations ops) {
    this.operations = ops;
    this.startNanos = System.nanoTime();
  }

  /** Every call has completed (with an error if need be) within HBase's operation timeout. */
  @Override
  public long drainTimeoutNanos() {
    return drainNanos;
  }

  @Override
  public void cleanup() throws BindingException {
    if (operations == null) {
      return;
    }
    operations.finish();
    if (operations.measuredRun()) {
      long elapsed = (System.nanoTime() - startNanos) / 1_000_000;
      results.publish(new PeClientResult(index, spec.firstRow(index), spec.perClientRows(), elapsed,
          latencyNanos.copy(), rowsScanned, rowsExpected, 0, badValues, mostInFlight));
    }
  }

  @Override
  public void read(String t, Key key, Fields fields, RowSink result, int slot, Completion done) {
    done.complete(slot, Status.NOT_IMPLEMENTED);
  }

  @Override
  public void scan(String t, Key startKey, int recordCount, Fields fields, ScanSink result, int slot,
      Completion done) {
    done.complete(slot, Status.NOT_IMPLEMENTED);
  }

  @Override
  public void update(String t, Key key, Values values, int slot, Completion done) {
    done.complete(slot, Status.NOT_IMPLEMENTED);
  }

  @Override
  public void insert(String t, Key key, Values values, int slot, Completion done) {
    done.complete(slot, Status.NOT_IMPLEMENTED);
  }

  @Override
  public void delete(String t, Key key, int slot, Completion done) {
    done.complete(slot, Status.NOT_IMPLEMENTED);
  }
}
