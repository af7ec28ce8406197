package io.hbload.hbase.table;

import io.hbload.core.config.SpecException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * How the benchmark table is laid out when hbload creates it, and what to do around an existing one
 * (parsed by {@link io.hbload.hbase.config.HBaseSettingsParser}). Immutable.
 *
 * @param table table name ({@code table}, default {@code usertable})
 * @param family the one column family ({@code columnfamily}, default {@code family})
 * @param presplit regions to create ({@code hbload.presplit}); 0 = 10 x live RegionServers
 * @param compression {@code hbload.compression}, default NONE
 * @param blockEncoding {@code hbload.blockencoding}, default NONE
 * @param bloomFilter {@code hbload.bloomfilter}, default ROW (HBase's default)
 * @param inMemory {@code hbload.inmemory}, default false
 * @param dropExisting {@code hbload.droptable}: drop and re-create an existing table on load,
 *     default false
 * @param waitForCompactions {@code hbload.waitforcompactions}: wait for compactions between load
 *     and run
 * @param majorCompactBeforeRun {@code hbload.majorcompactbeforerun}: flush, major-compact and wait
 *     before a run
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
    boolean waitForCompactions,
    boolean majorCompactBeforeRun) {

  public static final String DEFAULT_TABLE = "usertable";
  public static final String DEFAULT_FAMILY = "family";

  /** Regions hbload pre-splits a table into at most. */
  public static final int MAX_PRESPLIT = 100_000;

  /**
   * Names HBase would refuse only when the table is created, on a cluster that may have taken
   * seconds to start.
   */
  public TableSpec {
    String problem = nameProblem(table, family);
    if (problem == null && (presplit < 0 || presplit > MAX_PRESPLIT)) {
      problem =
          "presplit must be 0 (10 x RegionServers) to " + MAX_PRESPLIT + " regions: " + presplit;
    }
    if (problem != null) {
      throw new SpecException(problem);
    }
  }

  /** Why HBase would refuse this table or column family name (HBase's own checks), or null. */
  public static String nameProblem(String table, String family) {
    try {
      TableName.valueOf(table);
    } catch (IllegalArgumentException | NullPointerException e) {
      return "table '" + table + "' is not an HBase table name: " + e.getMessage();
    }
    try {
      ColumnFamilyDescriptorBuilder.isLegalColumnFamilyName(Bytes.toBytes(family));
    } catch (IllegalArgumentException | NullPointerException e) {
      return "column family '" + family + "' is not an HBase family name: " + e.getMessage();
    }
    return null;
  }

  /**
   * A table with hbload's defaults: no compression or encoding, ROW bloom filter, nothing dropped
   * or awaited.
   */
  public static TableSpec of(String table, String family, int presplit) {
    return new TableSpec(
        table,
        family,
        presplit,
        Compression.Algorithm.NONE,
        DataBlockEncoding.NONE,
        BloomType.ROW,
        false,
        false,
        false,
        false);
  }
}
