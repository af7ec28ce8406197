package io.hbload.core.binding.builtin;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.Values;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code memory}: a real, thread-safe in-process store ({@link MemoryStore}) that keeps every row,
 * for tests and demos. Reads return stored bytes, so {@code dataintegrity=true} checks real round
 * trips. Updates of a missing row create it (as HBase's Put does). A session starts empty when its
 * table has no rows in this JVM, so {@code run} loads first.
 */
public final class MemoryBindingProvider implements BindingProvider {
  @Override
  public String name() {
    return "memory";
  }

  @Override
  public String description() {
    return "in-process store that keeps the data (for tests and demos)";
  }

  @Override
  public boolean readsBack() {
    return true;
  }

  @Override
  public BindingSession open(BindingContext context) {
    MemoryStore store = MemoryStore.shared();
    boolean empty = store.size(context.workload().table()) == 0;
    return new BindingSession() {
      @Override
      public Binding newBinding(int workerIndex) {
        return new Memory(store);
      }

      @Override
      public boolean loadBeforeRun() {
        return empty;
      }
    };
  }

  /** One per worker; the store it shares is thread-safe. */
  static final class Memory implements Binding {
    private final MemoryStore store;

    Memory(MemoryStore store) {
      this.store = store;
    }

    @Override
    public Status read(String table, Key key, Fields fields, RowSink result) {
      Map<String, byte[]> row = store.table(table).get(key.toString());
      if (row == null) {
        return Status.NOT_FOUND;
      }
      if (result.wanted()) {
        emit(row, fields, result);
      }
      return Status.OK;
    }

    private static void emit(Map<String, byte[]> row, Fields fields, RowSink sink) {
      if (fields.isAll()) {
        for (Map.Entry<String, byte[]> e : row.entrySet()) {
          byte[] n = e.getKey().getBytes(StandardCharsets.ISO_8859_1);
          sink.field(n, 0, n.length, e.getValue(), 0, e.getValue().length);
        }
        return;
      }
      for (int i = 0; i < fields.count(); i++) {
        byte[] v = row.get(fields.name(i));
        if (v != null) {
          byte[] n = fields.nameBytes(i);
          sink.field(n, 0, n.length, v, 0, v.length);
        }
      }
    }

    @Override
    public Status scan(
        String table, Key startKey, int recordCount, Fields fields, ScanSink result) {
      NavigableMap<String, Map<String, byte[]>> rows =
          store.table(table).tailMap(startKey.toString(), true);
      int n = 0;
      for (Map.Entry<String, Map<String, byte[]>> e : rows.entrySet()) {
        if (n++ >= recordCount) {
          break;
        }
        if (result.wanted()) {
          byte[] k = e.getKey().getBytes(StandardCharsets.ISO_8859_1);
          emit(e.getValue(), fields, result.row(k, 0, k.length));
        }
      }
      return Status.OK;
    }

    @Override
    public Status update(String table, Key key, Values values) {
      store
          .table(table)
          .compute(
              key.toString(),
              (k, row) -> {
                Map<String, byte[]> r = row == null ? new ConcurrentHashMap<>() : row;
                put(r, values);
                return r;
              });
      return Status.OK;
    }

    @Override
    public Status insert(String table, Key key, Values values) {
      Map<String, byte[]> row = new ConcurrentHashMap<>();
      put(row, values);
      store.table(table).put(key.toString(), row);
      return Status.OK;
    }

    private static void put(Map<String, byte[]> row, Values values) {
      for (int i = 0; i < values.count(); i++) {
        row.put(values.name(i), values.copy(i));
      }
    }

    @Override
    public Status delete(String table, Key key) {
      return store.table(table).remove(key.toString()) == null ? Status.NOT_FOUND : Status.OK;
    }
  }
}
