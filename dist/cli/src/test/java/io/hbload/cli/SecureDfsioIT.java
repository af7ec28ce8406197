package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.testing.Waits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * dfsio against a Kerberized HDFS: {@code hbload embedded --kerberos --hdfs-datanodes 3} (the
 * command itself, on a thread of this JVM: MiniKdc, secure HBase and a secure MiniDFSCluster with
 * SASL data transfer and HTTPS only) prints a dfsio line; write and read with exactly that login
 * move the right bytes, under replication 3 and XOR-2-1-1024k (3 DataNodes hold no wider policy),
 * as the client principal; without credentials, or as a client with no Kerberos configuration at
 * all, a fresh JVM fails in one stderr line with exit 2 within 30 s. One cluster for the class.
 */
@Tag("own-jvm") // Kerberos: Hadoop's login state is process-wide
class SecureDfsioIT {
  private static final long FILE_BYTES = 4L << 20;
  private static final int FILES = 2;

  private static Path root;
  private static Path confDir;
  private static Thread embedded;
  private static final java.io.StringWriter EMBEDDED_OUT = new java.io.StringWriter();
  private static String printed;

  /** "--policy REPLICATION --conf DIR --principal P --keytab K --krb5-conf F", as printed. */
  private static List<String> dfsioArgs;

  @BeforeAll
  static void startEmbeddedKerberosWithHdfs() throws Exception {
    root = Files.createTempDirectory("hbload-secure-dfsio-it");
    confDir = root.resolve("conf");
    CommandLine cl = HbloadCommand.commandLine();
    cl.setOut(new java.io.PrintWriter(EMBEDDED_OUT, true));
    cl.setErr(new java.io.PrintWriter(new java.io.StringWriter(), true));
    embedded =
        new Thread(
            () ->
                cl.execute(
                    "embedded",
                    "--kerberos",
                    "--hdfs-datanodes",
                    "3",
                    "--seconds",
                    "600",
                    "--conf-dir",
                    confDir.toString(),
                    "--presplit",
                    "1"),
            "embedded-kerberos-hdfs");
    embedded.setDaemon(true);
    embedded.start();
    String line =
        Waits.line(
            "embedded --kerberos --hdfs-datanodes printed a dfsio line",
            Duration.ofSeconds(120),
            Duration.ofMillis(200),
            embedded,
            EMBEDDED_OUT,
            "hbload dfsio write ");
    printed = EMBEDDED_OUT.toString();
    List<String> words = Arrays.asList(line.trim().split("\\s+"));
    dfsioArgs = new ArrayList<>(words.subList(3, words.size()));
  }

  @AfterAll
  static void stop() throws Exception {
    if (embedded != null) {
      embedded.interrupt(); // the command stops HDFS and HBase and removes the client files
      embedded.join(30_000);
    }
  }

  private static CommandOutput exec(List<String> args) {
    return CommandOutput.of(HbloadCommand.commandLine(), args.toArray(new String[0]));
  }

  /** The printed dfsio arguments with the policy replaced and the run's shape added. */
  private static List<String> dfsio(String sub, String policy, String dir) {
    List<String> a = new ArrayList<>(List.of("dfsio", sub));
    a.addAll(dfsioArgs);
    a.set(a.indexOf("--policy") + 1, policy);
    a.addAll(
        List.of("--dir", dir, "-n", Integer.toString(FILES), "-s", "4m", "--coder", "rs_java"));
    return a;
  }

  private static String row(String out, String name) {
    return out.lines()
        .filter(l -> l.startsWith(name + " "))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no row " + name + " in\n" + out))
        .substring(name.length())
        .trim();
  }

  @Test
  void embeddedPrintsTheSecureHdfsAndWritesItsClientFiles() throws Exception {
    assertThat(printed)
        .contains("HDFS is up: hdfs://localhost:")
        .contains("3 DataNode(s), Kerberos (servers " + "hbase/localhost@EXAMPLE.COM)")
        .contains("EC policies enabled: ")
        .contains("XOR-2-1-1024k");
    assertThat(dfsioArgs)
        .containsSubsequence("--conf", confDir.toString())
        .containsSubsequence("--principal", "client@EXAMPLE.COM")
        .containsSubsequence("--keytab", confDir.resolve("client.keytab").toString());
    assertThat(Files.readString(confDir.resolve("core-site.xml")))
        .contains("<name>hadoop.security.authentication</name><value>kerberos</value>")
        .contains("<name>fs.defaultFS</name><value>hdfs://localhost:");
    String hdfsSite = Files.readString(confDir.resolve("hdfs-site.xml"));
    assertThat(hdfsSite)
        .contains("<name>dfs.namenode.kerberos.principal</name><value>hbase/localhost@EXAMPLE.COM")
        .contains("<name>dfs.data.transfer.protection</name><value>authentication</value>")
        .doesNotContainIgnoringCase("password")
        .doesNotContain("keytab");
  }

  @Test
  void writeAndReadWithThePrintedLoginMoveEveryByteAsTheClient() throws Exception {
    String keytabBytes =
        new String(
            Files.readAllBytes(confDir.resolve("client.keytab")), StandardCharsets.ISO_8859_1);
    for (String policy : List.of("REPLICATION", "XOR-2-1-1024k")) {
      String dir = "/benchmarks/it-" + policy.toLowerCase(java.util.Locale.ROOT);
      CommandOutput w = exec(dfsio("write", policy, dir));
      assertThat(w.exit()).as(w.err() + w.out()).isZero();
      assertThat(row(w.out(), "policy"))
          .isEqualTo(policy.equals("REPLICATION") ? "REPLICATION x3" : policy);
      assertThat(row(w.out(), "bytes")).isEqualTo(Long.toString(FILES * FILE_BYTES));

      CommandOutput r = exec(dfsio("read", policy, dir));
      assertThat(r.exit()).as(r.err() + r.out()).isZero();
      assertThat(row(r.out(), "bytes")).isEqualTo(Long.toString(FILES * FILE_BYTES));
      assertThat(row(r.out(), "mismatched bytes")).isEqualTo("0");
      assertThat(row(r.out(), "EC bytes read"))
          .isEqualTo(policy.equals("REPLICATION") ? "0" : Long.toString(FILES * FILE_BYTES));
      // this JVM's own Hadoop login is the servers': the files' owner shows dfsio used the printed
      // one
      assertThat(owners(dir)).containsOnly("client");
      for (String output : List.of(w.out(), w.err(), r.out(), r.err())) {
        assertThat(output)
            .doesNotContain(keytabBytes.substring(keytabBytes.length() - 16))
            .doesNotContainIgnoringCase("password");
      }
    }
  }

  /** Owners of every file under {@code dir}, listed as the client. */
  private static List<String> owners(String dir) throws Exception {
    Configuration conf = new Configuration();
    conf.addResource(new org.apache.hadoop.fs.Path(confDir.resolve("core-site.xml").toUri()));
    conf.addResource(new org.apache.hadoop.fs.Path(confDir.resolve("hdfs-site.xml").toUri()));
    UserGroupInformation client =
        UserGroupInformation.loginUserFromKeytabAndReturnUGI(
            "client@EXAMPLE.COM", confDir.resolve("client.keytab").toString());
    return client.doAs(
        (PrivilegedExceptionAction<List<String>>)
            () -> {
              List<String> owners = new ArrayList<>();
              try (FileSystem fs = FileSystem.newInstance(conf)) {
                RemoteIterator<LocatedFileStatus> files =
                    fs.listFiles(new org.apache.hadoop.fs.Path(dir), true);
                while (files.hasNext()) {
                  owners.add(files.next().getOwner());
                }
              }
              assertThat(owners).hasSizeGreaterThanOrEqualTo(FILES);
              return owners;
            });
  }

  @Test
  void withoutCredentialsFailsInOneLineWithinThirtySeconds() throws Exception {
    Child c =
        child(
            "dfsio",
            "write",
            "--conf",
            confDir.toString(),
            "--krb5-conf",
            confDir.resolve("krb5.conf").toString(),
            "--policy",
            "REPLICATION",
            "-n",
            "1",
            "-s",
            "1m",
            "--dir",
            "/benchmarks/it-nologin");
    assertThat(c.exit).as(String.join("\n", c.err)).isEqualTo(2);
    assertThat(c.err).hasSize(1);
    assertThat(c.err.get(0))
        .startsWith(
            "hbload dfsio write: Kerberos login from the ticket cache (kinit) failed: "
                + "no valid ticket")
        .doesNotContain("\tat ");
    assertThat(c.seconds).isLessThan(30);
  }

  @Test
  void aClientWithoutKerberosConfigurationIsRefusedInOneLine() throws Exception {
    String fs =
        printed
            .lines()
            .filter(l -> l.startsWith("HDFS is up: "))
            .findFirst()
            .orElseThrow()
            .split("\\s+")[3]
            .replaceAll(",$", "");
    Child c =
        child(
            "dfsio",
            "write",
            "--fs",
            fs,
            "--policy",
            "REPLICATION",
            "-n",
            "1",
            "-s",
            "1m",
            "--dir",
            "/benchmarks/it-plain");
    assertThat(c.exit).as(String.join("\n", c.err)).isEqualTo(2);
    assertThat(c.err).hasSize(1);
    assertThat(c.err.get(0))
        .startsWith("hbload dfsio write: cannot reach the NameNode at " + fs + ": ")
        .contains("SIMPLE authentication is not enabled")
        .doesNotContain("\tat ");
    assertThat(c.seconds).isLessThan(30);
  }

  /**
   * {@code mapreduce dfsio} logs in too: its --principal/--keytab were parsed and then ignored (the
   * driver ran as whatever this process was). A principal the keytab lacks now fails before any
   * job, in one line.
   */
  @Test
  void mapreduceDfsioLogsInWithItsOptions() {
    List<String> a = new ArrayList<>(List.of("mapreduce"));
    a.addAll(dfsio("write", "REPLICATION", "/benchmarks/it-mapreduce"));
    a.set(a.indexOf("--principal") + 1, "someone@EXAMPLE.COM");
    long t0 = System.nanoTime();
    CommandOutput o = exec(a);
    assertThat(o.exit()).as(o.err()).isEqualTo(2);
    assertThat(o.errLines())
        .containsExactly(
            "hbload mapreduce dfsio write: Kerberos login as someone@EXAMPLE.COM "
                + "with keytab "
                + confDir.resolve("client.keytab")
                + " failed: Unable to obtain password from user (the "
                + "keytab has no key for this principal)");
    assertThat((System.nanoTime() - t0) / 1e9).isLessThan(10);
  }

  /**
   * The HBase beside it still serves its Kerberos clients once the NameNode's login became the
   * process's.
   */
  @Test
  void hbaseStillServesThePrintedLogin() {
    String line =
        printed.lines().filter(l -> l.startsWith("hbload load ")).findFirst().orElseThrow();
    List<String> a =
        new ArrayList<>(
            Arrays.asList(line.trim().split("\\s+")).subList(1, line.trim().split("\\s+").length));
    a.addAll(List.of("-p", "recordcount=200", "--fail-on-error"));
    CommandOutput o = exec(a);
    assertThat(o.exit()).as(o.err()).isZero();
    assertThat(o.out()).contains("[INSERT], Return=OK, 200");
  }

  private record Child(int exit, List<String> err, double seconds) {}

  /** hbload in a fresh JVM (this one's Hadoop login is the servers'), with no ticket cache. */
  private static Child child(String... args) throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // a behaviour check, not a speed one: the JIT's first tier alone starts it on less
                // CPU
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("KRB5CCNAME", "FILE:" + root.resolve("no-such-ticket-cache"));
    Path out = Files.createTempFile(root, "child", ".out");
    Path err = Files.createTempFile(root, "child", ".err");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    long t0 = System.nanoTime();
    Process p = pb.start();
    boolean exited = p.waitFor(30, TimeUnit.SECONDS);
    if (!exited) {
      p.destroyForcibly();
    }
    assertThat(exited).as("exits within 30 s").isTrue();
    return new Child(p.exitValue(), Files.readAllLines(err), (System.nanoTime() - t0) / 1e9);
  }
}
