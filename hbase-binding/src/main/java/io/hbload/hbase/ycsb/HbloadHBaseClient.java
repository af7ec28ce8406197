package io.hbload.hbase.ycsb;

import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.config.SpecException;
import io.hbload.hbase.config.HBaseSettings;
import io.hbload.hbase.config.HBaseSettingsParser;
import io.hbload.hbase.ops.HBaseBinding;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * hbload's HBase binding as a YCSB 0.17 {@link DB}: {@code java -cp
 * 'ycsb-core.jar:hbload.jar:/etc/hbase/conf' site.ycsb.Client -db
 * io.hbload.hbase.ycsb.HbloadHBaseClient -P workloads/workloada -p columnfamily=family}.
 *
 * <p>Same properties as YCSB's hbase20/hbase2 binding ({@code table}, {@code columnfamily}
 * (required), {@code clientbuffering}, {@code writebuffersize}, {@code durability}, {@code
 * hbase.usepagefilter}, {@code debug}); the cluster comes from {@code hbase-site.xml} on the class
 * path as with YCSB, and additionally from {@code -p hbase.*}, {@code -p hbload.zk=host:port} or
 * {@code -p hbload.hbase.conf=DIR}. The table must exist (as YCSB's binding requires). One instance
 * per YCSB thread (not thread-safe, as YCSB requires); all instances share one connection,
 * reference-counted.
 *
 * <p>Allocation: YCSB's interface needs fresh maps and {@link ByteIterator}s per call; the HBase
 * calls underneath are hbload's.
 */
public class HbloadHBaseClient extends DB {
  private final Key key = new Key();
  private final ArrayFields fields = new ArrayFields();
  private final ArrayValues values = new ArrayValues();
  private HBaseBinding binding;
  private boolean acquired;

  @Override
  public void init() throws DBException {
    try {
      HBaseSettings settings = HBaseSettingsParser.parseYcsb(getProperties());
      binding = (HBaseBinding) SharedSession.acquire(settings, System.err).newBinding(0);
      acquired = true;
    } catch (BindingException | SpecException e) {
      throw new DBException(e.getMessage(), e);
    }
  }

  @Override
  public void cleanup() throws DBException {
    if (!acquired) {
      return;
    }
    acquired = false;
    try {
      binding.cleanup();
    } catch (BindingException e) {
      throw new DBException(e.getMessage(), e);
    } finally {
      try {
        SharedSession.release();
      } catch (BindingException e) {
        // the connection failed to close cleanly: nothing YCSB can act on
      }
    }
  }

  @Override
  public Status read(
      String table, String k, Set<String> fieldSet, Map<String, ByteIterator> result) {
    return status(binding.read(table, key.set(k), fields.set(fieldSet), new MapSink(result)));
  }

  @Override
  public Status scan(
      String table,
      String startkey,
      int recordcount,
      Set<String> fieldSet,
      Vector<HashMap<String, ByteIterator>> result) {
    ScanSink sink =
        new ScanSink() {
          @Override
          public boolean wanted() {
            return true;
          }

          @Override
          public RowSink row(byte[] rowKey, int offset, int length) {
            HashMap<String, ByteIterator> row = new HashMap<>();
            result.add(row);
            return new MapSink(row);
          }
        };
    return status(binding.scan(table, key.set(startkey), recordcount, fields.set(fieldSet), sink));
  }

  @Override
  public Status update(String table, String k, Map<String, ByteIterator> vals) {
    return status(binding.update(table, key.set(k), fill(vals)));
  }

  @Override
  public Status insert(String table, String k, Map<String, ByteIterator> vals) {
    return status(binding.insert(table, key.set(k), fill(vals)));
  }

  @Override
  public Status delete(String table, String k) {
    return status(binding.delete(table, key.set(k)));
  }

  private ArrayValues fill(Map<String, ByteIterator> vals) {
    values.clear();
    for (Map.Entry<String, ByteIterator> e : vals.entrySet()) {
      values.add(e.getKey(), e.getValue().toArray());
    }
    return values;
  }

  /**
   * Maps hbload's status onto YCSB's constants by name, so identity checks ({@code isOk}) keep
   * working.
   */
  static Status status(io.hbload.core.binding.Status s) {
    if (s == io.hbload.core.binding.Status.OK) {
      return Status.OK;
    }
    switch (s.name()) {
      case "ERROR":
        return Status.ERROR;
      case "NOT_FOUND":
        return Status.NOT_FOUND;
      case "NOT_IMPLEMENTED":
        return Status.NOT_IMPLEMENTED;
      case "UNEXPECTED_STATE":
        return Status.UNEXPECTED_STATE;
      case "BAD_REQUEST":
        return Status.BAD_REQUEST;
      case "FORBIDDEN":
        return Status.FORBIDDEN;
      case "SERVICE_UNAVAILABLE":
        return Status.SERVICE_UNAVAILABLE;
      case "BATCHED_OK":
        return Status.BATCHED_OK;
      default:
        return new Status(s.name(), s.description());
    }
  }

  /** Copies returned cells into YCSB's result map (qualifier → value). */
  private static final class MapSink implements RowSink {
    private final Map<String, ByteIterator> target;

    MapSink(Map<String, ByteIterator> target) {
      this.target = target;
    }

    @Override
    public boolean wanted() {
      return target != null;
    }

    @Override
    public void field(
        byte[] name,
        int nameOffset,
        int nameLength,
        byte[] value,
        int valueOffset,
        int valueLength) {
      byte[] v = new byte[valueLength];
      System.arraycopy(value, valueOffset, v, 0, valueLength);
      target.put(
          new String(name, nameOffset, nameLength, StandardCharsets.UTF_8),
          new ByteArrayByteIterator(v));
    }
  }
}
