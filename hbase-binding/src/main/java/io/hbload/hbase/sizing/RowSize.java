package io.hbload.hbase.sizing;

import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.keys.KeyNames;
import java.nio.charset.StandardCharsets;

/**
 * The bytes one YCSB row takes in HBase's HFile blocks, which is what the block cache and the OS
 * page cache hold (no compression, no data-block encoding: the benchmark table's defaults). A row
 * is {@code fieldcount} cells, one per field, and each cell is a KeyValue:
 *
 * <pre>
 *   4 key length + 4 value length                          KeyValue.KEYVALUE_INFRASTRUCTURE_SIZE = 8
 *   2 row length + row + 1 family length + family          (KeyValue.ROW_LENGTH_SIZE, FAMILY_LENGTH_SIZE)
 *   + qualifier + 8 timestamp + 1 type                     (KeyValue.TIMESTAMP_TYPE_SIZE)
 *                                                          KeyValue.KEY_INFRASTRUCTURE_SIZE = 2 + 1 + 9 = 12
 *   + value
 *   + 2 tags length (HFile v3, HBase 2's format, writes it for every cell)
 *   + 1 memstore timestamp / sequence id (a vlong; 1 byte once compactions have zeroed it)
 * </pre>
 *
 * so a cell is {@value #CELL_OVERHEAD} bytes + row key + family + qualifier + value. YCSB's default
 * row (10 fields x 100 bytes, hashed keys of about 23 bytes, family {@code family}, qualifiers
 * {@code field0..9}) is then 10 x 158 = 1,580 bytes, not the 1 KB of user data. Block headers,
 * indexes and blooms add about 1% more and are left out. Immutable.
 *
 * @param keyBytes mean row-key length
 * @param cellBytes bytes of one cell (mean)
 * @param rowBytes bytes of one row: {@code fieldcount} cells
 */
public record RowSize(
    double keyBytes, double cellBytes, double rowBytes, int fieldCount, double valueBytes) {
  /** KeyValue's fixed part (8 + 12), the HFile v3 tags length (2) and the sequence id vlong (1). */
  public static final int CELL_OVERHEAD = 8 + 12 + 2 + 1;

  /** The workload's row in a table with column family {@code family}. */
  public static RowSize of(WorkloadSpec w, String family) {
    double key = meanKeyLength(w);
    double value =
        switch (w.fields().lengthDistribution()) {
          case UNIFORM -> (w.fields().minLength() + w.fields().length()) / 2.0;
          default ->
              w.fields().length(); // constant; for zipfian and histogram lengths this is the upper
            // bound
        };
    double qualifier =
        w.fields().namePrefix().getBytes(StandardCharsets.UTF_8).length
            + (w.fields().count() > 10 ? 1.9 : 1); // field0..field9; two digits for most beyond
    double cell =
        CELL_OVERHEAD + key + family.getBytes(StandardCharsets.UTF_8).length + qualifier + value;
    return new RowSize(key, cell, cell * w.fields().count(), w.fields().count(), value);
  }

  /**
   * The mean length of the workload's keys, measured on 10,000 of them (hashed keys vary by a digit
   * or two).
   */
  private static double meanKeyLength(WorkloadSpec w) {
    long n = Math.max(1, Math.min(10_000, w.records().count()));
    long sum = 0;
    for (long k = 0; k < n; k++) {
      sum +=
          KeyNames.name(
                  w.records().insertStart() + k, w.records().ordered(), w.records().zeroPadding())
              .length();
    }
    return sum / (double) n;
  }
}
