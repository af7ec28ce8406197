package io.hbload.hbase.pe;

import org.apache.hadoop.hbase.MemoryCompactionPolicy;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;

/**
 * The table a {@code hbload pe} run uses and what PE sets on it when it creates it ({@link
 * PeTableSetup}). Immutable.
 *
 * @param name PE's --table
 * @param families PE's --families: column families {@code info0 ..}
 * @param presplit PE's --presplit: regions the row range is split into at creation, 0 for none
 * @param replicas PE's --replicas: region replicas (reads then use timeline consistency)
 * @param compression PE's --compress: the families' compression
 * @param blockEncoding PE's --blockEncoding: the families' data block encoding
 * @param bloomFilter PE's --bloomFilter: the families' bloom filter
 * @param inMemory PE's --inmemory: the families' in-memory flag
 * @param blockSize PE's --blockSize: the families' HFile block size in bytes
 * @param inMemoryCompaction PE's --inmemoryCompaction: set on every family, NONE by default (as PE
 *     sets it)
 * @param splitPolicy PE's --splitPolicy: the table's region split policy class, "" for the
 *     cluster's default
 */
public record PeTableOptions(
    String name,
    int families,
    int presplit,
    int replicas,
    Compression.Algorithm compression,
    DataBlockEncoding blockEncoding,
    BloomType bloomFilter,
    boolean inMemory,
    int blockSize,
    MemoryCompactionPolicy inMemoryCompaction,
    String splitPolicy) {

  /**
   * PE's defaults: TestTable, one family, no presplit, one replica, no compression or encoding, a
   * ROW bloom filter, not in memory, 64 KiB blocks, in-memory compaction NONE, the cluster's split
   * policy.
   */
  public static PeTableOptions peDefaults() {
    return new PeTableOptions(
        "TestTable",
        1,
        0,
        1,
        Compression.Algorithm.NONE,
        DataBlockEncoding.NONE,
        BloomType.ROW,
        false,
        PeSpec.DEFAULT_BLOCK_SIZE,
        MemoryCompactionPolicy.NONE,
        "");
  }
}
