package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.hdfs.coder.IsalLibrary;
import org.junit.jupiter.api.Test;

/**
 * {@code hbload dfsio compare} on its own embedded cluster, and {@code coder-bench}, end to end.
 */
class DfsioCommandCompareTest {
  private static String[] run(int expectedExit, String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "dfsio";
    System.arraycopy(args, 0, all, 1, args.length);
    CommandOutput r = CommandOutput.of(HbloadCommand.commandLine(), all);
    assertThat(r.exit()).as("exit; stderr: %s", r.err()).isEqualTo(expectedExit);
    return new String[] {r.out(), r.err()};
  }

  @Test
  void compare_runs_replication_and_ec_side_by_side_on_an_embedded_cluster() {
    String[] r =
        run(
            0,
            "compare",
            "--policy",
            "RS-3-2-1024k",
            "--files",
            "2",
            "--size",
            "3m",
            "--streams",
            "2",
            "--datanodes-down",
            "2");
    String out = r[0];
    assertThat(r[1])
        .contains(
            "hbload dfsio compare: no HDFS configured: starting an embedded MiniDFSCluster (1 NameNode, 5 DataNodes) on 127.0.0.1");
    String header = out.lines().findFirst().orElseThrow();
    assertThat(header).contains("write").contains("read").contains("degraded-read (2 DN down)");
    assertThat(out).contains("REPLICATION x3").contains("RS-3-2-1024k");
    String coder = IsalLibrary.isAvailable() ? "rs_isal" : "rs_java";
    assertThat(out.lines().filter(l -> l.startsWith("raw coder")).findFirst().orElseThrow())
        .contains(coder);
    String mismatches =
        out.lines().filter(l -> l.startsWith("mismatched bytes")).findFirst().orElseThrow();
    assertThat(mismatches.substring("mismatched bytes".length()).trim().split("\\s+"))
        .containsOnly("0");
    // the coder that ran, and why not ISA-L when it could not load, on every run
    assertThat(out.lines()).contains("ISA-L coder: " + IsalLibrary.status());
  }

  @Test
  void coder_bench_prints_every_coder_and_agreement() {
    String[] r =
        run(
            0,
            "coder-bench",
            "--k",
            "3",
            "--p",
            "2",
            "--cell",
            "64k",
            "--working-set",
            "8m",
            "--seconds",
            "0.05");
    assertThat(r[0])
        .contains("rs_java")
        .contains("cache-hot")
        .contains("larger-than-cache")
        .contains("all coders agree");
    assertThat(r[0].lines()).contains("ISA-L coder: " + IsalLibrary.status());
    if (IsalLibrary.isAvailable()) {
      assertThat(r[0]).contains("rs_isal    direct").contains("rs_isal direct: parity == rs_java");
    }
  }
}
