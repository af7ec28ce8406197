package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.hdfs.cluster.EmbeddedCluster;
import io.hbload.hdfs.coder.IsalLibrary;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code hbload dfsio} bad input: one line on stderr, exit 2, nothing deleted that the tool did not
 * write. Cases that need HDFS use one 3-DataNode cluster reached through {@code --fs}, the same
 * path as a real cluster.
 */
class DfsioCommandTest {
  private static EmbeddedCluster cluster;
  private static Path baseDir;
  private static String uri;

  @BeforeAll
  static void start() throws Exception {
    baseDir = Files.createTempDirectory("dfsio-cli");
    cluster = EmbeddedCluster.start(new Configuration(), 3, baseDir);
    uri = cluster.clientConfiguration().get("fs.defaultFS");
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
    FileUtil.fullyDelete(baseDir.toFile());
  }

  /** {@code hbload dfsio <args>} through the CLI's one command line and error handler. */
  static CommandOutput run(String... args) {
    return CommandOutput.of(HbloadCommand.commandLine(), concat("dfsio", args));
  }

  static void assertBadInput(CommandOutput r, String subcommand, String messagePart) {
    assertThat(r.exit()).as("exit code; stderr: %s", r.err()).isEqualTo(2);
    assertThat(r.err().lines().toList()).as("stderr lines").hasSize(1);
    assertThat(r.err())
        .startsWith("hbload dfsio " + subcommand + ": ")
        .contains(messagePart)
        .doesNotContain("\tat ");
    assertThat(r.out()).isEmpty();
  }

  @Test
  void unknown_policy() {
    assertBadInput(
        run("write", "--policy", "RS-7-1-1024k", "--fs", uri),
        "write",
        "unknown policy 'RS-7-1-1024k'");
  }

  @Test
  void size_zero() {
    assertBadInput(
        run("write", "--policy", "REPLICATION", "--size", "0", "--fs", uri),
        "write",
        "--size must be at least 1 byte");
  }

  @Test
  void size_garbage() {
    assertBadInput(run("read", "--size", "lots", "--fs", uri), "read", "'lots' is not a size");
  }

  @Test
  void policy_needing_more_datanodes_than_the_cluster_has() {
    assertBadInput(
        run("write", "--policy", "RS-3-2-1024k", "--fs", uri, "--size", "1m"),
        "write",
        "RS-3-2-1024k needs 5 DataNodes, the cluster has 3 live");
  }

  @Test
  void policy_needing_more_datanodes_than_the_embedded_cluster_is_given() {
    assertBadInput(
        run("compare", "--policy", "RS-6-3-1024k", "--datanodes", "4", "--size", "1m"),
        "compare",
        "RS-6-3-1024k needs 9 DataNodes, --datanodes is 4");
  }

  @Test
  void unreachable_namenode_fails_within_seconds() {
    long start = System.nanoTime();
    CommandOutput r =
        run("write", "--policy", "REPLICATION", "--fs", "hdfs://127.0.0.1:1", "--size", "1m");
    assertBadInput(r, "write", "cannot reach the NameNode at hdfs://127.0.0.1:1");
    assertThat((System.nanoTime() - start) / 1e9).isLessThan(15);
  }

  @Test
  void directory_holding_other_files_is_refused_and_kept() throws Exception {
    DistributedFileSystem fs = cluster.fileSystem();
    org.apache.hadoop.fs.Path mine = new org.apache.hadoop.fs.Path("/home/alice/report.csv");
    try (FSDataOutputStream out = fs.create(mine)) {
      out.writeUTF("a,b\n1,2\n");
    }
    for (String command : new String[] {"write", "read", "clean"}) {
      CommandOutput r =
          command.equals("clean")
              ? run(command, "--fs", uri, "--dir", "/home/alice")
              : run(
                  command,
                  "--policy",
                  "REPLICATION",
                  "--replication",
                  "1",
                  "--fs",
                  uri,
                  "--dir",
                  "/home/alice",
                  "--size",
                  "1m");
      assertBadInput(
          r, command, "directory /home/alice exists and holds files hbload did not write");
      assertThat(fs.exists(mine)).as("after %s", command).isTrue();
    }
    assertThat(fs.listStatus(mine.getParent())).hasSize(1);
  }

  @Test
  void write_read_clean_on_a_real_cluster_path() throws Exception {
    String[] common = {
      "--policy",
      "REPLICATION",
      "--replication",
      "2",
      "--fs",
      uri,
      "--dir",
      "/bench/cli",
      "--files",
      "2",
      "--size",
      "1m",
      "--streams",
      "2"
    };
    CommandOutput write = run(concat("write", common));
    assertThat(write.exit()).as(write.err()).isZero();
    assertThat(write.out()).contains("REPLICATION x2").contains("write");
    assertThat(write.outLines()).contains("ISA-L coder: " + IsalLibrary.status());
    // the read finds HDFS through a Hadoop configuration file, as Hadoop tools do
    Path coreSite = Files.createTempFile(baseDir, "core-site", ".xml");
    Files.writeString(
        coreSite,
        "<configuration><property><name>fs.defaultFS</name><value>"
            + uri
            + "</value></property></configuration>");
    CommandOutput read =
        run(
            "read",
            "--format",
            "json",
            "-conf",
            coreSite.toString(),
            "--policy",
            "REPLICATION",
            "--replication",
            "2",
            "--dir",
            "/bench/cli",
            "--files",
            "2",
            "--size",
            "1m",
            "--streams",
            "2");
    assertThat(read.exit()).as(read.err()).isZero();
    assertThat(read.out())
        .contains("\"phase\": \"read\"")
        .contains("\"mismatchedBytes\": 0")
        .contains("\"bytes\": 2097152")
        .contains("\"isal\": \"rs_isal ");
    CommandOutput clean = run("clean", "--fs", uri, "--dir", "/bench/cli");
    assertThat(clean.exit()).as(clean.err()).isZero();
    assertThat(clean.out()).contains("removed 2 files");
    assertThat(cluster.fileSystem().exists(new org.apache.hadoop.fs.Path("/bench/cli"))).isFalse();
  }

  @Test
  void unknown_coder_and_format() {
    assertBadInput(
        run("write", "--coder", "rs_fast", "--fs", uri), "write", "unknown coder 'rs_fast'");
    assertBadInput(
        run("write", "--format", "xml", "--fs", uri),
        "write",
        "--format must be text, json or log");
  }

  private static String[] concat(String first, String... rest) {
    String[] all = new String[rest.length + 1];
    all[0] = first;
    System.arraycopy(rest, 0, all, 1, rest.length);
    return all;
  }

  @Test
  void testdfsios_own_command_line_runs_unchanged() throws Exception {
    Path log = baseDir.resolve("TestDFSIO_results.log");
    String[] write =
        Main.forms(
            new String[] {
              "dfsio",
              "TestDFSIO",
              "-write",
              "-nrFiles",
              "2",
              "-size",
              "1",
              "-resFile",
              log.toString(),
              "-fs",
              uri,
              "--dir",
              "/testdfsio-form"
            });
    assertThat(write)
        .containsSubsequence(
            "dfsio",
            "write",
            "--policy",
            "REPLICATION",
            "--files",
            "2",
            "--size",
            "1m",
            "--result-log",
            log.toString(),
            "--fs",
            uri);
    CommandOutput w = CommandOutput.of(HbloadCommand.commandLine(), write);
    assertThat(w.exit()).as(w.err()).isZero();
    CommandOutput r =
        CommandOutput.of(
            HbloadCommand.commandLine(),
            Main.forms(
                new String[] {
                  "dfsio",
                  "-read",
                  "-nrFiles",
                  "2",
                  "-size",
                  "1MB",
                  "-resFile",
                  log.toString(),
                  "-fs",
                  uri,
                  "--dir",
                  "/testdfsio-form"
                }));
    assertThat(r.exit()).as(r.err()).isZero();
    String results = Files.readString(log);
    assertThat(results).contains("write").contains("read").contains("Number of files: 2");
    // TestDFSIO writes with the cluster's replication, not hbload's default erasure coding
    assertThat(w.out()).contains("files x size").contains("2 x 1.0 MiB").contains("REPLICATION");
  }

  @Test
  void testdfsios_modes_hbload_does_not_have_are_refused_by_name() {
    assertThatRefused(
        new String[] {"dfsio", "-read", "-random", "-nrFiles", "2"}, "no -random read");
    assertThatRefused(new String[] {"dfsio", "-append", "-nrFiles", "2"}, "no append pass");
    assertThatRefused(new String[] {"dfsio", "-write", "-read"}, "name two passes");
    assertThatRefused(new String[] {"dfsio", "-write", "-nrFiles"}, "-nrFiles needs a value");
    // hbload's own form is left alone
    assertThat(Main.forms(new String[] {"dfsio", "write", "-s", "1m"}))
        .containsExactly("dfsio", "write", "-s", "1m");
  }

  private static void assertThatRefused(String[] args, String message) {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Main.forms(args))
        .isInstanceOf(TestDfsioForm.Refused.class)
        .hasMessageContaining(message);
  }
}
