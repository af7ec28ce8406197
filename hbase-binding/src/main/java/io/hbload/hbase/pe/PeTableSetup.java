package io.hbload.hbase.pe;

import io.hbload.core.binding.BindingException;
import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * PE's table handling before a run (its checkTable): a read or scan command needs the table; a
 * table is (re)created when missing, when --presplit is given, or when its region replicas or
 * number of families differ from what was asked; families {@code info0..} carry --compress,
 * --blockEncoding, --bloomFilter, --inmemory, --blockSize and --inmemoryCompaction, the table
 * --splitPolicy; --presplit N splits the row range into N equal parts at PE's row keys. Not
 * thread-safe (one Admin, one caller).
 */
final class PeTableSetup {
  private final Admin admin;
  private final PeSpec spec;
  private final PeTableOptions options;
  private final PrintStream messages;
  private final TableName name;

  PeTableSetup(Admin admin, PeSpec spec, PrintStream messages) {
    this.admin = admin;
    this.spec = spec;
    this.options = spec.table();
    this.messages = messages;
    this.name = TableName.valueOf(options.name());
  }

  /**
   * Prepares the table; returns false when a read command finds no table and {@code
   * mayCreateForRead} (the embedded cluster, which starts empty and is then loaded first), throws
   * when it may not.
   */
  boolean prepare(boolean mayCreateForRead) throws IOException, BindingException {
    boolean exists = admin.tableExists(name);
    if (!exists && spec.workload().test().needsData()) {
      if (!mayCreateForRead) {
        throw new BindingException(
            "table '"
                + name
                + "' does not exist: "
                + spec.workload().test().command()
                + " reads it; run a write command first (e.g. hbload pe sequentialWrite)");
      }
      create();
      return false;
    }
    boolean recreate = false;
    if (exists) {
      TableDescriptor td = admin.getDescriptor(name);
      recreate =
          options.presplit() > 0
              || (!spec.workload().test().needsData()
                  && td.getRegionReplication() != options.replicas())
              || td.getColumnFamilyCount() != options.families();
      if (recreate) {
        messages.println(
            "[pe] re-creating table "
                + name
                + " (as PE: --presplit given, or its replicas/families "
                + "differ from --replicas/--families)");
        if (admin.isTableEnabled(name)) {
          admin.disableTable(name);
        }
        admin.deleteTable(name);
      }
    }
    if (!exists || recreate) {
      create();
    }
    return true;
  }

  /**
   * A shard's check: the table its coordinator prepared is there; it is never created or re-created
   * here.
   */
  void requireTable() throws IOException, BindingException {
    if (!admin.tableExists(name)) {
      throw new BindingException(
          "table '" + name + "' does not exist: the coordinator of the shards prepares it");
    }
  }

  private void create() throws IOException {
    TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(name);
    for (int f = 0; f < options.families(); f++) {
      table.setColumnFamily(
          ColumnFamilyDescriptorBuilder.newBuilder(PeLayout.family(f))
              .setDataBlockEncoding(options.blockEncoding())
              .setCompressionType(options.compression())
              .setBloomFilterType(options.bloomFilter())
              .setInMemory(options.inMemory())
              .setBlocksize(options.blockSize())
              .setInMemoryCompaction(options.inMemoryCompaction())
              .build());
    }
    if (!options.splitPolicy().isEmpty()) {
      table.setRegionSplitPolicyClassName(options.splitPolicy());
    }
    if (options.replicas() > 1) {
      table.setRegionReplication(options.replicas());
    }
    byte[][] splits = splits();
    if (splits.length == 0) {
      admin.createTable(table.build());
    } else {
      admin.createTable(table.build(), splits);
    }
    messages.println(
        "[pe] created table "
            + name
            + ": "
            + options.families()
            + " famil"
            + (options.families() == 1 ? "y" : "ies")
            + ", "
            + Math.max(1, splits.length + 1)
            + " region(s), compression "
            + options.compression().getName()
            + ", encoding "
            + options.blockEncoding()
            + ", bloom "
            + options.bloomFilter()
            + (options.inMemory() ? ", in-memory" : "")
            + (options.replicas() > 1 ? ", " + options.replicas() + " replicas" : "")
            + ", block size "
            + options.blockSize()
            + ", in-memory compaction "
            + options.inMemoryCompaction()
            + (options.splitPolicy().isEmpty() ? "" : ", split policy " + options.splitPolicy()));
  }

  /** PE's split points: --presplit N regions at row numbers (totalRows / N) x 1 .. N-1. */
  byte[][] splits() {
    if (options.presplit() <= 1) {
      return new byte[0][];
    }
    int jump = spec.rows().totalRows() / options.presplit();
    byte[][] splits = new byte[options.presplit() - 1][];
    for (int i = 0; i < splits.length; i++) {
      splits[i] = PeLayout.rowKey(jump * (1 + i));
    }
    return splits;
  }

  void flush() throws IOException {
    admin.flush(name);
  }
}
