package io.hbload.hbase;

import static io.hbload.core.testing.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.Hbload;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.Status;
import io.hbload.core.config.Phase;
import io.hbload.core.result.RunResult;
import io.hbload.core.testing.Progress;
import io.hbload.hbase.config.HBaseSettingsParser;
import io.hbload.hbase.ops.HBaseSession;
import io.hbload.hbase.testkit.HBaseExtension;
import io.hbload.hbase.ycsb.ArrayFields;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import org.apache.hadoop.hbase.MiniHBaseCluster;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.util.JVMClusterUtil;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A RegionServer dies mid-run on a 2-RegionServer cluster: failed operations come back as {@link
 * Status#ERROR} (counted, nothing thrown), the workers keep going and succeed again once regions
 * are reassigned, and no call takes longer than the operation timeout allows.
 */
@Tag("own-jvm") // stops RegionServers of its own cluster
class RegionServerFailureIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.embedded(2);

  private static final int OP_TIMEOUT_MS = 2000;
  private static final int RECORDS = 2000;

  @Test
  void workersCountErrorsAndCarryOnWhenARegionServerIsStopped() throws Exception {
    twoLiveRegionServers();
    Map<String, String> props = new HashMap<>(HBASE.hbase().properties());
    props.put("columnfamily", "family");
    props.put("table", "fault");
    props.put("hbload.presplit", "8");
    props.put("hbase.client.operation.timeout", Integer.toString(OP_TIMEOUT_MS));
    props.put("hbase.rpc.timeout", "1000");
    props.put("hbase.client.retries.number", "2");
    props.put("hbase.client.pause", "100");
    PrintStream messages =
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    try (HBaseSession s =
        HBaseSession.open(HBaseSettingsParser.parse(props), Phase.LOAD, false, messages)) {
      Binding loader = s.newBinding(0);
      for (int i = 0; i < RECORDS; i++) {
        String k = key(i);
        assertThat(loader.insert("fault", Rows.key(k), Rows.values(k, 10, 0))).isSameAs(Status.OK);
      }
      loader.cleanup();
      HRegionServer victim = victimServing("fault");

      AtomicBoolean stop = new AtomicBoolean();
      AtomicLong calls = new AtomicLong();
      AtomicLong errors = new AtomicLong();
      AtomicLong okAfterRecovery = new AtomicLong();
      AtomicLong recoveredAtNanos = new AtomicLong(Long.MAX_VALUE);
      LongAccumulator maxLatencyNanos = new LongAccumulator(Math::max, 0);
      Thread[] workers = new Thread[2];
      for (int w = 0; w < workers.length; w++) {
        Binding b = s.newBinding(w);
        workers[w] =
            new Thread(
                () -> {
                  ThreadLocalRandom rnd = ThreadLocalRandom.current();
                  ArrayFields all = new ArrayFields().set(null);
                  while (!stop.get()) {
                    String k = key(rnd.nextInt(RECORDS));
                    long t0 = System.nanoTime();
                    Status st =
                        rnd.nextBoolean()
                            ? b.read("fault", Rows.key(k), all, new Rows.Capture())
                            : b.update("fault", Rows.key(k), Rows.values(k, 1, 1));
                    long t1 = System.nanoTime();
                    maxLatencyNanos.accumulate(t1 - t0);
                    calls.incrementAndGet();
                    if (st == Status.ERROR) {
                      errors.incrementAndGet();
                    } else if (st.isOk() && t0 > recoveredAtNanos.get()) {
                      okAfterRecovery.incrementAndGet();
                    }
                  }
                },
                "fault-worker-" + w);
        workers[w].start();
      }
      await("the workers' first 1000 calls", Duration.ofSeconds(30), Duration.ofMillis(100))
          .until(calls::get, n -> n >= 1000);
      victim.stop("hbload fault test");
      long stoppedAt = System.nanoTime();
      // regions move to the survivor within seconds; afterwards operations must succeed again: the
      // workers run until 100 calls started 12 s after the stop succeeded, 17 s after it at most
      recoveredAtNanos.set(stoppedAt + 12_000_000_000L);
      await(
              "100 calls that succeed, started 12 s after the stop",
              Duration.ofNanos(stoppedAt + 17_000_000_000L - System.nanoTime()),
              Duration.ofMillis(100))
          .untilAsserted(
              () ->
                  assertThat(okAfterRecovery.get())
                      .as("operations succeed again after reassignment")
                      .isGreaterThan(100));
      stop.set(true);
      for (Thread t : workers) {
        t.join(OP_TIMEOUT_MS + 5000);
        assertThat(t.isAlive()).as("%s finished", t.getName()).isFalse();
      }
      assertThat(errors.get()).as("failed operations counted as ERROR").isPositive();
      assertThat(okAfterRecovery.get())
          .as("operations succeed again after reassignment")
          .isGreaterThan(100);
      assertThat(maxLatencyNanos.get() / 1_000_000)
          .as("longest call, ms")
          .isLessThan(OP_TIMEOUT_MS + 3000);
    }
  }

  @Test
  void engineRunKeepsGoingAndCountsFailuresPerOperation() throws Exception {
    twoLiveRegionServers();
    Map<String, String> props = new HashMap<>(HBASE.hbase().properties());
    props.put("columnfamily", "family");
    props.put("table", "enginefault");
    props.put("hbload.presplit", "8");
    props.put("hbase.client.operation.timeout", Integer.toString(OP_TIMEOUT_MS));
    props.put("hbase.rpc.timeout", "1000");
    props.put("hbase.client.retries.number", "2");
    props.put("hbase.client.pause", "100");
    Hbload workload =
        Hbload.workload("a")
            .binding(HBASE.hbase().bindingProvider())
            .properties(props)
            .recordCount(RECORDS)
            .threads(2);
    assertThat(workload.load().errorCount()).isZero();
    try (Connection c = ConnectionFactory.createConnection(HBASE.hbase().configuration());
        Admin admin = c.getAdmin()) {
      admin.balance(); // spread the new table's regions over both servers
    }
    HRegionServer victim = victimServing("enginefault");
    Progress progress = new Progress();
    CompletableFuture<RunResult> run =
        CompletableFuture.supplyAsync(
            () -> progress.watch(workload).duration(Duration.ofSeconds(20)).run());
    // the workers under way, both servers' regions located, before one of them stops
    progress.awaitOperations(1000, Duration.ofSeconds(20), run);
    victim.stop("hbload fault test");
    RunResult r = run.get(60, TimeUnit.SECONDS);
    assertThat(r.completed()).isTrue();
    assertThat(r.errorCount()).as("failed operations counted").isPositive();
    long readErrors = r.op("READ").returns().getOrDefault("ERROR", 0L);
    long updateErrors = r.op("UPDATE").returns().getOrDefault("ERROR", 0L);
    assertThat(readErrors + updateErrors).isEqualTo(r.errorCount());
    assertThat(r.op("READ").returns().get("OK")).isGreaterThan(1000);
    assertThat(r.longestCallMillis()).as("longest call, ms").isLessThan(OP_TIMEOUT_MS + 3000);
  }

  /**
   * With the client's default-style patience (many retries, long operation timeout) regions going
   * offline, as in a move or a RegionServer restart, do not produce errors but stall: operations
   * block in retries until the regions are open again. Those seconds are results, recorded with
   * their real latency and named in the report. The test keeps the table's regions closed for a
   * fixed 2.5 s (unassign, wait, assign), so the stall's length does not depend on how fast the
   * master reassigns.
   */
  @Test
  void aStallInClientRetriesIsRecordedWithItsRealLatency() throws Exception {
    Map<String, String> props = new HashMap<>(HBASE.hbase().properties());
    props.put("columnfamily", "family");
    props.put("table", "stall");
    props.put("hbload.presplit", "8");
    props.put("hbase.client.operation.timeout", "60000");
    props.put("hbase.rpc.timeout", "10000");
    // HBase sleeps pause x (1, 2, 3, 5, 10, 20, 40, 100, 100, ...) between retries: with a 200 ms
    // pause a read caught in the outage sleeps 2 s, 4 s, then 8 s and may outlive the whole run, so
    // the count of reads after the regions are back depended on the machine's speed. A 20 ms pause
    // retries at most every 2 s, 20 retries still span over 40 s of outage
    props.put("hbase.client.retries.number", "20");
    props.put("hbase.client.pause", "20");
    Hbload workload =
        Hbload.workload("c")
            .binding(HBASE.hbase().bindingProvider())
            .properties(props)
            .recordCount(RECORDS)
            .threads(2);
    assertThat(workload.load().errorCount()).isZero();
    Progress progress = new Progress();
    CompletableFuture<RunResult> run =
        CompletableFuture.supplyAsync(
            () -> progress.watch(workload).duration(Duration.ofSeconds(15)).run());
    // reads under way before the regions go offline
    progress.awaitOperations(1000, Duration.ofSeconds(15), run);
    // a separate connection with default timeouts: region assignment is a slow admin call
    try (Connection c = ConnectionFactory.createConnection(HBASE.hbase().configuration());
        Admin admin = c.getAdmin()) {
      List<RegionInfo> regions = admin.getRegions(TableName.valueOf("stall"));
      for (RegionInfo region : regions) {
        admin.unassign(region.getRegionName());
      }
      // real time: the outage's length is what the test measures (a read caught in it takes over
      // a second), fixed so that it does not depend on how fast the master reassigns
      Thread.sleep(2500);
      for (RegionInfo region : regions) {
        admin.assign(region.getRegionName());
      }
    }
    RunResult r = run.get(90, TimeUnit.SECONDS);
    assertThat(r.completed()).isTrue();
    // a read blocked across the 2.5 s offline window took at least a second of it
    assertThat(r.longestCallMillis()).as("longest call, ms").isGreaterThan(1000);
    assertThat(r.op("READ").maxMicros() / 1000.0)
        .isCloseTo(r.longestCallMillis(), org.assertj.core.data.Offset.offset(1.0));
    String longest =
        io.hbload.core.export.YcsbReport.records(r).stream()
            .filter(l -> l.measurement().equals("LongestCall(ms)"))
            .findFirst()
            .orElseThrow()
            .value()
            .toString();
    assertThat(Double.parseDouble(longest)).isGreaterThan(1000);
    assertThat(r.op("READ").returns().get("OK")).isGreaterThan(1000);
  }

  /**
   * Each test stops one: start from two live RegionServers, so a new table's regions land on both.
   */
  private static void twoLiveRegionServers() throws Exception {
    MiniHBaseCluster cluster = HBASE.hbase().embedded().cluster();
    while (cluster.getLiveRegionServerThreads().size() < 2) {
      cluster.startRegionServerAndWait(60_000);
    }
  }

  /**
   * A live RegionServer that does not carry hbase:meta, made to serve some of {@code table}'s
   * regions (a freshly restarted one may serve none), for the test to stop gracefully, as an
   * operator would.
   */
  private static HRegionServer victimServing(String table) throws Exception {
    MiniHBaseCluster cluster = HBASE.hbase().embedded().cluster();
    ServerName meta = cluster.getServerHoldingMeta();
    HRegionServer victim = null;
    for (JVMClusterUtil.RegionServerThread t : cluster.getLiveRegionServerThreads()) {
      if (!t.getRegionServer().getServerName().equals(meta)) {
        victim = t.getRegionServer();
      }
    }
    assertThat(victim).as("a live RegionServer without hbase:meta").isNotNull();
    TableName tn = TableName.valueOf(table);
    if (victim.getRegions(tn).isEmpty()) {
      // a separate connection with default timeouts: moves are slow admin calls
      try (Connection c = ConnectionFactory.createConnection(HBASE.hbase().configuration());
          Admin admin = c.getAdmin()) {
        List<RegionInfo> regions = admin.getRegions(tn);
        for (int i = 0; i < regions.size(); i += 2) {
          admin.move(regions.get(i).getEncodedNameAsBytes(), victim.getServerName());
        }
      }
    }
    assertThat(victim.getRegions(tn)).as("regions of %s on the server to stop", table).isNotEmpty();
    return victim;
  }

  private static String key(int i) {
    return "user" + (1000 + (long) i * 8999 / RECORDS);
  }
}
