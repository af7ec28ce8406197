package io.hbload.hbase.pe;

import io.hbload.core.binding.AsyncWorkerClient;
import io.hbload.core.binding.BindingException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;

/**
 * One client of a PE async command (one pipelined worker): its {@link AsyncTable} on its {@link
 * AsyncConnection} (PE's AsyncTableTest), with PE's async calls ({@link PeAsyncCalls}), which its
 * {@link PeAsyncSource}'s steps make (PE's workload runs on this client type, so it has none of
 * YCSB's calls). Its cleanup closes the source's scanner (inside the client's elapsed time, as PE's
 * takedown).
 *
 * <p>The table is the "raw" one ({@code AsyncConnection.getTable(name)}): callbacks run on HBase's
 * event loop, which is fine because they only check the returned cells and hand the slot to the
 * worker, never block.
 */
final class PeAsyncClient implements AsyncWorkerClient, PeAsyncCalls {
  /**
   * Slack over the operation timeout: a call issued just before the drain completes within timeout
   * + this.
   */
  private static final long DRAIN_SLACK_NANOS = TimeUnit.SECONDS.toNanos(2);

  final int index;
  private final AsyncTable<?> table;
  private final long drainNanos;

  /** --usetags: single puts go as a batch of one, as {@link PeClient#put} says why. */
  private final boolean tags;

  private PeAsyncSource source;

  PeAsyncClient(int index, AsyncConnection connection, PeSpec spec) {
    this.index = index;
    this.table = connection.getTable(TableName.valueOf(spec.table().name()));
    this.tags = spec.workload().tags() > 0;
    long opTimeoutMs =
        connection
            .getConfiguration()
            .getLong(
                HConstants.HBASE_CLIENT_OPERATION_TIMEOUT,
                HConstants.DEFAULT_HBASE_CLIENT_OPERATION_TIMEOUT);
    this.drainNanos = TimeUnit.MILLISECONDS.toNanos(opTimeoutMs) + DRAIN_SLACK_NANOS;
  }

  /** The source whose scanner the cleanup closes. */
  void attach(PeAsyncSource source) {
    this.source = source;
  }

  @Override
  public CompletableFuture<Void> put(Put put) {
    return tags ? table.putAll(List.of(put)) : table.put(put);
  }

  @Override
  public CompletableFuture<Result> get(Get get) {
    return table.get(get);
  }

  @Override
  public ResultScanner scanner(Scan scan) {
    return table.getScanner(scan);
  }

  /** Every call has completed (with an error if need be) within HBase's operation timeout. */
  @Override
  public long drainTimeoutNanos() {
    return drainNanos;
  }

  @Override
  public void cleanup() throws BindingException {
    if (source != null) {
      source.finish();
    }
  }
}
