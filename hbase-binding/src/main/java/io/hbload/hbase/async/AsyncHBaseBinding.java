package io.hbload.hbase.async;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.Values;
import io.hbload.hbase.config.OpsSpec;
import io.hbload.hbase.ops.ResultSinks;
import io.hbload.hbase.request.YcsbRequests;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncBufferedMutator;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;

/**
 * One worker's HBase operations on the async client: the same requests as {@link
 * io.hbload.hbase.ops.HBaseBinding} sends (both take them from {@link YcsbRequests}), issued on an
 * {@link AsyncTable} and completed from HBase's RPC event-loop threads. The table is the "raw" one
 * ({@code AsyncConnection.getTable(name)}): callbacks run on the event loop, which is fine because
 * they only copy returned cells into the operation's own sink, stamp the outcome and hand the slot
 * to the worker, never block.
 *
 * <p>With client buffering ({@code clientbuffering=true}) writes go through an {@link
 * AsyncBufferedMutator}: an operation completes when its buffered mutation was sent and
 * acknowledged (not, as on the blocking path, when buffered), and the worker {@link #flush}es
 * whenever it has nothing more to issue, so buffered writes never wait for a buffer that will not
 * fill.
 *
 * <p>Issuing methods are confined to the worker thread. One completion callback per slot is kept
 * and reused, so a call allocates only what HBase needs (request objects, its future and its
 * listener node). Every call completes exactly once: failures and timeouts (HBase's operation
 * timeout) as {@link Status#ERROR}.
 */
public final class AsyncHBaseBinding implements AsyncBinding {
  /**
   * Slack over the operation timeout: a call issued just before the drain completes within timeout
   * + this.
   */
  private static final long DRAIN_SLACK_NANOS = TimeUnit.SECONDS.toNanos(2);

  private final AsyncConnection connection;
  private final OpsSpec spec;
  private final YcsbRequests requests;
  private final PrintStream messages;
  private final long drainNanos;

  private String tableName;
  private AsyncTable<?> table;
  private AsyncBufferedMutator mutator;
  private final PerSlot<SlotCallback> callbacks = new PerSlot<>(SlotCallback::new);

  public AsyncHBaseBinding(AsyncConnection connection, OpsSpec spec, PrintStream messages) {
    this.connection = connection;
    this.spec = spec;
    this.requests = new YcsbRequests(spec.family(), spec.durability(), spec.usePageFilter());
    this.messages = messages;
    long opTimeoutMs =
        connection
            .getConfiguration()
            .getLong(
                HConstants.HBASE_CLIENT_OPERATION_TIMEOUT,
                HConstants.DEFAULT_HBASE_CLIENT_OPERATION_TIMEOUT);
    this.drainNanos = TimeUnit.MILLISECONDS.toNanos(opTimeoutMs) + DRAIN_SLACK_NANOS;
  }

  private AsyncTable<?> table(String name) {
    if (name != tableName && !name.equals(tableName)) {
      closeMutator();
      TableName tn = TableName.valueOf(name);
      table = connection.getTable(tn);
      if (spec.clientBuffering()) {
        mutator =
            connection
                .getBufferedMutatorBuilder(tn)
                .setWriteBufferSize(spec.writeBufferSize())
                .build();
      }
      tableName = name;
    }
    return table;
  }

  private SlotCallback callback(int slot, Completion done, String op) {
    SlotCallback c = callbacks.at(slot);
    c.done = done;
    c.op = op;
    c.sink = null;
    c.scanSink = null;
    return c;
  }

  @Override
  public void read(
      String tableName, Key key, Fields fields, RowSink result, int slot, Completion done) {
    SlotCallback c = callback(slot, done, "read");
    try {
      c.sink = result;
      table(tableName).get(requests.get(key, fields)).whenComplete(c);
    } catch (RuntimeException e) {
      c.fail(e);
    }
  }

  @Override
  public void scan(
      String tableName,
      Key startKey,
      int recordCount,
      Fields fields,
      ScanSink result,
      int slot,
      Completion done) {
    SlotCallback c = callback(slot, done, "scan");
    try {
      c.scanSink = result;
      table(tableName).scanAll(requests.scan(startKey, recordCount, fields)).whenComplete(c);
    } catch (RuntimeException e) {
      c.fail(e);
    }
  }

  @Override
  public void update(String tableName, Key key, Values values, int slot, Completion done) {
    put(tableName, key, values, callback(slot, done, "update"));
  }

  @Override
  public void insert(String tableName, Key key, Values values, int slot, Completion done) {
    put(tableName, key, values, callback(slot, done, "insert"));
  }

  private void put(String tableName, Key key, Values values, SlotCallback c) {
    try {
      write(tableName, requests.put(key, values)).whenComplete(c);
    } catch (IOException | RuntimeException e) {
      c.fail(e);
    }
  }

  @Override
  public void delete(String tableName, Key key, int slot, Completion done) {
    SlotCallback c = callback(slot, done, "delete");
    try {
      write(tableName, requests.delete(key)).whenComplete(c);
    } catch (RuntimeException e) {
      c.fail(e);
    }
  }

  private CompletableFuture<Void> write(String tableName, Mutation m) {
    AsyncTable<?> t = table(tableName);
    if (mutator != null) {
      return mutator.mutate(m);
    }
    return m instanceof Put p ? t.put(p) : t.delete((Delete) m);
  }

  /** Sends what the buffered mutator holds; cheap when it holds nothing. */
  @Override
  public void flush() {
    if (mutator != null) {
      mutator.flush();
    }
  }

  @Override
  public long drainTimeoutNanos() {
    return drainNanos;
  }

  /**
   * Closes the buffered mutator (flushing it; its failures were already counted by their
   * operations).
   */
  @Override
  public void cleanup() {
    closeMutator();
    table = null;
    tableName = null;
  }

  private void closeMutator() {
    if (mutator != null) {
      mutator.close();
      mutator = null;
    }
  }

  /**
   * A slot's completion callback, reused for every operation of the slot. Its fields are set on the
   * worker thread before the callback is registered on the future, which orders them for the thread
   * that completes the future.
   */
  private final class SlotCallback implements BiConsumer<Object, Throwable> {
    private final int slot;
    private Completion done;
    private String op;
    private RowSink sink;
    private ScanSink scanSink;

    SlotCallback(int slot) {
      this.slot = slot;
    }

    @Override
    public void accept(Object value, Throwable error) {
      if (error != null) {
        fail(error);
        return;
      }
      Status status;
      try {
        status = outcome(value);
      } catch (RuntimeException e) {
        fail(e);
        return;
      }
      done.complete(slot, status);
    }

    private Status outcome(Object value) {
      if (sink != null) {
        Result r = (Result) value;
        if (r.isEmpty()) {
          return Status.NOT_FOUND;
        }
        if (sink.wanted()) {
          ResultSinks.fields(r.rawCells(), sink);
        }
      } else if (scanSink != null && scanSink.wanted()) {
        @SuppressWarnings("unchecked")
        List<Result> rows = (List<Result>) value;
        for (Result r : rows) {
          ResultSinks.row(r.rawCells(), scanSink);
        }
      }
      return Status.OK;
    }

    void fail(Throwable e) {
      if (spec.debug()) {
        messages.println("[hbase] async " + op + " failed: " + e);
      }
      done.complete(slot, Status.ERROR);
    }
  }
}
