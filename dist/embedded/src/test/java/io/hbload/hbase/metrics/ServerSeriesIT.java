package io.hbload.hbase.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.Hbload;
import io.hbload.core.export.JsonResult;
import io.hbload.core.result.RunResult;
import io.hbload.core.server.ServerFigure;
import io.hbload.core.server.ServerSeries;
import io.hbload.hbase.testkit.HBaseExtension;
import java.io.OutputStream;
import java.io.PrintStream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the RegionServer was doing during a write-heavy load on the embedded HBase: a table whose
 * memstore flushes every megabyte, loaded with several megabytes, makes the server flush and
 * compact while the engine samples it; the run's series (and its JSON) show the flushed and
 * compacted megabytes, the queues, the memstore and the JVM's collectors, at the client's 1 s
 * interval.
 */
class ServerSeriesIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.shared();

  private static final String TABLE = "series";

  @Test
  void aWriteHeavyLoadShowsFlushesCompactionsAndCollections() throws Exception {
    try (Connection c = ConnectionFactory.createConnection(HBASE.hbase().configuration());
        Admin admin = c.getAdmin()) {
      // 1 MiB is below HBase's sanity floor for a flush size: the table says it knows
      admin.createTable(
          TableDescriptorBuilder.newBuilder(TableName.valueOf(TABLE))
              .setMemStoreFlushSize(1L << 20)
              .setValue("hbase.table.sanity.checks", "false")
              .setColumnFamily(ColumnFamilyDescriptorBuilder.of("family"))
              .build());
    }
    RunResult load =
        Hbload.workload("a")
            .binding(HBASE.hbase().bindingProvider())
            .properties(HBASE.hbase().properties())
            .property("columnfamily", "family")
            .property("table", TABLE)
            .recordCount(12_000)
            .threads(4)
            .messages(new PrintStream(OutputStream.nullOutputStream()))
            .load();
    assertThat(load.errorCount()).isZero();

    ServerSeries s = load.figure(ServerSeries.class).orElseThrow();
    assertThat(s.error()).isNull();
    assertThat(s.servers()).hasSize(1);
    assertThat(s.intervalMillis()).isEqualTo(1000);
    assertThat(s.samples()).isGreaterThanOrEqualTo(2);
    assertThat(total(s, RegionServerFigures.FLUSHED)).as("flushed MB").isGreaterThan(5);
    assertThat(total(s, RegionServerFigures.COMPACTED)).as("compacted MB").isPositive();
    assertThat(total(s, RegionServerFigures.WRITES)).as("write requests").isPositive();
    assertThat(s.figures())
        .contains(
            RegionServerFigures.MEMSTORE,
            RegionServerFigures.FLUSH_QUEUE,
            RegionServerFigures.COMPACTION_QUEUE);
    double collections =
        s.series().stream()
            .filter(x -> x.figure().meter().equals("gc.collections"))
            .flatMap(x -> x.points().stream())
            .mapToDouble(ServerSeries.Point::value)
            .sum();
    assertThat(collections).as("collections of this JVM, which the server shares").isPositive();

    String json = JsonResult.render(load);
    assertThat(json)
        .contains("\"serverSeries\": {\"source\": \"in-process RegionServer metrics")
        .contains("\"flushed.megabytes\": [[")
        .contains("\"compaction.queue.length\": [[")
        .containsPattern("\"gc\\.collections\\{collector=[^}]+\\}\": \\[\\[");
  }

  private static double total(ServerSeries s, ServerFigure f) {
    return s.series().stream()
        .filter(x -> x.figure().equals(f))
        .flatMap(x -> x.points().stream())
        .mapToDouble(ServerSeries.Point::value)
        .sum();
  }
}
