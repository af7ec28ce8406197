package io.hbload.hbase.table;

import io.hbload.core.binding.BindingException;
import io.hbload.hbase.HBaseProperties;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;

/**
 * How the benchmark table is laid out when hbload creates it, and what to do around an existing one. Immutable.
 *
 * @param table table name ({@code table}, default {@code usertable})
 * @param family the one column family ({@code columnfamily}, default {@code family})
 * @param presplit regions to create ({@code hbload.presplit}); 0 = 10 x live RegionServers
 * @param compression {@code hbload.compression}, default NONE
 * @param blockEncoding {@code hbload.blockencoding}, default NONE
 * @param bloomFilter {@code hbload.bloomfilter}, default ROW (HBase's default)
 * @param inMemory {@code hbload.inmemory}, default false
 * @param dropExisting {@code hbload.droptable}: drop and re-create an existing table on load, default false
 * @param waitForCompactions {@code hbload.waitforcompactions}: wait for compactions between load and run
 */
public record TableSpec(
    String table,
    String family,
    int presplit,
    Compression.Algorithm compression,
    DataBlockEncoding blockEncoding,
    BloomType bloomFilter,
    boolean inMemory,
    boolean dropExisting,
    boolean waitForCompactions) {

  public static final String DEFAULT_TABLE = "usertable";
  public static final String DEFAULT_FAMILY = "family";

  /** Parses the table keys; every bad value is reported in one message. */
  public static TableSpec from(Map<String, String> p) throws BindingException {
    StringBuilder errors = new StringBuilder();
    String table = p.getOrDefault(HBaseProperties.TABLE, DEFAULT_TABLE);
    String family = p.getOrDefault(HBaseProperties.COLUMN_FAMILY, DEFAULT_FAMILY);
    int presplit = 0;
    String ps = p.get(HBaseProperties.PRESPLIT);
    if (ps != null) {
      try {
        presplit = Integer.parseInt(ps.trim());
        if (presplit < 1) {
          errors.append("; ").append(HBaseProperties.PRESPLIT).append(" must be >= 1: ").append(ps);
        }
      } catch (NumberFormatException e) {
        errors.append("; ").append(HBaseProperties.PRESPLIT).append(" is not a number: ").append(ps);
      }
    }
    Compression.Algorithm compression = Compression.Algorithm.NONE;
    String c = p.get(HBaseProperties.COMPRESSION);
    if (c != null) {
      try {
        compression = Compression.getCompressionAlgorithmByName(c.trim().toLowerCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        errors.append("; ").append(HBaseProperties.COMPRESSION).append(" unknown: ").append(c)
            .append(" (none, gz, snappy, lz4, zstd, lzo, bzip2)");
      }
    }
    DataBlockEncoding encoding = parseEnum(DataBlockEncoding.class, p, HBaseProperties.BLOCK_ENCODING,
        DataBlockEncoding.NONE, errors);
    BloomType bloom = parseEnum(BloomType.class, p, HBaseProperties.BLOOM_FILTER, BloomType.ROW, errors);
    if (errors.length() > 0) {
      throw new BindingException(errors.substring(2));
    }
    return new TableSpec(table, family, presplit, compression, encoding, bloom,
        Boolean.parseBoolean(p.getOrDefault(HBaseProperties.IN_MEMORY, "false")),
        Boolean.parseBoolean(p.getOrDefault(HBaseProperties.DROP_TABLE, "false")),
        Boolean.parseBoolean(p.getOrDefault(HBaseProperties.WAIT_FOR_COMPACTIONS, "false")));
  }

  private static <E extends Enum<E>> E parseEnum(Class<E> type, Map<String, String> p, String key, E dflt,
      StringBuilder errors) {
    String v = p.get(key);
    if (v == null) {
      return dflt;
    }
    try {
      return Enum.valueOf(type, v.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      errors.append("; ").append(key).append(" unknown: ").append(v).append(" (one of ")
          .append(java.util.Arrays.toString(type.getEnumConstants())).append(')');
      return dflt;
    }
  }
}
