package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.contract.ExitCode;
import io.hbload.hbase.testkit.HBaseExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload run --faults} against an HBase found by its address, as a real cluster is: admin
 * faults are carried out through the Admin API and reported, process faults are bad input before
 * the run, and the recovery gate fails the run naming the fault.
 */
class FaultsCommandIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.shared();

  @TempDir static Path dir;

  @BeforeAll
  static void load() {
    CommandOutput o = hbload("load", "-w", "c", "-p", "recordcount=500");
    assertThat(o.exit()).as(o.err()).isZero();
  }

  /** On the cluster by address, on a table of this test's own. */
  private static CommandOutput hbload(String... args) {
    List<String> argv = new ArrayList<>(List.of(args));
    argv.addAll(List.of("-p", "table=faults"));
    return CommandOutput.onCluster(HBASE.hbase(), argv.toArray(new String[0]));
  }

  @Test
  void aProcessFaultOnAClusterFoundByAddressIsBadInputBeforeTheRun() {
    CommandOutput o =
        hbload("run", "-w", "c", "-p", "recordcount=500", "--faults", "at 2s restart-regionserver");
    assertThat(o.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(o.errLines())
        .last()
        .isEqualTo(
            "hbload run: property hbload.faults: restart-regionserver cannot be carried out by HBase"
                + " Admin on table faults; no process faults on a configured cluster (it can:"
                + " move-regions, move-region, flush, compact, major-compact, split, balancer);"
                + " process faults need the in-process cluster (no cluster configured) for now");
    assertThat(o.out()).isEmpty();
  }

  @Test
  void anAdminFaultIsReportedAndTheRecoveryGateSaysWhichFaultItCouldNotJudge() throws Exception {
    Path json = dir.resolve("flush.json");
    // the flush at 4 s of an 8 s run (open loop: the pipelined engine holds the rate) leaves fewer
    // than the 10 steady seconds a recovery needs
    CommandOutput o =
        hbload(
            "run",
            "-w",
            "c",
            "-p",
            "recordcount=500",
            "-target",
            "200",
            "-p",
            "hbload.inflight=16",
            "-p",
            "operationcount=0",
            "-p",
            "maxexecutiontime=8",
            "--faults",
            "at 4s flush",
            "--fail-if-recovery-exceeds",
            "30s",
            "--json",
            json.toString(),
            "--html",
            dir.resolve("flush.html").toString());
    // neither a pass nor a failure
    assertThat(o.exit()).as(o.err()).isEqualTo(ExitCode.CANNOT_JUDGE);
    assertThat(o.err())
        .contains("hbload: fault 1 flush (at 4s): done in ")
        .contains(
            "hbload: fault 1 flush (at 4s) could not be judged: the run ended before 10 steady"
                + " intervals (--fail-if-recovery-exceeds 30.0 s)");
    assertThat(o.out())
        .contains(
            "[FAULT], Target, HBase Admin on table faults; no process faults on a configured"
                + " cluster",
            "[FAULT], 1.Action, flush (at 4s)",
            "[FAULT], 1.Result, flushed faults",
            "[FAULT], 1.SecondsWithoutService, 0.0",
            "[FAULT], 1.TimeToRecover(s), not judged: the run ended before 10 steady intervals");
    assertThat(Files.readString(json))
        .contains("\"faults\": {\"target\": \"HBase Admin on table faults;")
        .contains("\"action\": \"flush\", \"schedule\": \"at 4s flush\"");
    // the fault on the timeline: a rule at its instant on the throughput, latency and server charts
    String html = Files.readString(dir.resolve("flush.html"));
    assertThat(html.split("data-rule=\"fault-1\" data-at=\"4\\.[0-4]\"", -1).length - 1)
        .as("fault 1's rule on the throughput, READ latency and server charts")
        .isGreaterThanOrEqualTo(3);
    assertThat(html)
        .containsPattern(
            "fault 1: flush at [34](\\.[0-9]+)? s, 0 s without service, recovery not judged \\(the run ended\\)");
  }
}
