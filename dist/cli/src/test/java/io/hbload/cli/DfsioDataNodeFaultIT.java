package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34 §4 on the embedded MiniDFSCluster, through the command a user types: an RS-3-2 read with
 * one DataNode stopped 3 s into a 25 s pass reports healthy against degraded figures and a finite
 * time back to full redundancy. The NameNode's detection is sped up with -D, as a user could (a
 * stopped DataNode is declared dead after 2 x recheck + 10 x heartbeat: 4 + 5 s here rather than
 * 10.5 min); the repair itself is HDFS's own, timed from the NameNode's block locations. The
 * command starts its own cluster (one NameNode, 6 DataNodes: RS-3-2's 5 and the one stopped),
 * because those settings are the NameNode's and must be there at its start.
 */
class DfsioDataNodeFaultIT {
  /** {@code hbload dfsio read} of RS-3-2 files with one DataNode to stop, and {@code more}. */
  private static CommandOutput rs32Read(String files, String size, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "dfsio",
                "read",
                "--policy",
                "RS-3-2-1024k",
                "--files",
                files,
                "--size",
                size,
                "--kill-datanodes",
                "1"));
    args.addAll(List.of(more));
    return CommandOutput.of(HbloadCommand.commandLine(), args.toArray(new String[0]));
  }

  @Test
  void
      rs_3_2_read_with_one_datanode_stopped_reports_degraded_figures_and_the_time_to_full_redundancy(
          @TempDir Path dir) throws Exception {
    Path html = dir.resolve("fault.html");
    CommandOutput r =
        rs32Read(
            "2",
            "8m",
            "--at",
            "3s",
            "--duration",
            "25s",
            "--seed",
            "7",
            "-D",
            "dfs.heartbeat.interval=500ms",
            "-D",
            "dfs.namenode.heartbeat.recheck-interval=2000",
            "-D",
            "dfs.namenode.redundancy.interval.seconds=1",
            "--format",
            "json",
            "--html",
            html.toString());
    assertThat(r.exit()).as("exit; stderr: %s", r.err()).isZero();
    assertThat(r.err())
        .contains("6 DataNodes")
        .contains("1 DataNode(s) holding its blocks stopped at 3.0 s (seed 7)")
        .containsPattern("DataNode fault at [\\d.]+ s: stopped DataNode 127\\.0\\.0\\.1:\\d+");

    JsonNode pass = new ObjectMapper().readTree(r.out()).get(0);
    assertThat(pass.path("mismatchedBytes").asLong()).as("every byte verified").isZero();
    assertThat(pass.path("dataNodesDown").asInt()).isEqualTo(1);
    JsonNode f = pass.path("dataNodeFault");
    assertThat(f.path("stopped")).hasSize(1);
    assertThat(f.path("stoppedOk").asBoolean()).isTrue();
    double injected = f.path("injectedAtSeconds").asDouble();
    assertThat(injected).isBetween(3.0, 25.0);
    // the stopped DataNode held units of the files, and readers kept reading after it went
    assertThat(f.path("missingUnitsAtFault").asLong()).isPositive();
    for (String window : new String[] {"healthy", "degraded"}) {
      JsonNode w = f.path(window);
      assertThat(w.path("calls").asLong()).as(window + " calls").isPositive();
      assertThat(w.path("mibPerSec").asDouble()).as(window + " MiB/s").isPositive();
      assertThat(w.path("p99Micros").asLong())
          .as(window + " p99")
          .isGreaterThanOrEqualTo(w.path("p50Micros").asLong())
          .isPositive();
    }
    // HDFS repaired it: declared dead, units rebuilt elsewhere, all within the pass
    assertThat(f.path("nameNodeNoticedSeconds").asDouble()).isGreaterThan(injected);
    assertThat(f.path("recovered").asBoolean()).as("recovered within the run: %s", f).isTrue();
    double toFull = f.path("secondsToFullRedundancy").asDouble();
    assertThat(toFull).isPositive().isLessThan(25.0 - injected + 1);
    assertThat(f.path("restoredBytes").asLong()).isPositive();
    assertThat(f.path("reconstructionMiBps").asDouble()).isPositive();
    assertThat(f.path("dataNodeCounters").path("EcReconstructionTasks").asLong()).isPositive();
    assertThat(f.path("dataNodeCounters").path("EcReconstructionBytesWritten").asLong())
        .isPositive();
    // the settings that paced it are named with the values this run had
    assertThat(f.path("throttles").path("dfs.namenode.redundancy.interval.seconds").asText())
        .isEqualTo("1");
    assertThat(f.path("throttles").path("dfs.namenode.heartbeat.recheck-interval").asText())
        .isEqualTo("2000");
    assertThat(f.path("throttles").has("dfs.datanode.ec.reconstruction.threads")).isTrue();
    assertThat(f.path("series").size()).isBetween(25, 27);

    String page = Files.readString(html);
    assertThat(page)
        .contains("DataNodes stopped in the middle of a pass")
        .contains("data-rule=\"fault\"")
        .contains("data-rule=\"recovered\"")
        .contains("dfs.namenode.replication.max-streams");
  }

  /**
   * The --fault-exec path: the command gets a DataNode the NameNode lists for the files' blocks,
   * and one that fails is reported as a fault that did not happen, the pass running to its end.
   */
  @Test
  void a_failing_fault_exec_is_a_datanode_fault_that_did_not_happen(@TempDir Path dir)
      throws Exception {
    Path calls = dir.resolve("calls");
    Path script = dir.resolve("stop-datanode.sh");
    Files.writeString(
        script,
        "#!/bin/sh\necho \"$@\" >> "
            + calls
            + "\necho 'sudo: a password is required' >&2\nexit 1\n");
    script.toFile().setExecutable(true);
    CommandOutput r =
        rs32Read(
            "1",
            "4m",
            "--at",
            "2s",
            "--duration",
            "5s",
            "--fault-exec",
            script + " {host} {server} {action}",
            "--format",
            "json");
    assertThat(r.exit()).as("exit; stderr: %s", r.err()).isZero();
    String[] args = Files.readString(calls).strip().split(" ");
    assertThat(args).hasSize(3);
    assertThat(args[1]).matches("127\\.0\\.0\\.1:\\d+").startsWith(args[0] + ":");
    assertThat(args[2]).isEqualTo("kill-datanode");
    JsonNode f = new ObjectMapper().readTree(r.out()).get(0).path("dataNodeFault");
    assertThat(f.path("stoppedOk").asBoolean()).isFalse();
    assertThat(f.path("howStopped").get(0).asText())
        .startsWith("NOT stopped ")
        .contains("on " + args[0] + ": exit 1 in ")
        .endsWith("(stderr: \"sudo: a password is required\")");
    assertThat(f.path("recovered").asBoolean()).isFalse();
    assertThat(new ObjectMapper().readTree(r.out()).get(0).path("mismatchedBytes").asLong())
        .isZero();
  }
}
