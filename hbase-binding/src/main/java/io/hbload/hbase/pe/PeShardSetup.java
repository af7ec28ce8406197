package io.hbload.hbase.pe;

import io.hbload.core.binding.BindingException;
import java.io.IOException;
import java.io.PrintStream;
import java.util.SplittableRandom;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.Connection;

/**
 * What the coordinator of a sharded PE run ({@code hbload mapreduce pe}) does once, before its
 * shards start, so that none of them touches the table layout: PE's table handling as {@code hbload
 * pe} does it (created, or re-created for {@code --presplit}, replicas or families), and on a
 * cluster that starts empty (an embedded one), a read or scan command's rows written first,
 * sequentialWrite's rows 0 .. totalRows-1 through one buffered mutator, then a flush, as {@code
 * hbload pe} loads the embedded cluster. Stateless.
 */
public final class PeShardSetup {
  private PeShardSetup() {}

  /**
   * Prepares PE's table on {@code connection}'s cluster.
   *
   * @param startsEmpty the cluster was created empty for this run: a read command gets its rows
   *     written first
   * @throws BindingException when a read command finds no table on a cluster that does not start
   *     empty
   */
  public static void prepare(
      Connection connection, PeSpec spec, boolean startsEmpty, PrintStream messages)
      throws IOException, BindingException {
    boolean hasData;
    try (Admin admin = connection.getAdmin()) {
      hasData = new PeTableSetup(admin, spec, messages).prepare(startsEmpty);
    }
    if (hasData) {
      return;
    }
    messages.println(
        "[pe] the cluster starts empty: writing PE's rows 0.."
            + (spec.rows().totalRows() - 1)
            + " from here first (sequentialWrite's layout, not measured)");
    PeRequests rows = new PeRequests(spec, new SplittableRandom());
    try (BufferedMutator mutator =
        connection.getBufferedMutator(
            new BufferedMutatorParams(TableName.valueOf(spec.table().name()))
                .writeBufferSize(2L * 1024 * 1024))) {
      for (int i = 0; i < spec.rows().totalRows(); i++) {
        mutator.mutate(rows.put(i));
      }
    }
    try (Admin admin = connection.getAdmin()) {
      new PeTableSetup(admin, spec, messages)
          .flush(); // reads then go through store files, as on a cluster
    }
  }
}
