package io.hbload.hbase.metrics;

import static io.hbload.core.testing.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.Hbload;
import io.hbload.core.export.JsonResult;
import io.hbload.core.result.RunResult;
import io.hbload.core.server.ServerFigure;
import io.hbload.core.server.ServerSample;
import io.hbload.core.server.ServerSeries;
import io.hbload.core.server.TailOutliers;
import io.hbload.hbase.cluster.EmbeddedCluster;
import io.hbload.hbase.cluster.InProcessClusters;
import io.hbload.hbase.testkit.HBaseExtension;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
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

  /**
   * Issue 32 §3: on a compaction-heavy load (a table that flushes every megabyte), the intervals
   * whose p99.9 stands out are labelled with what the server was doing in or just before them. The
   * lines and the share explained are printed for the failsafe report; every cause names one of the
   * server's event figures and the server, or the client's host saturated by other processes.
   */
  @Test
  void slowIntervalsOfACompactionHeavyLoadAreLabelledWithTheServersEvents() throws Exception {
    String table = "tails";
    try (Connection c = ConnectionFactory.createConnection(HBASE.hbase().configuration());
        Admin admin = c.getAdmin()) {
      admin.createTable(
          TableDescriptorBuilder.newBuilder(TableName.valueOf(table))
              .setMemStoreFlushSize(1L << 20)
              .setValue("hbase.table.sanity.checks", "false")
              .setColumnFamily(ColumnFamilyDescriptorBuilder.of("family"))
              .build());
    }
    ByteArrayOutputStream said = new ByteArrayOutputStream();
    RunResult load =
        Hbload.workload("a")
            .binding(HBASE.hbase().bindingProvider())
            .properties(HBASE.hbase().properties())
            .property("columnfamily", "family")
            .property("table", table)
            .property("status.interval", "0.25")
            .recordCount(12_000)
            .threads(4)
            .messages(new PrintStream(said, true, StandardCharsets.UTF_8))
            .load();
    assertThat(load.errorCount()).isZero();
    TailOutliers t = load.figure(TailOutliers.class).orElseThrow();
    assertThat(t.intervals()).isGreaterThanOrEqualTo(5);
    String server = load.figure(ServerSeries.class).orElseThrow().servers().get(0);
    // a load has no warm-up: when its first interval stands out, it is also labelled as the
    // client's own cold start (TailOutliers), which names no server event; at most one interval is
    String coldStart = "the phase's first interval: the client's cold start (no hbload.warmup)";
    assertThat(t.outliers().stream().flatMap(o -> o.causes().stream()).filter(coldStart::equals))
        .hasSizeLessThanOrEqualTo(1);
    for (TailOutliers.Outlier o : t.outliers()) {
      assertThat(o.timesMedian()).isGreaterThan(TailOutliers.FACTOR);
      assertThat(o.causes())
          .allMatch(
              cause ->
                  cause.equals(coldStart)
                      // the client's host, saturated by other processes (HostCpuSampler)
                      || cause.matches(
                          "host CPU saturated; other processes' share \\(%\\) [0-9]+ on client host .+")
                      || cause.matches(
                              "(GC pause|memstore flush|compaction|flushes queued|compactions queued"
                                  + "|writes blocked \\(memstore full\\))"
                                  + " .+")
                          && cause.endsWith(" on " + server));
    }
    System.out.printf(
        "tail outliers of a compaction-heavy load: %d of %d intervals, %d explained%n%s%n",
        t.outliers().size(), t.intervals(), t.explained(), String.join("\n", t.lines()));
    assertThat(JsonResult.render(load)).contains("\"tailOutliers\": {\"factor\": 3.0");
  }

  /**
   * A run that finds the cluster by its address, as a user's code does with its own mini cluster in
   * the same JVM (one hbload did not start: the shared cluster is taken out of hbload's registry of
   * in-process clusters for the run): the block cache is read from this JVM's beans, and so are the
   * server series, only this cluster's server (matched by name).
   */
  @Test
  void aRunByAddressAgainstAClusterInThisJvmHasTheServerSeries() {
    Configuration conf = new Configuration(false);
    conf.set("hbase.zookeeper.quorum", HBASE.hbase().zkQuorum() + ":" + HBASE.hbase().zkPort());
    EmbeddedCluster known = InProcessClusters.at(conf);
    assertThat(known).as("hbload's shared cluster is registered as in-process").isNotNull();
    InProcessClusters.unregister(known);
    RunResult load;
    try {
      load = byAddress();
    } finally {
      InProcessClusters.register(known);
    }
    assertThat(load.errorCount()).isZero();

    ServerSeries s = load.figure(ServerSeries.class).orElseThrow();
    assertThat(s.source()).startsWith("this JVM's MBean server (1 RegionServer in this JVM)");
    assertThat(s.error()).isNull();
    assertThat(s.servers()).containsExactly(serverOfTheSharedCluster());
    assertThat(s.samples()).isGreaterThanOrEqualTo(2);
    // HBase's own figures are read too; through metrics2's JMX cache they trail the run by up to
    // a metrics period, so a 2 s load may not yet show its requests: that they are there is what
    // is asked
    assertThat(s.figures()).contains(RegionServerFigures.MEMSTORE, RegionServerFigures.WRITES);
    assertThat(
            s.series().stream()
                .filter(x -> x.figure().meter().equals("gc.collections"))
                .filter(x -> !x.points().isEmpty())
                .count())
        .as("collectors with points")
        .isPositive();
  }

  /**
   * The same run against hbload's own cluster found by address (a test kit's shared cluster): read
   * in-process, as a cluster handed to the session is, whatever beans this JVM holds.
   */
  @Test
  void aRunByAddressAgainstHbloadsOwnClusterReadsItInProcess() {
    RunResult load = byAddress();
    assertThat(load.errorCount()).isZero();
    ServerSeries s = load.figure(ServerSeries.class).orElseThrow();
    assertThat(s.source()).startsWith("in-process RegionServer metrics");
    assertThat(s.servers()).containsExactly(serverOfTheSharedCluster());
    assertThat(s.samples()).isGreaterThanOrEqualTo(2);
  }

  private static RunResult byAddress() {
    return Hbload.workload("a")
        .binding("hbase")
        .properties(HBASE.hbase().properties())
        .property("table", "series_by_address")
        .property("columnfamily", "family")
        .property("status.interval", "0.2")
        .recordCount(2_000)
        .threads(2)
        .messages(new PrintStream(OutputStream.nullOutputStream()))
        .load();
  }

  /**
   * While HBase restarts metrics2 (its JmxCacheBuster, about 5 s after regions open or close) the
   * RegionServer bean is away: a sample then keeps the server with its GC figures, without HBase's
   * (not zeros), and the next one has them again.
   */
  @Test
  void aSampleWhileTheBeanIsAwayKeepsTheServerWithItsGcFigures() throws Exception {
    String server = serverOfTheSharedCluster();
    PlatformJmxServerSampler sampler =
        new PlatformJmxServerSampler(Map.of(serverNameOfTheSharedCluster(), server));
    awaitHBaseFigures(sampler);
    ServerSample away;
    DefaultMetricsSystem.instance().stop();
    try {
      away = sampler.sample().get(0);
    } finally {
      DefaultMetricsSystem.instance().start();
    }
    assertThat(away.server()).isEqualTo(server);
    assertThat(away.values()).doesNotContainKeys(RegionServerFigures.MEMSTORE);
    ManagementFactory.getGarbageCollectorMXBeans()
        .forEach(
            gc -> assertThat(away.values()).containsKey(RegionServerFigures.gcCount(gc.getName())));
    assertThat(awaitHBaseFigures(sampler).server()).isEqualTo(server);
  }

  /** The first sample that has HBase's figures (metrics2 publishes the bean on its period). */
  private static ServerSample awaitHBaseFigures(PlatformJmxServerSampler sampler) {
    return await(
            "a sample with the RegionServer bean", Duration.ofSeconds(10), Duration.ofMillis(100))
        .until(
            () -> sampler.sample().get(0),
            s -> s.values().containsKey(RegionServerFigures.MEMSTORE));
  }

  private static String serverOfTheSharedCluster() {
    return HBASE
        .hbase()
        .embedded()
        .liveRegionServers()
        .get(0)
        .getServerName()
        .getAddress()
        .toString();
  }

  private static String serverNameOfTheSharedCluster() {
    return HBASE.hbase().embedded().liveRegionServers().get(0).getServerName().getServerName();
  }

  private static double total(ServerSeries s, ServerFigure f) {
    return s.series().stream()
        .filter(x -> x.figure().equals(f))
        .flatMap(x -> x.points().stream())
        .mapToDouble(ServerSeries.Point::value)
        .sum();
  }
}
