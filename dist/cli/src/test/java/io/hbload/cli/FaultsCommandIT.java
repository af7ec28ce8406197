package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.contract.ExitCode;
import io.hbload.hbase.testkit.HBaseExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.apache.hadoop.hbase.ClusterMetrics.Option;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionLocator;
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
                + " Admin on table faults; no process faults on a configured cluster without"
                + " --fault-exec (it can:"
                + " move-regions, move-region, flush, compact, major-compact, split, balancer);"
                + " process faults need the in-process cluster (no cluster configured) or, on a"
                + " configured one, --fault-exec 'COMMAND {host}'");
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
                + " cluster without --fault-exec",
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

  /**
   * A {@code --fault-exec} script of the test's own: records its arguments (one call a line) and
   * exits with {@code exit}, writing {@code stderr} last.
   */
  private static Path script(String name, int exit, String stderr) throws Exception {
    Path calls = dir.resolve(name + ".calls");
    Path script = dir.resolve(name + ".sh");
    Files.writeString(
        script,
        "#!/bin/sh\necho \"$@\" >> "
            + calls
            + "\necho 'first line' >&2\necho '"
            + stderr
            + "' >&2\nexit "
            + exit
            + "\n");
    script.toFile().setExecutable(true);
    return script;
  }

  /** A 5 s open-loop run with {@code faults} carried out by {@code script}. */
  private static CommandOutput runWithExec(String faults, Path script) {
    return hbload(
        "run",
        "-w",
        "c",
        "-p",
        "recordcount=500",
        "-target",
        "100",
        "-p",
        "operationcount=0",
        "-p",
        "maxexecutiontime=5",
        "--faults",
        faults,
        "--fault-exec",
        script + " {host} {server} {action}",
        "--fault-exec-timeout",
        "30s");
  }

  /** The live RegionServers, from the cluster itself. */
  private static List<String> liveServers() throws Exception {
    try (Connection c = ConnectionFactory.createConnection(HBASE.hbase().configuration());
        Admin admin = c.getAdmin()) {
      return admin
          .getClusterMetrics(EnumSet.of(Option.LIVE_SERVERS))
          .getLiveServerMetrics()
          .keySet()
          .stream()
          .map(ServerName::toString)
          .toList();
    }
  }

  private static String metaServer() throws Exception {
    try (Connection c = ConnectionFactory.createConnection(HBASE.hbase().configuration());
        RegionLocator meta = c.getRegionLocator(TableName.META_TABLE_NAME)) {
      return meta.getRegionLocation(HConstants.EMPTY_START_ROW, true).getServerName().toString();
    }
  }

  @Test
  void faultExecRunsTheCommandOnTheServerChaosMonkeyWouldChooseAndReportsItsOutcome()
      throws Exception {
    Path script = script("ok", 0, "restarted it");
    CommandOutput o = runWithExec("at 2s RestartRsHoldingMetaAction", script);
    assertThat(o.exit()).as(o.err()).isZero();
    List<String> calls = Files.readAllLines(dir.resolve("ok.calls"));
    assertThat(calls).hasSize(1);
    String[] args = calls.get(0).split(" ");
    // the server carrying hbase:meta, named by its ServerName, on the host it runs on, live
    String meta = metaServer();
    assertThat(args[1]).isEqualTo(meta).isIn(liveServers());
    assertThat(args[0]).isEqualTo(ServerName.valueOf(meta).getHostname());
    assertThat(args[2]).isEqualTo("restart-meta-regionserver");
    String line = script + " " + args[0] + " " + args[1] + " restart-meta-regionserver";
    assertThat(o.out())
        .contains(
            "[FAULT], Target, HBase Admin on table faults; --fault-exec '"
                + script
                + " {host} {server} {action}'")
        .contains(
            "[FAULT], 1.Result, "
                + meta
                + " (carrying hbase:meta): `"
                + line
                + "` on "
                + args[0]
                + ": exit 0 in ")
        .contains("(stderr: \"restarted it\")");
  }

  @Test
  void aFailingFaultExecIsAFaultThatDidNotHappenNotACrashedRun() throws Exception {
    Path script = script("fails", 3, "ssh: connect to host: No route to host");
    CommandOutput o = runWithExec("at 2s restart-master", script);
    assertThat(o.exit()).as(o.err()).isZero();
    List<String> calls = Files.readAllLines(dir.resolve("fails.calls"));
    assertThat(calls).hasSize(1);
    String[] args = calls.get(0).split(" ");
    assertThat(args[2]).isEqualTo("restart-master");
    assertThat(o.out())
        .contains(
            "[FAULT], 1.Result, FAILED: did not happen: " + args[1] + " (the active master): `")
        .contains("on " + args[0] + ": exit 3 in ")
        .contains("(stderr: \"ssh: connect to host: No route to host\")");
    assertThat(o.err()).contains("hbload: fault 1 restart-master (at 2s): FAILED after ");
  }

  @Test
  void faultExecWithoutHostOrWithoutAProcessFaultIsBadInputBeforeTheRun() throws Exception {
    CommandOutput noHost =
        hbload(
            "run",
            "-w",
            "c",
            "--faults",
            "at 2s restart-regionserver",
            "--fault-exec",
            "ssh somewhere restart");
    assertThat(noHost.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(noHost.errLines())
        .last()
        .asString()
        .startsWith(
            "hbload run: property hbload.faults.exec: --fault-exec 'ssh somewhere restart' has no"
                + " {host}");
    CommandOutput noProcess =
        hbload("run", "-w", "c", "--faults", "at 2s flush", "--fault-exec", "ssh {host} x");
    assertThat(noProcess.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(noProcess.errLines())
        .last()
        .asString()
        .contains("--fault-exec carries out process faults (")
        .contains("and the schedule has none: at 2s flush");
  }
}
