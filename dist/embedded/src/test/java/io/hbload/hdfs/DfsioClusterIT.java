package io.hbload.hdfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.hdfs.cluster.EmbeddedCluster;
import io.hbload.hdfs.coder.IsalAssumptions;
import io.hbload.hdfs.config.BadInputException;
import io.hbload.hdfs.config.CoderChoice;
import io.hbload.hdfs.config.DfsioSpec;
import io.hbload.hdfs.config.HdfsSettings;
import io.hbload.hdfs.config.StoragePolicy;
import io.hbload.hdfs.report.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.tools.DebugAdmin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The dfsio engine on one embedded 5-DataNode cluster (wide enough for RS-3-2): write/read/verify
 * under replication and RS-3-2 with both coders, degraded reads with 1..m DataNodes down, files
 * written by one coder decoded by the other, and the bad-input refusals that need a cluster.
 */
class DfsioClusterIT {
  private static final StoragePolicy RS_3_2 = StoragePolicy.parse("RS-3-2-1024k", 0);

  /** Three full stripes plus a partial one: exercises the last-stripe path. */
  private static final long SIZE = 3L * 3 * 1024 * 1024 + 123_457;

  private static final int FILES = 2;

  private static EmbeddedCluster cluster;
  private static Path baseDir;
  // a pass's progress lines arrive from its reporter thread
  private final List<String> notices = java.util.Collections.synchronizedList(new ArrayList<>());

  @BeforeAll
  static void start() throws Exception {
    Path root = Path.of(System.getProperty("test.build.data", "target/minidfs")).toAbsolutePath();
    Files.createDirectories(root);
    baseDir = Files.createTempDirectory(root, "dfsio-it");
    cluster = EmbeddedCluster.start(new Configuration(), 5, baseDir);
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
    org.apache.hadoop.fs.FileUtil.fullyDelete(baseDir.toFile());
  }

  private DfsioSpec spec(String dir, StoragePolicy policy, CoderChoice coder) {
    return new DfsioSpec(policy, FILES, SIZE, 2, 1 << 20, dir, coder, 0, HdfsSettings.embedded());
  }

  private Dfsio attach(DfsioSpec spec) throws Exception {
    return Dfsio.attach(cluster, spec, List.of(spec.policy()), notices::add);
  }

  private static void assertVerified(RunResult read) {
    assertThat(read.mismatchedBytes()).as("mismatched bytes").isZero();
    assertThat(read.bytes()).isEqualTo(FILES * SIZE);
    assertThat(read.files()).isEqualTo(FILES);
  }

  @Test
  void replication_writes_reads_and_verifies() throws Exception {
    DfsioSpec spec = spec("/it/replication", StoragePolicy.replication(3), CoderChoice.AUTO);
    try (Dfsio dfsio = attach(spec)) {
      RunResult write = dfsio.write(spec);
      assertThat(write.bytes()).isEqualTo(FILES * SIZE);
      assertThat(write.coder()).isEqualTo("none");
      RunResult read = dfsio.read(spec);
      assertVerified(read);
      assertThat(read.erasureCodedBytes()).isZero();
      assertThat(dfsio.clean()).isEqualTo(FILES);
    }
  }

  @Test
  void a_pass_prints_progress_lines_while_it_runs() throws Exception {
    DfsioSpec spec = spec("/it/progress", StoragePolicy.replication(3), CoderChoice.AUTO);
    try (Dfsio dfsio = attach(spec).progressEvery(java.time.Duration.ofMillis(20))) {
      notices.clear();
      dfsio.write(spec);
      List<String> writing = List.copyOf(notices);
      notices.clear();
      dfsio.read(spec);
      List<String> reading = List.copyOf(notices);
      dfsio.clean();
      // a ~10 MiB pass on the mini cluster takes far longer than 20 ms: lines while it runs, in the
      // pass's words
      assertThat(writing)
          .isNotEmpty()
          .allMatch(
              l ->
                  l.matches(
                      "hbload dfsio: write REPLICATION x3 \\d of 2 files, "
                          + "[\\d,]+ of 18 MiB \\(\\d+ %\\) in [\\d.]+ s, [\\d,.]+ MiB/s now(, about \\d+ s left)?"));
      assertThat(reading)
          .isNotEmpty()
          .allMatch(l -> l.startsWith("hbload dfsio: read REPLICATION x3 "));
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = CoderChoice.class,
      names = {"RS_ISAL", "RS_JAVA"})
  void rs_3_2_writes_reads_and_verifies_with_each_coder(CoderChoice coder) throws Exception {
    if (coder == CoderChoice.RS_ISAL) {
      IsalAssumptions.requireIsal();
    }
    DfsioSpec spec = spec("/it/" + coder, RS_3_2, coder);
    try (Dfsio dfsio = attach(spec)) {
      RunResult write = dfsio.write(spec);
      assertThat(write.coder()).isEqualTo(coder.coderName());
      if (coder == CoderChoice.RS_ISAL) {
        assertThat(write.isalEncodeNanos()).as("the ISA-L encoder ran").isPositive();
      } else {
        assertThat(write.isalEncodeNanos()).as("the ISA-L encoder did not run").isZero();
      }
      DistributedFileSystem fs = cluster.fileSystem();
      assertThat(
              fs.getErasureCodingPolicy(
                      new org.apache.hadoop.fs.Path("/it/" + coder + "/rs-3-2-1024k/file-00000"))
                  .getName())
          .isEqualTo("RS-3-2-1024k");
      RunResult read = dfsio.read(spec);
      assertVerified(read);
      assertThat(read.erasureCodedBytes()).isEqualTo(FILES * SIZE);
      dfsio.clean();
    }
  }

  @ParameterizedTest(name = "{0} DataNodes down")
  @ValueSource(ints = {1, 2})
  void degraded_reads_return_identical_bytes(int down) throws Exception {
    IsalAssumptions.requireIsal();
    DfsioSpec spec = spec("/it/degraded-" + down, RS_3_2, CoderChoice.RS_ISAL);
    try (Dfsio dfsio = attach(spec)) {
      dfsio.write(spec);
      RunResult read = dfsio.read(spec.withDataNodesDown(down));
      assertVerified(read);
      assertThat(read.phase()).isEqualTo("degraded-read");
      assertThat(read.isalDecodeNanos()).as("the client decoded with ISA-L").isPositive();
      assertThat(notices).anyMatch(n -> n.startsWith("stopped " + down + " DataNodes"));
      // DataNodes are back: a healthy read needs no decoding
      RunResult healthy = dfsio.read(spec);
      assertVerified(healthy);
      assertThat(healthy.isalDecodeNanos()).isZero();
      dfsio.clean();
    }
    assertThat(cluster.dataNodeCount()).isEqualTo(5);
  }

  @Test
  void isal_written_files_decode_with_java_and_java_written_with_isal() throws Exception {
    IsalAssumptions.requireIsal();
    DfsioSpec byIsal = spec("/it/cross-isal", RS_3_2, CoderChoice.RS_ISAL);
    DfsioSpec byJava = spec("/it/cross-java", RS_3_2, CoderChoice.RS_JAVA);
    try (Dfsio isal = attach(byIsal);
        Dfsio java = attach(byJava)) {
      isal.write(byIsal);
      java.write(byJava);
      // 2 DataNodes down = every block group loses 2 of 5 units: parity must be right to decode
      RunResult javaReadsIsal = java.read(byIsal.withDataNodesDown(2));
      assertVerified(javaReadsIsal);
      assertThat(javaReadsIsal.coder()).isEqualTo("rs_java");
      assertThat(javaReadsIsal.isalDecodeNanos()).isZero();
      RunResult isalReadsJava = isal.read(byJava.withDataNodesDown(2));
      assertVerified(isalReadsJava);
      assertThat(isalReadsJava.isalDecodeNanos()).isPositive();

      // held-out check: HDFS's own verifier re-encodes the ISA-L-written block groups with rs_java
      Configuration javaConf = cluster.clientConfiguration();
      javaConf.set("io.erasurecode.codec.rs.rawcoders", "rs_java");
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      PrintStream saved = System.out;
      int rc;
      try {
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        rc =
            new DebugAdmin(javaConf)
                .run(new String[] {"verifyEC", "-file", "/it/cross-isal/rs-3-2-1024k/file-00001"});
      } finally {
        System.setOut(saved);
      }
      assertThat(rc).isZero();
      assertThat(out.toString(StandardCharsets.UTF_8)).contains("All EC block group status: OK");
      isal.clean();
      java.clean();
    }
  }

  @Test
  void directory_with_foreign_files_is_refused_and_left_alone() throws Exception {
    DistributedFileSystem fs = cluster.fileSystem();
    org.apache.hadoop.fs.Path foreign = new org.apache.hadoop.fs.Path("/it/users-data/keep.txt");
    try (FSDataOutputStream out = fs.create(foreign)) {
      out.writeUTF("precious");
    }
    DfsioSpec spec = spec("/it/users-data", StoragePolicy.replication(1), CoderChoice.RS_JAVA);
    try (Dfsio dfsio = attach(spec)) {
      assertThatThrownBy(() -> dfsio.write(spec))
          .isInstanceOf(BadInputException.class)
          .hasMessageContaining("holds files hbload did not write");
      assertThatThrownBy(dfsio::clean).isInstanceOf(BadInputException.class);
      assertThatThrownBy(() -> dfsio.read(spec)).isInstanceOf(BadInputException.class);
    }
    assertThat(fs.exists(foreign)).isTrue();
    assertThat(fs.listStatus(foreign.getParent())).hasSize(1);

    // a tool-owned directory with a stray file inside a policy directory is refused too
    DfsioSpec owned = spec("/it/owned", StoragePolicy.replication(1), CoderChoice.RS_JAVA);
    try (Dfsio dfsio = attach(owned)) {
      dfsio.write(owned);
      org.apache.hadoop.fs.Path stray =
          new org.apache.hadoop.fs.Path("/it/owned/replication-1/notes.txt");
      fs.create(stray).close();
      assertThatThrownBy(dfsio::clean)
          .isInstanceOf(BadInputException.class)
          .hasMessageContaining("notes.txt");
      assertThat(fs.exists(new org.apache.hadoop.fs.Path("/it/owned/replication-1/file-00000")))
          .isTrue();
      fs.delete(stray, false);
      assertThat(dfsio.clean()).isEqualTo(FILES);
      assertThat(fs.exists(new org.apache.hadoop.fs.Path("/it/owned"))).isFalse();
    }
  }

  @Test
  void policy_wider_than_the_cluster_is_refused_through_the_real_cluster_path() {
    String uri = cluster.clientConfiguration().get("fs.defaultFS");
    HdfsSettings real =
        new HdfsSettings(List.of(), Optional.of(uri), Map.of(), 0, Optional.empty());
    DfsioSpec spec =
        new DfsioSpec(
            StoragePolicy.parse("RS-6-3-1024k", 0),
            1,
            1024,
            1,
            1024,
            "/it/wide",
            CoderChoice.RS_JAVA,
            0,
            real);
    assertThatThrownBy(() -> Dfsio.open(spec, List.of(spec.policy()), notices::add))
        .isInstanceOf(BadInputException.class)
        .hasMessage("RS-6-3-1024k needs 9 DataNodes, the cluster has 5 live");
  }

  @Test
  void unreachable_namenode_fails_fast() {
    HdfsSettings nowhere =
        new HdfsSettings(
            List.of(), Optional.of("hdfs://127.0.0.1:1"), Map.of(), 0, Optional.empty());
    DfsioSpec spec =
        new DfsioSpec(
            StoragePolicy.replication(1), 1, 1024, 1, 1024, "/x", CoderChoice.RS_JAVA, 0, nowhere);
    long start = System.nanoTime();
    assertThatThrownBy(() -> Dfsio.open(spec, List.of(spec.policy()), notices::add))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("cannot reach the NameNode at hdfs://127.0.0.1:1");
    assertThat((System.nanoTime() - start) / 1e9).as("seconds to fail").isLessThan(15);
  }
}
