package io.hbload.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.Hbload;
import io.hbload.core.audit.AuditReport;
import io.hbload.core.config.ReportFormat;
import io.hbload.core.export.ReportRecord;
import io.hbload.core.export.ReportWriter;
import io.hbload.core.export.YcsbReport;
import io.hbload.core.fault.FaultImpact;
import io.hbload.core.fault.FaultReport;
import io.hbload.core.result.RunResult;
import io.hbload.core.testing.Waits;
import io.hbload.hbase.testkit.HBaseExtension;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a user checks after {@code --faults} on the embedded HBase with 2 RegionServers: a fixed
 * open-loop rate on the pipelined engine (a stall shows as latency from the intended start), a
 * RegionServer restarted mid-run and named in the report with what it cost and a finite time to
 * recover, and the acknowledged-write audit ({@code --verify}) finding every write the store
 * acknowledged through the restart; an A/A run whose faults are harmless flushes, with no second
 * without service and nothing lost; and a planted loss (a row deleted through the Table API behind
 * the tool's back while it loads) found by the audit. One cluster for all.
 */
@Tag("own-jvm") // restarts RegionServers of its own cluster
class FaultPhaseIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.embedded(2);

  private static final int RECORDS = 2000;

  private static Hbload workload(String table) {
    Map<String, String> props = new HashMap<>(HBASE.hbase().properties());
    props.put("columnfamily", "family");
    props.put("table", table);
    props.put("hbload.presplit", "8");
    return Hbload.workload("a")
        .binding(HBASE.hbase().bindingProvider())
        .properties(props)
        .recordCount(RECORDS)
        .threads(2);
  }

  @Test
  void aRegionServerRestartIsNamedWithWhatItCostAndItsRecovery() throws Exception {
    Hbload w = workload("restart").verify();
    RunResult loaded = w.load();
    assertThat(loaded.errorCount()).isZero();
    assertThat(loaded.figure(AuditReport.class).orElseThrow().present()).isEqualTo(RECORDS);
    try (Connection c = ConnectionFactory.createConnection(HBASE.hbase().configuration());
        Admin admin = c.getAdmin()) {
      admin.balance(); // the new table's regions on both servers: the restart hits some of them
    }
    ByteArrayOutputStream messages = new ByteArrayOutputStream();
    RunResult r =
        w.property("hbload.inflight", "16")
            .target(300)
            .duration(Duration.ofSeconds(30))
            .faults("at 8s restart-regionserver")
            .messages(new PrintStream(messages, true, StandardCharsets.UTF_8))
            .run();
    assertThat(r.completed()).isTrue();
    FaultReport report = r.figure(FaultReport.class).orElseThrow();
    assertThat(report.costs()).hasSize(1);
    FaultImpact.Cost restart = report.costs().get(0);
    String seen = messages.toString(StandardCharsets.UTF_8) + "\n" + report;
    assertThat(restart.fault().error()).as(seen).isNull();
    assertThat(restart.fault().detail()).as(seen).startsWith("stopped ").contains(", started ");
    assertThat(report.secondsIn(restart.fault().injectedEpochMillis())).isBetween(8.0, 8.5);
    assertThat(restart.baselineIntervals()).as(seen).isGreaterThanOrEqualTo(6);
    // the regions of the stopped server were closed and reopened on the other: the calls to them
    // waited, from their intended start, longer than the baseline's p99
    assertThat(restart.worstLatencyNanos()).as(seen).isGreaterThan(restart.baselineP99Nanos());
    assertThat(restart.recovered()).as(seen).isTrue();
    assertThat(restart.recoveryMillis()).as(seen).isLessThan(20_000L);
    // every write the store acknowledged through the restart is there, as acknowledged
    AuditReport audit = r.figure(AuditReport.class).orElseThrow();
    assertThat(audit.lost()).as(seen + audit).isZero();
    assertThat(audit.changed()).as(seen + audit).isZero();
    assertThat(audit.unreadable()).as(seen + audit).isZero();
    assertThat(audit.acknowledged()).as(seen + audit).isPositive();
    assertThat(audit.writes()).as(seen + audit).isGreaterThan(3000); // ~4500 updates

    List<ReportRecord> lines = YcsbReport.records(r);
    // the report's [FAULT] section in the test's log, for the reader of a CI run
    ReportWriter.write(
        lines.stream().filter(l -> l.metric().equals("FAULT")).toList(),
        ReportFormat.TEXT,
        System.out);
    assertThat(lines)
        .contains(new ReportRecord("FAULT", "1.Action", "restart-regionserver (at 8s)"))
        .anySatisfy(
            l -> {
              assertThat(l.measurement()).isEqualTo("1.TimeToRecover(s)");
              assertThat(l.value()).isInstanceOf(Double.class);
            });
  }

  @Test
  void harmlessFlushesLeaveNoSecondWithoutService() {
    Hbload w = workload("flushes");
    assertThat(w.load().errorCount()).isZero();
    RunResult r =
        w.verify()
            .property("hbload.inflight", "16")
            .target(300)
            .duration(Duration.ofSeconds(15))
            .faults("every 3s flush")
            .run();
    assertThat(r.completed()).isTrue();
    FaultReport report = r.figure(FaultReport.class).orElseThrow();
    // at 3, 6, 9 and 12 s; one at 15 s would fire as the run ends, or not at all
    assertThat(report.costs().size()).isBetween(4, 5);
    for (FaultImpact.Cost c : report.costs()) {
      assertThat(c.fault().error()).as(c.fault().label()).isNull();
      assertThat(c.fault().detail()).isEqualTo("flushed flushes");
      assertThat(c.secondsWithoutService()).as(c.fault().label()).isZero();
    }
    assertThat(r.errorCount()).isZero();
    AuditReport audit = r.figure(AuditReport.class).orElseThrow();
    assertThat(audit.passed()).as(audit.toString()).isTrue();
    assertThat(audit.unknown()).as(audit.toString()).isZero();
  }

  @Test
  void aRowDeletedBehindTheToolsBackIsLost() throws Exception {
    byte[] row = Bytes.toBytes("user7");
    AtomicBoolean deleted = new AtomicBoolean();
    try (Connection c = ConnectionFactory.createConnection(HBASE.hbase().configuration())) {
      Thread behindTheBack =
          new Thread(
              () -> {
                try (Table t = c.getTable(TableName.valueOf("planted"))) {
                  Waits.await("user7 loaded", Duration.ofSeconds(60), Duration.ofMillis(5))
                      .ignoreExceptions() // the load creates the table
                      .until(() -> t.exists(new Get(row)));
                  t.delete(new Delete(row));
                  deleted.set(true);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
      behindTheBack.start();
      // 1000 records at 500/s: user7 is written once, early, and deleted while the load runs
      RunResult r =
          workload("planted")
              .property("insertorder", "ordered")
              .recordCount(1000)
              .target(500)
              .verify()
              .load();
      behindTheBack.join();
      assertThat(deleted).as("user7 deleted while the load ran").isTrue();
      assertThat(r.errorCount()).isZero();
      AuditReport audit = r.figure(AuditReport.class).orElseThrow();
      assertThat(audit.lost()).as(audit.toString()).isEqualTo(1);
      assertThat(audit.lostKeys()).containsExactly("user7");
      assertThat(audit.present()).isEqualTo(999);
      assertThat(audit.failure()).isEqualTo("acknowledged writes not found: 1 lost (user7)");
    }
  }
}
