package io.hbload.hbase.pe;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.Values;
import java.io.IOException;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Table;

/**
 * One PE client (one worker): its {@link Table} and, for writes without --autoFlush, its {@link BufferedMutator} (as
 * PE's SequentialWriteTest), and its own latency histogram for PE's per-client line. The operations themselves are
 * issued by its {@link PeOperations}; YCSB's calls are not PE's and answer NOT_IMPLEMENTED. Its cleanup flushes what
 * is buffered, closes, and publishes the client's result. Confined to its worker thread.
 *
 * <p>The per-client histogram is recorded beside the engine's recorder, on the same thread, after the operation:
 * one more HdrHistogram increment (tens of ns) per HBase call of tens of microseconds, and no change to the engine's
 * hot path.
 */
final class PeClient implements Binding {
  final int index;
  final Table table;
  final BufferedMutator mutator;
  final Histogram latencyNanos = new Histogram(3);
  private final PeResults results;
  private final PeSpec spec;
  private PeOperations operations;
  long startNanos;
  long rowsScanned;
  long rowsExpected;
  long notApplied;
  long badValues;

  PeClient(int index, Connection connection, PeSpec spec, boolean buffered, PeResults results) throws IOException {
    this.index = index;
    this.spec = spec;
    this.results = results;
    latencyNanos.setAutoResize(true);
    TableName name = TableName.valueOf(spec.table());
    this.table = connection.getTable(name);
    // PE's BufferedMutatorTest: 2 MB client buffer, flushed at the end of the client (inside its elapsed time)
    this.mutator = buffered ? connection.getBufferedMutator(new BufferedMutatorParams(name)
        .writeBufferSize(2L * 1024 * 1024)) : null;
  }

  void attach(PeOperations ops) {
    this.operations = ops;
    this.startNanos = System.nanoTime();
  }

  @Override
  public void cleanup() throws BindingException {
    IOException failure = null;
    try {
      if (operations != null) {
        operations.finish();
      }
    } catch (IOException e) {
      failure = e;
    }
    try {
      if (mutator != null) {
        mutator.close();
      }
    } catch (IOException e) {
      failure = failure == null ? e : failure;
    }
    try {
      table.close();
    } catch (IOException e) {
      failure = failure == null ? e : failure;
    }
    if (operations != null && operations.measuredRun()) {
      long elapsed = (System.nanoTime() - startNanos) / 1_000_000;
      results.publish(new PeClientResult(index, spec.firstRow(index), spec.perClientRows(), elapsed,
          latencyNanos.copy(), rowsScanned, rowsExpected, notApplied, badValues, 0));
    }
    if (failure != null) {
      throw new BindingException("PE client " + index + ": flushing or closing failed: " + failure.getMessage(),
          failure);
    }
  }

  @Override
  public Status read(String t, Key key, Fields fields, RowSink result) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status scan(String t, Key startKey, int recordCount, Fields fields, ScanSink result) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status update(String t, Key key, Values values) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status insert(String t, Key key, Values values) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status delete(String t, Key key) {
    return Status.NOT_IMPLEMENTED;
  }
}
