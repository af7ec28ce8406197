package io.hbload.hbase.table;

import java.nio.charset.StandardCharsets;

/**
 * Split points the way HBase users pre-split YCSB's {@code usertable} by hand (YCSB's and
 * HDInsight's recipe): {@code user + (1000 + i * (9999 - 1000) / regions)} for {@code i = 1 ..
 * regions - 1}, which spreads YCSB's hashed keys ({@code user} followed by a decimal 64-bit hash)
 * evenly because their first four digits are near uniform. Stateless.
 */
public final class SplitPoints {
  private SplitPoints() {}

  /** The {@code regions - 1} split keys for {@code regions} regions (none for 1 region). */
  public static byte[][] forRegions(int regions) {
    if (regions < 1) {
      throw new IllegalArgumentException("regions must be >= 1: " + regions);
    }
    byte[][] splits = new byte[regions - 1][];
    for (int i = 1; i < regions; i++) {
      // long arithmetic: the hand recipe's integer division, without overflow for large region
      // counts
      long point = 1000L + (long) i * (9999 - 1000) / regions;
      splits[i - 1] = ("user" + point).getBytes(StandardCharsets.UTF_8);
    }
    return splits;
  }
}
