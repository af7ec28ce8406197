package io.hbload.hbase.ops;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.Values;
import io.hbload.hbase.config.OpsSpec;
import io.hbload.hbase.request.YcsbRequests;
import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Table;

/**
 * One worker's HBase client: YCSB's operations on the worker's own {@link Table} (and {@link
 * BufferedMutator} with client buffering), over the session's shared connection. The requests are
 * {@link YcsbRequests}' (the cells YCSB's hbase binding writes), the same the async binding sends.
 *
 * <p>Confined to its worker thread: no locks. Allocation per call is what HBase's request objects
 * need (see {@link YcsbRequests}); results are handed to the sink as slices of HBase's cells.
 * Failures return {@link Status#ERROR} and never throw.
 */
public final class HBaseBinding implements Binding {
  private final Connection connection;
  private final OpsSpec spec;
  private final YcsbRequests requests;
  private final PrintStream messages;

  private String tableName;
  private Table table;
  private BufferedMutator mutator;

  public HBaseBinding(Connection connection, OpsSpec spec, PrintStream messages) {
    this.connection = connection;
    this.spec = spec;
    this.requests = new YcsbRequests(spec.family(), spec.durability(), spec.usePageFilter());
    this.messages = messages;
  }

  /**
   * The table for this call; reopened only when the workload switches tables (never in YCSB's
   * workloads).
   */
  private Table table(String name) throws IOException {
    if (name != tableName && !name.equals(tableName)) {
      closeTable();
      TableName tn = TableName.valueOf(name);
      table = connection.getTable(tn);
      if (spec.clientBuffering()) {
        mutator =
            connection.getBufferedMutator(
                new BufferedMutatorParams(tn).writeBufferSize(spec.writeBufferSize()));
      }
      tableName = name;
    }
    return table;
  }

  @Override
  public Status read(String tableName, Key key, Fields fields, RowSink result) {
    try {
      Table t = table(tableName);
      Result r = t.get(requests.get(key, fields));
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
  public Status scan(
      String tableName, Key startKey, int recordCount, Fields fields, ScanSink result) {
    try {
      Table t = table(tableName);
      boolean wanted = result.wanted();
      try (ResultScanner scanner = t.getScanner(requests.scan(startKey, recordCount, fields))) {
        // the scan's limit ends it after recordCount rows; counting here too never asks the scanner
        // for one more
        Result r;
        for (int rows = 0; rows < recordCount && (r = scanner.next()) != null; rows++) {
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
      return write(t, requests.put(key, values));
    } catch (IOException | RuntimeException e) {
      return failed(op, key, e);
    }
  }

  @Override
  public Status delete(String tableName, Key key) {
    try {
      Table t = table(tableName);
      return write(t, requests.delete(key));
    } catch (IOException | RuntimeException e) {
      return failed("delete", key, e);
    }
  }

  private Status write(Table t, Mutation m) throws IOException {
    if (mutator != null) {
      // as YCSB: OK once buffered; a failed flush surfaces as an exception on a later mutate or at
      // cleanup
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
