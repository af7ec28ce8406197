package io.hbload.hbase.async;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.Values;
import io.hbload.hbase.ops.OpsSpec;
import io.hbload.hbase.ops.ResultSinks;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncBufferedMutator;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.PageFilter;

/**
 * One worker's HBase operations on the async client: the same cells as {@link io.hbload.hbase.ops.HBaseBinding}
 * writes and reads (row = key bytes, one family, qualifier = field name), issued on an {@link AsyncTable} and
 * completed from HBase's RPC event-loop threads. The table is the "raw" one ({@code AsyncConnection.getTable(name)}):
 * callbacks run on the event loop, which is fine because they only copy returned cells into the operation's own sink,
 * stamp the outcome and hand the slot to the worker, never block.
 *
 * <p>With client buffering ({@code clientbuffering=true}) writes go through an {@link AsyncBufferedMutator}: an
 * operation completes when its buffered mutation was sent and acknowledged (not, as on the blocking path, when
 * buffered), and the worker {@link #flush}es whenever it has nothing more to issue, so buffered writes never wait for
 * a buffer that will not fill.
 *
 * <p>Issuing methods are confined to the worker thread. One completion callback per slot is kept and reused, so a
 * call allocates only what HBase needs (request objects, its future and its listener node). Every call completes
 * exactly once: failures and timeouts (HBase's operation timeout) as {@link Status#ERROR}.
 */
public final class AsyncHBaseBinding implements AsyncBinding {
  /** Slack over the operation timeout: a call issued just before the drain completes within timeout + this. */
  private static final long DRAIN_SLACK_NANOS = TimeUnit.SECONDS.toNanos(2);

  private final AsyncConnection connection;
  private final OpsSpec spec;
  private final byte[] family;
  private final Durability durability;
  private final PrintStream messages;
  private final long drainNanos;

  private String tableName;
  private AsyncTable<?> table;
  private AsyncBufferedMutator mutator;
  private PageFilter pageFilter;
  private final PerSlot<SlotCallback> callbacks = new PerSlot<>(SlotCallback::new);

  public AsyncHBaseBinding(AsyncConnection connection, OpsSpec spec, PrintStream messages) {
    this.connection = connection;
    this.spec = spec;
    this.family = spec.family().getBytes(StandardCharsets.UTF_8);
    this.durability = spec.durability();
    this.messages = messages;
    long opTimeoutMs = connection.getConfiguration().getLong(HConstants.HBASE_CLIENT_OPERATION_TIMEOUT,
        HConstants.DEFAULT_HBASE_CLIENT_OPERATION_TIMEOUT);
    this.drainNanos = TimeUnit.MILLISECONDS.toNanos(opTimeoutMs) + DRAIN_SLACK_NANOS;
  }

  private AsyncTable<?> table(String name) {
    if (name != tableName && !name.equals(tableName)) {
      closeMutator();
      TableName tn = TableName.valueOf(name);
      table = connection.getTable(tn);
      if (spec.clientBuffering()) {
        mutator = connection.getBufferedMutatorBuilder(tn).setWriteBufferSize(spec.writeBufferSize()).build();
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
  public void read(String tableName, Key key, Fields fields, RowSink result, int slot, Completion done) {
    SlotCallback c = callback(slot, done, "read");
    try {
      Get get = new Get(key.array(), 0, key.length());
      if (fields.isAll()) {
        get.addFamily(family);
      } else {
        for (int i = 0, n = fields.count(); i < n; i++) {
          get.addColumn(family, fields.nameBytes(i));
        }
      }
      c.sink = result;
      table(tableName).get(get).whenComplete(c);
    } catch (RuntimeException e) {
      c.fail(e);
    }
  }

  @Override
  public void scan(String tableName, Key startKey, int recordCount, Fields fields, ScanSink result, int slot,
      Completion done) {
    SlotCallback c = callback(slot, done, "scan");
    try {
      // withStartRow keeps the array, and the engine refills the key's buffer: copy
      Scan scan = new Scan().withStartRow(Arrays.copyOf(startKey.array(), startKey.length()));
      scan.setCaching(recordCount);
      // the scan ends after recordCount rows over all regions (the page filter limits per region only)
      scan.setLimit(recordCount);
      if (spec.usePageFilter()) {
        if (pageFilter == null || pageFilter.getPageSize() != recordCount) {
          pageFilter = new PageFilter(recordCount);
        }
        scan.setFilter(pageFilter);
      }
      if (fields.isAll()) {
        scan.addFamily(family);
      } else {
        for (int i = 0, n = fields.count(); i < n; i++) {
          scan.addColumn(family, fields.nameBytes(i));
        }
      }
      c.scanSink = result;
      table(tableName).scanAll(scan).whenComplete(c);
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
      Put put = new Put(key.array(), 0, key.length());
      put.setDurability(durability);
      byte[] row = put.getRow();
      for (int i = 0, n = values.count(); i < n; i++) {
        byte[] q = values.nameBytes(i);
        // one KeyValue straight from the engine's slice, copied now: the slice is refilled after this call
        put.add(new KeyValue(row, 0, row.length, family, 0, family.length, q, 0, q.length,
            HConstants.LATEST_TIMESTAMP, KeyValue.Type.Put, values.array(i), values.offset(i), values.length(i)));
      }
      write(tableName, put).whenComplete(c);
    } catch (java.io.IOException | RuntimeException e) {
      c.fail(e);
    }
  }

  @Override
  public void delete(String tableName, Key key, int slot, Completion done) {
    SlotCallback c = callback(slot, done, "delete");
    try {
      Delete delete = new Delete(key.array(), 0, key.length());
      delete.setDurability(durability);
      write(tableName, delete).whenComplete(c);
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

  /** Closes the buffered mutator (flushing it; its failures were already counted by their operations). */
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
   * A slot's completion callback, reused for every operation of the slot. Its fields are set on the worker thread
   * before the callback is registered on the future, which orders them for the thread that completes the future.
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
