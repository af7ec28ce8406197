package io.hbload.hbase.ops;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.Values;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.PageFilter;

/**
 * One worker's HBase client: YCSB's operations on the worker's own {@link Table} (and {@link BufferedMutator}
 * with client buffering), over the session's shared connection. Row key = the key's bytes, one family,
 * qualifier = field name, value bytes as given: the cells YCSB's hbase binding writes.
 *
 * <p>Confined to its worker thread: no locks. Allocation per call is what HBase's request objects need
 * (Get/Put/Delete/Scan, one copy of the row key, one {@link KeyValue} per written field built straight from
 * the engine's value slice, with no intermediate value copy); results are handed to the sink as slices of
 * HBase's cells. Failures return {@link Status#ERROR} and never throw.
 */
public final class HBaseBinding implements Binding {
  private final Connection connection;
  private final byte[] family;
  private final OpsSpec spec;
  private final Durability durability;
  private final PrintStream messages;

  private String tableName;
  private Table table;
  private BufferedMutator mutator;
  // PageFilter is plain data on the client (its row counter only moves on the server), so one per page size
  private PageFilter pageFilter;

  public HBaseBinding(Connection connection, OpsSpec spec, PrintStream messages) {
    this.connection = connection;
    this.spec = spec;
    this.family = spec.family().getBytes(StandardCharsets.UTF_8);
    this.durability = spec.durability();
    this.messages = messages;
  }

  /** The table for this call; reopened only when the workload switches tables (never in YCSB's workloads). */
  private Table table(String name) throws IOException {
    if (name != tableName && !name.equals(tableName)) {
      closeTable();
      TableName tn = TableName.valueOf(name);
      table = connection.getTable(tn);
      if (spec.clientBuffering()) {
        mutator = connection.getBufferedMutator(new BufferedMutatorParams(tn).writeBufferSize(spec.writeBufferSize()));
      }
      tableName = name;
    }
    return table;
  }

  @Override
  public Status read(String tableName, Key key, Fields fields, RowSink result) {
    try {
      Table t = table(tableName);
      Get get = new Get(key.array(), 0, key.length());
      if (fields.isAll()) {
        get.addFamily(family);
      } else {
        for (int i = 0, n = fields.count(); i < n; i++) {
          get.addColumn(family, fields.nameBytes(i));
        }
      }
      Result r = t.get(get);
      if (r.isEmpty()) {
        return Status.NOT_FOUND;
      }
      if (result.wanted()) {
        ResultSinks.fields(r.rawCells(), result);
      }
      return Status.OK;
    } catch (IOException | RuntimeException e) {
      return failed("read", key, e);
    }
  }

  @Override
  public Status scan(String tableName, Key startKey, int recordCount, Fields fields, ScanSink result) {
    try {
      Table t = table(tableName);
      // withStartRow keeps the array, and the engine refills the key's buffer: copy
      Scan scan = new Scan().withStartRow(Arrays.copyOf(startKey.array(), startKey.length()));
      scan.setCaching(recordCount);
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
      boolean wanted = result.wanted();
      try (ResultScanner scanner = t.getScanner(scan)) {
        int rows = 0;
        // stop after recordCount rows even without the page filter (it limits per region, not per scan)
        for (Result r = scanner.next(); r != null && rows < recordCount; r = scanner.next()) {
          rows++;
          if (wanted) {
            ResultSinks.row(r.rawCells(), result);
          }
        }
      }
      return Status.OK;
    } catch (IOException | RuntimeException e) {
      return failed("scan", startKey, e);
    }
  }

  @Override
  public Status update(String tableName, Key key, Values values) {
    return put("update", tableName, key, values);
  }

  @Override
  public Status insert(String tableName, Key key, Values values) {
    return put("insert", tableName, key, values);
  }

  private Status put(String op, String tableName, Key key, Values values) {
    try {
      Table t = table(tableName);
      Put put = new Put(key.array(), 0, key.length());
      put.setDurability(durability);
      byte[] row = put.getRow();
      for (int i = 0, n = values.count(); i < n; i++) {
        byte[] q = values.nameBytes(i);
        // one KeyValue straight from the engine's slice: Put.addColumn would need an exact-length value array
        put.add(new KeyValue(row, 0, row.length, family, 0, family.length, q, 0, q.length,
            HConstants.LATEST_TIMESTAMP, KeyValue.Type.Put, values.array(i), values.offset(i), values.length(i)));
      }
      return write(t, put);
    } catch (IOException | RuntimeException e) {
      return failed(op, key, e);
    }
  }

  @Override
  public Status delete(String tableName, Key key) {
    try {
      Table t = table(tableName);
      Delete delete = new Delete(key.array(), 0, key.length());
      delete.setDurability(durability);
      return write(t, delete);
    } catch (IOException | RuntimeException e) {
      return failed("delete", key, e);
    }
  }

  private Status write(Table t, Mutation m) throws IOException {
    if (mutator != null) {
      // as YCSB: OK once buffered; a failed flush surfaces as an exception on a later mutate or at cleanup
      mutator.mutate(m);
    } else if (m instanceof Put) {
      t.put((Put) m);
    } else {
      t.delete((Delete) m);
    }
    return Status.OK;
  }

  private Status failed(String op, Key key, Exception e) {
    if (spec.debug()) {
      messages.println("[hbase] " + op + " " + key + " failed: " + e);
    }
    return Status.ERROR;
  }

  /** Flushes buffered writes and closes the table; a failed flush is an error of the run. */
  @Override
  public void cleanup() throws BindingException {
    try {
      closeTable();
    } catch (IOException e) {
      throw new BindingException("flushing buffered writes failed: " + e.getMessage(), e);
    }
  }

  private void closeTable() throws IOException {
    IOException failure = null;
    if (mutator != null) {
      try {
        mutator.close();
      } catch (IOException e) {
        failure = e;
      }
      mutator = null;
    }
    if (table != null) {
      try {
        table.close();
      } catch (IOException e) {
        failure = failure == null ? e : failure;
      }
      table = null;
    }
    tableName = null;
    if (failure != null) {
      throw failure;
    }
  }
}
