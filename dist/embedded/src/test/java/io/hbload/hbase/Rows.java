package io.hbload.hbase;

import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.hbase.ycsb.ArrayValues;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test data in the shape YCSB writes: keys {@code user<n>}, fields {@code field0..}, values derived
 * from both.
 */
final class Rows {
  private Rows() {}

  static Key key(String k) {
    return new Key().set(k);
  }

  /**
   * A value that can only come from this key, field and version: verification like YCSB's
   * dataintegrity.
   */
  static byte[] value(String key, int field, int version) {
    String base = key + ":field" + field + ":v" + version + ":";
    StringBuilder sb = new StringBuilder();
    while (sb.length() < 100) {
      sb.append(base);
    }
    return sb.substring(0, 100).getBytes(StandardCharsets.UTF_8);
  }

  static ArrayValues values(String key, int fields, int version) {
    ArrayValues v = new ArrayValues();
    for (int f = 0; f < fields; f++) {
      v.add("field" + f, value(key, f, version));
    }
    return v;
  }

  /** Collects the fields a read returns. */
  static final class Capture implements RowSink {
    final Map<String, byte[]> fields = new LinkedHashMap<>();

    @Override
    public boolean wanted() {
      return true;
    }

    @Override
    public void field(byte[] name, int no, int nl, byte[] value, int vo, int vl) {
      byte[] v = new byte[vl];
      System.arraycopy(value, vo, v, 0, vl);
      fields.put(new String(name, no, nl, StandardCharsets.UTF_8), v);
    }
  }

  /** Collects the rows a scan returns. */
  static final class ScanCapture implements ScanSink {
    final List<String> keys = new ArrayList<>();
    final List<Capture> rows = new ArrayList<>();

    @Override
    public boolean wanted() {
      return true;
    }

    @Override
    public RowSink row(byte[] key, int off, int len) {
      keys.add(new String(key, off, len, StandardCharsets.UTF_8));
      Capture c = new Capture();
      rows.add(c);
      return c;
    }
  }
}
