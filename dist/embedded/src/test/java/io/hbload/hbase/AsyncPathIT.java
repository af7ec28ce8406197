package io.hbload.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.Hbload;
import io.hbload.core.result.RunResult;
import io.hbload.core.testing.Progress;
import io.hbload.hbase.testkit.HBaseExtension;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.MiniHBaseCluster;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.util.JVMClusterUtil;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The pipelined path on a real (embedded) HBase: every operation type through {@code AsyncTable}
 * with every value read checked ({@code dataintegrity}), load through {@code AsyncBufferedMutator};
 * a RegionServer stopped mid-run (no hang, every issued operation accounted for); an interrupt
 * mid-run still returns the result. One 2-RegionServer cluster for the class; the RegionServer is
 * stopped last.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Tag("own-jvm") // stops a RegionServer of its own cluster
class AsyncPathIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.embedded(2);

  private static final int RECORDS = 2000;
  private static final int OP_TIMEOUT_MS = 2000;

  private static Hbload hbload(String workload, String table) {
    return Hbload.workload(workload)
        .binding(HBASE.hbase().bindingProvider())
        .properties(HBASE.hbase().properties())
        .property("columnfamily", "family")
        .property("table", table)
        .property("hbload.presplit", "4")
        .property("hbload.inflight", "16")
        .recordCount(RECORDS)
        .threads(2);
  }

  @Test
  @Order(1)
  void everyOperationTypeAsyncWithEveryValueChecked() throws Exception {
    // load through AsyncBufferedMutator: each insert completes when its flushed batch is
    // acknowledged
    RunResult load =
        hbload("a", "async").property("clientbuffering", "true").dataIntegrity(true).load();
    assertThat(load.errorCount()).isZero();
    assertThat(load.op("INSERT").returns())
        .containsExactly(java.util.Map.entry("OK", (long) RECORDS));
    assertThat(rows("async")).isEqualTo(RECORDS);

    // reads (verified), updates, inserts, scans and read-modify-writes (its read verified) in one
    // mix
    RunResult mix =
        hbload("a", "async")
            .dataIntegrity(true)
            .operationCount(6000)
            .property("readproportion", "0.35")
            .property("updateproportion", "0.2")
            .property("insertproportion", "0.1")
            .property("scanproportion", "0.1")
            .property("readmodifywriteproportion", "0.25")
            .run();
    assertThat(mix.operations()).isEqualTo(6000);
    assertThat(mix.errorCount()).isZero();
    for (String op : List.of("READ", "UPDATE", "INSERT", "SCAN", "READ-MODIFY-WRITE")) {
      assertThat(mix.op(op).count()).as(op).isPositive();
    }
    assertThat(mix.op("VERIFY").returns()).containsOnlyKeys("OK");
    assertThat(mix.op("VERIFY").returns().get("OK")).isEqualTo(mix.op("READ").returns().get("OK"));
    long inserted = mix.op("INSERT").count();
    assertThat(rows("async")).isEqualTo(RECORDS + inserted);

    // what the async path wrote, read back and checked by the blocking path
    RunResult blocking =
        hbload("c", "async")
            .property("hbload.inflight", "1")
            .dataIntegrity(true)
            .operationCount(1000)
            .run();
    assertThat(blocking.op("VERIFY").returns()).containsExactly(java.util.Map.entry("OK", 1000L));

    // deletes: each acknowledged delete removed its row
    RunResult deletes =
        hbload("a", "async")
            .operationCount(300)
            .property("readproportion", "0")
            .property("updateproportion", "0")
            .property("hbload.deleteproportion", "1")
            .property("requestdistribution", "sequential")
            .property("insertstart", "0")
            .run();
    assertThat(deletes.op("DELETE").returns()).containsExactly(java.util.Map.entry("OK", 300L));
    assertThat(rows("async")).isLessThan(RECORDS + inserted);
  }

  @Test
  @Order(2)
  void anInterruptMidRunStillReturnsTheResult() throws Exception {
    assertThat(hbload("c", "async_stop").load().errorCount()).isZero();
    Progress progress = new Progress();
    FutureTask<RunResult> result =
        new FutureTask<>(
            () ->
                progress
                    .watch(hbload("c", "async_stop"))
                    .property("hbload.inflight", "64")
                    .property("operationcount", "0")
                    .run());
    Thread runner = new Thread(result, "async-run");
    runner.start();
    // interrupted in full flight: 64 operations outstanding per worker, past its first 1,000
    progress.awaitOperations(1000, Duration.ofSeconds(30), result);
    long interruptedAt = System.nanoTime();
    runner
        .interrupt(); // what Ctrl-C does: the phase is asked to stop, the workers drain, the result
    // comes back
    runner.join(30_000);
    assertThat(runner.isAlive()).as("the run returned").isFalse();
    assertThat((System.nanoTime() - interruptedAt) / 1e9).as("seconds to stop").isLessThan(10);
    RunResult r = result.get(1, TimeUnit.SECONDS);
    assertThat(r).isNotNull();
    assertThat(r.stopReason()).isEqualTo("interrupted");
    assertThat(r.op("READ").count()).isPositive();
    assertThat(r.errorCount()).isZero();
  }

  @Test
  @Order(3)
  void aRegionServerStoppedMidRunLosesNoOperationAndHangsNothing() throws Exception {
    Hbload h =
        hbload("a", "async_fault")
            .property("hbload.presplit", "8")
            .property("hbase.client.operation.timeout", Integer.toString(OP_TIMEOUT_MS))
            .property("hbase.rpc.timeout", "1000")
            .property("hbase.client.retries.number", "2")
            .property("hbase.client.pause", "100")
            .property("hbload.inflight", "32");
    assertThat(h.load().errorCount()).isZero();
    HRegionServer victim = victimServing("async_fault");
    // open loop at 1500 ops/s for 18,000 operations: about 12 s, the server stopped after 3 (4,500
    // operations)
    long operations = 18_000;
    Progress progress = new Progress();
    CompletableFuture<RunResult> run =
        CompletableFuture.supplyAsync(
            () ->
                progress
                    .watch(h)
                    .target(1500)
                    .operationCount(operations)
                    .property("maxexecutiontime", "60")
                    .run());
    progress.awaitOperations(4500, Duration.ofSeconds(60), run);
    victim.stop("hbload async fault test");
    RunResult r = run.get(90, TimeUnit.SECONDS);
    long cancelled = cancelled(r, "READ") + cancelled(r, "UPDATE");
    System.out.printf(
        "async fault run: %d operations, %d errors, %d cancelled, longest call %.0f ms%n",
        r.operations(), r.errorCount() - cancelled, cancelled, r.longestCallMillis());
    assertThat(r.operations() + cancelled)
        .as("issued = completed + errors + cancelled")
        .isEqualTo(operations);
    assertThat(r.errorCount() - cancelled).as("failed operations counted as errors").isPositive();
    long returns =
        r.op("READ").returns().values().stream().mapToLong(Long::longValue).sum()
            + r.op("UPDATE").returns().values().stream().mapToLong(Long::longValue).sum();
    assertThat(returns).isEqualTo(operations);
    assertThat(r.longestCallMillis()).as("longest call, ms").isLessThan(OP_TIMEOUT_MS + 3000);
    assertThat(r.op("READ").returns().get("OK")).isGreaterThan(1000);
  }

  private static long cancelled(RunResult r, String op) {
    return r.measurement(op).map(m -> m.returns().getOrDefault("CANCELLED", 0L)).orElse(0L);
  }

  private static long rows(String table) throws Exception {
    try (Connection c = ConnectionFactory.createConnection(HBASE.hbase().configuration());
        Table t = c.getTable(TableName.valueOf(table));
        ResultScanner s = t.getScanner(new Scan().setFilter(new FirstKeyOnlyFilter()))) {
      long n = 0;
      while (s.next() != null) {
        n++;
      }
      return n;
    }
  }

  /** A live RegionServer without hbase:meta, made to serve some of the table's regions. */
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
}
