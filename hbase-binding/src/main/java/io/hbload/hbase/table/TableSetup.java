package io.hbload.hbase.table;

import io.hbload.core.binding.BindingException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * Creates, checks, drops, flushes the benchmark table and waits for its compactions, through an
 * {@link Admin} that the caller owns. Admin calls are slow (hundreds of ms), so this runs only
 * around phases, never per operation. Not thread-safe (one caller at a time, like the Admin it
 * uses).
 */
public final class TableSetup {
  private final Admin admin;
  private final TableSpec spec;
  private final TableName name;
  private final PrintStream messages;

  public TableSetup(Admin admin, TableSpec spec, PrintStream messages) {
    this.admin = admin;
    this.spec = spec;
    this.name = TableName.valueOf(spec.table());
    this.messages = messages;
  }

  /**
   * For a load: creates the table when missing (or drops and re-creates when asked), else checks
   * the family.
   */
  public void prepareForLoad() throws IOException, BindingException {
    if (admin.tableExists(name)) {
      if (!spec.dropExisting()) {
        checkFamily();
        return;
      }
      messages.println("[hbase] dropping existing table " + name + " (hbload.droptable=true)");
      if (admin.isTableEnabled(name)) {
        admin.disableTable(name);
      }
      admin.deleteTable(name);
    }
    try {
      create();
    } catch (TableExistsException raced) {
      // another client of a sharded load (--shard) created it between our check and our create
      messages.println(
          "[hbase] table " + name + " was created by another client meanwhile: using it");
      checkFamily();
    }
  }

  /** For a run: the table must exist and have the family; nothing is created. */
  public void checkForRun() throws IOException, BindingException {
    if (!admin.tableExists(name)) {
      throw new BindingException(
          "table '" + name + "' does not exist: run the load phase first (or create it)");
    }
    checkFamily();
  }

  /**
   * Creates the table pre-split into {@link TableSpec#presplit()} regions (default 10 per
   * RegionServer).
   */
  public void create() throws IOException {
    int regions =
        spec.presplit() > 0 ? spec.presplit() : 10 * Math.max(1, admin.getRegionServers().size());
    ColumnFamilyDescriptor cf =
        ColumnFamilyDescriptorBuilder.newBuilder(spec.family().getBytes(StandardCharsets.UTF_8))
            .setCompressionType(spec.compression())
            .setDataBlockEncoding(spec.blockEncoding())
            .setBloomFilterType(spec.bloomFilter())
            .setInMemory(spec.inMemory())
            .build();
    TableDescriptor td = TableDescriptorBuilder.newBuilder(name).setColumnFamily(cf).build();
    byte[][] splits = SplitPoints.forRegions(regions);
    if (splits.length == 0) {
      admin.createTable(td);
    } else {
      admin.createTable(td, splits);
    }
    messages.println(
        "[hbase] created table "
            + name
            + " family "
            + spec.family()
            + ", "
            + regions
            + " regions"
            + " (compression "
            + spec.compression().getName()
            + ", encoding "
            + spec.blockEncoding()
            + ", bloom "
            + spec.bloomFilter()
            + (spec.inMemory() ? ", in-memory" : "")
            + ")");
  }

  /** Throws with a one-line message when the table lacks the configured family. */
  public void checkFamily() throws IOException, BindingException {
    TableDescriptor td = admin.getDescriptor(name);
    if (!td.hasColumnFamily(spec.family().getBytes(StandardCharsets.UTF_8))) {
      String families =
          Arrays.stream(td.getColumnFamilies())
              .map(ColumnFamilyDescriptor::getNameAsString)
              .collect(Collectors.joining(", "));
      throw new BindingException(
          "table '"
              + name
              + "' has no column family '"
              + spec.family()
              + "' (it has: "
              + families
              + "); set -p columnfamily=<one of them>");
    }
  }

  /** Flushes memstores to store files, so that reads afterwards go through the block cache. */
  public void flush() throws IOException {
    admin.flush(name);
  }

  /**
   * Flushes, then waits until no region of the table is compacting (seen idle twice in a row, since
   * a flush can queue a compaction a moment later), at most {@code maxMillis}.
   */
  public void flushAndWaitForCompactions(long maxMillis) throws IOException, InterruptedException {
    flush();
    awaitNoCompactions("compactions", System.nanoTime(), maxMillis);
  }

  /**
   * Flushes, major-compacts and waits for it, at most {@code maxMillis}: afterwards every store is
   * one file. The request is queued, so the wait first sees a region compacting (or gives it a few
   * seconds: a small table may be done before the first look), then waits until none is.
   */
  public void flushAndMajorCompact(long maxMillis) throws IOException, InterruptedException {
    flush();
    long start = System.nanoTime();
    admin.majorCompact(name);
    long startedBy = start + 5_000_000_000L;
    while (admin.getCompactionState(name) == CompactionState.NONE
        && System.nanoTime() < startedBy) {
      Thread.sleep(100);
    }
    awaitNoCompactions("major compaction", start, maxMillis);
  }

  /**
   * Waits until no region of the table is compacting, seen idle twice in a row (a flush can queue
   * one later).
   */
  private void awaitNoCompactions(String what, long start, long maxMillis)
      throws IOException, InterruptedException {
    long deadline = start + maxMillis * 1_000_000L;
    long nextReport = start + 30_000_000_000L;
    int idle = 0;
    while (idle < 2) {
      CompactionState state = admin.getCompactionState(name);
      idle = state == CompactionState.NONE ? idle + 1 : 0;
      long now = System.nanoTime();
      if (now > deadline) {
        messages.println(
            "[hbase] "
                + what
                + " of "
                + name
                + " still running after "
                + maxMillis / 1000
                + " s; continuing");
        return;
      }
      if (now > nextReport) {
        messages.println("[hbase] waiting for " + what + " of " + name + " (" + state + ")");
        nextReport = now + 30_000_000_000L;
      }
      if (idle < 2) {
        Thread.sleep(500);
      }
    }
    messages.printf(
        "[hbase] %s of %s done after %.1f s%n", what, name, (System.nanoTime() - start) / 1e9);
  }
}
