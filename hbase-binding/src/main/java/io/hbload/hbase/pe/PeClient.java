package io.hbload.hbase.pe;

import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.WorkerClient;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;

/**
 * One PE client (one worker): its {@link Table} and, for writes without --autoFlush, its {@link
 * BufferedMutator} (as PE's SequentialWriteTest), with PE's calls ({@link PeCalls}), which its
 * {@link PeSource}'s steps make: PE's workload runs on this client type, not on YCSB's binding, so
 * it answers none of YCSB's calls. Its cleanup sends what its source batched and flushes what is
 * buffered (inside the client's elapsed time, as PE's takedown), then closes. Confined to its
 * worker thread.
 */
final class PeClient implements WorkerClient, PeCalls {
  final int index;
  private final Table table;
  private final BufferedMutator mutator;

  /** --usetags: single puts go as a batch of one, see {@link #put}. */
  private final boolean tags;

  private PeSource source;

  PeClient(int index, Connection connection, PeSpec spec, boolean buffered) throws IOException {
    this.index = index;
    TableName name = TableName.valueOf(spec.table().name());
    this.table = connection.getTable(name);
    // PE's BufferedMutatorTest: 2 MB client buffer, flushed at the end of the client (inside its
    // elapsed time)
    this.mutator =
        buffered
            ? connection.getBufferedMutator(
                new BufferedMutatorParams(name).writeBufferSize(2L * 1024 * 1024))
            : null;
    this.tags = spec.workload().tags() > 0;
  }

  /** The source whose batches and scanner the cleanup finishes. */
  void attach(PeSource source) {
    this.source = source;
  }

  /**
   * Through the buffered mutator when there is one, else straight to the table. With --usetags a
   * single put goes as a batch of one: HBase's single-put RPC carries no cell tags (only a batch's
   * cell block does, with a codec that keeps them), so PE's own autoFlush writes lose theirs.
   */
  @Override
  public void put(Put put) throws IOException {
    if (mutator != null) {
      mutator.mutate(put);
    } else if (tags) {
      table.put(List.of(put));
    } else {
      table.put(put);
    }
  }

  /**
   * Whether puts go through the buffered mutator (then a --multiPut batch is not kept: the mutator
   * batches).
   */
  boolean buffered() {
    return mutator != null;
  }

  @Override
  public void put(List<Put> puts) throws IOException {
    table.put(puts);
  }

  @Override
  public Result get(Get get) throws IOException {
    return table.get(get);
  }

  @Override
  public Result[] get(List<Get> gets) throws IOException {
    return table.get(gets);
  }

  @Override
  public ResultScanner scanner(Scan scan) throws IOException {
    return table.getScanner(scan);
  }

  @Override
  public void increment(Increment increment) throws IOException {
    table.increment(increment);
  }

  @Override
  public void append(Append append) throws IOException {
    table.append(append);
  }

  @Override
  public Table.CheckAndMutateBuilder checkAndMutate(byte[] row, byte[] family) {
    return table.checkAndMutate(row, family);
  }

  @Override
  public void cleanup() throws BindingException {
    IOException failure = null;
    try {
      if (source != null) {
        source.finish();
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
    if (failure != null) {
      throw new BindingException(
          "PE client " + index + ": flushing or closing failed: " + failure.getMessage(), failure);
    }
  }
}
