package io.hbload.core.audit;

import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.Hbload;
import io.hbload.core.binding.builtin.MemoryStore;
import io.hbload.core.config.Phase;
import io.hbload.core.config.SpecException;
import io.hbload.core.export.JsonResult;
import io.hbload.core.export.ReportRecord;
import io.hbload.core.export.YcsbReport;
import io.hbload.core.result.RunResult;
import io.hbload.core.testing.Waits;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The audit end to end on the {@code memory} binding, a real store that keeps what it is given:
 * nothing lost when nothing happened (A/A), a row deleted or changed behind the tool's back while
 * it runs is found. Each test has a table of its own in the JVM-wide store.
 */
class AuditRunTest {
  private final ByteArrayOutputStream messages = new ByteArrayOutputStream();

  private Hbload memory(String table, String workload) {
    return workloadFile(workload)
        .binding("memory")
        .property("table", table)
        .property("insertorder", "ordered")
        .messages(new PrintStream(messages, true, StandardCharsets.UTF_8))
        .verify();
  }

  private static AuditReport audit(RunResult r) {
    return r.figure(AuditReport.class).orElseThrow();
  }

  @Test
  void aRunWithNothingDoneBehindItsBackFindsEveryAcknowledgedWrite() {
    // workload a: the load the memory store needs first (every record), then updates, 4 workers
    RunResult r = memory("audit_aa", "a").recordCount(500).operationCount(4000).threads(4).run();
    AuditReport a = audit(r);
    assertThat(a.passed()).isTrue();
    assertThat(a.lost()).isZero();
    assertThat(a.changed()).isZero();
    assertThat(a.unknown()).isZero();
    // every record was loaded (acknowledged), updates come on top: 500 + ~2000 writes
    assertThat(a.acknowledged()).isEqualTo(500);
    assertThat(a.present()).isEqualTo(500);
    assertThat(a.writes()).isGreaterThan(2000);
    assertThat(YcsbReport.records(r))
        .contains(
            new ReportRecord(
                "VERIFY",
                "acknowledged 500",
                "present 500, lost 0, changed 0, unknown 0, unexpected 0"));
    assertThat(JsonResult.render(r)).contains("\"verify\": {\"writes\": ", "\"lost\": 0,");
    assertThat(messages.toString(StandardCharsets.UTF_8)).contains("hbload: verifying ");
  }

  @Test
  void aRowDeletedBehindTheToolsBackIsLost() throws Exception {
    String table = "audit_deleted";
    Map<String, Map<String, byte[]>> rows = MemoryStore.shared().table(table);
    AtomicBoolean deleted = new AtomicBoolean();
    Thread behindTheBack =
        new Thread(
            () -> {
              Waits.await("user7 loaded", Duration.ofSeconds(30), Duration.ofMillis(1))
                  .until(() -> rows.containsKey("user7"));
              deleted.set(rows.remove("user7") != null);
            });
    behindTheBack.start();
    // a load of 1000 records at 500/s: key 7 is written once, early, and deleted while it runs
    RunResult r = memory(table, "a").recordCount(1000).threads(2).target(500).load();
    behindTheBack.join();
    assertThat(deleted).isTrue();
    AuditReport a = audit(r);
    assertThat(a.lost()).isEqualTo(1);
    assertThat(a.lostKeys()).containsExactly("user7");
    assertThat(a.present()).isEqualTo(999);
    assertThat(a.passed()).isFalse();
    assertThat(a.failure()).isEqualTo("acknowledged writes not found: 1 lost (user7)");
  }

  @Test
  void aValueChangedBehindTheToolsBackIsChanged() throws Exception {
    String table = "audit_changed";
    Map<String, Map<String, byte[]>> rows = MemoryStore.shared().table(table);
    Thread behindTheBack =
        new Thread(
            () -> {
              Waits.await("user3 loaded", Duration.ofSeconds(30), Duration.ofMillis(1))
                  .until(() -> rows.containsKey("user3"));
              rows.get("user3").put("field0", "not what was written".getBytes());
            });
    behindTheBack.start();
    RunResult r = memory(table, "a").recordCount(1000).threads(2).target(500).load();
    behindTheBack.join();
    AuditReport a = audit(r);
    assertThat(a.changed()).isEqualTo(1);
    assertThat(a.changedKeys()).containsExactly("user3");
    assertThat(a.lost()).isZero();
  }

  @Test
  void aBindingThatCannotReadBackIsBadInput() {
    assertThatThrownBy(() -> workloadFile("a").binding("basic").verify().spec(Phase.RUN))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("the basic binding cannot read back what it wrote");
  }
}
