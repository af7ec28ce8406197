package io.hbload.mapreduce;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.HbloadCommand;
import io.hbload.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
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
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * {@code hbload mapreduce dfsio write|read} against a Kerberized HDFS, as a user of {@code hbload embedded
 * --kerberos --hdfs-datanodes 3} runs it: the KDC, the secure HBase and the secure HDFS are that command in a child
 * JVM of their own (their servers' process-wide Kerberos login is theirs alone), and the dfsio command runs here
 * with the printed principal, keytab and conf dir and no YARN configured, so it starts its embedded MapReduce
 * cluster in this JVM. Its map tasks are separate JVMs with no keytab and no ticket cache: they reach HDFS through
 * the job's delegation token only. One child server for the class; it is stopped with SIGTERM (its shutdown hooks
 * remove its files) and waited for, whatever the tests did.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SecureMapReduceDfsioIT {
  private static final long FILE_BYTES = 2L << 20;
  private static final int FILES = 2;
  private static final String DIR = "/benchmarks/it-mapreduce-dfsio";

  private static Path root;
  private static Path confDir;
  private static Process embedded;
  private static Thread stopOnExit;
  /** "--policy REPLICATION --conf DIR --principal P --keytab K --krb5-conf F", as printed. */
  private static List<String> dfsioArgs;
  /** What a task sees as its ticket cache: nothing. */
  private static String noTicketCache;

  @BeforeAll
  static void startSecureHdfsInItsOwnJvm() throws Exception {
    long t0 = System.nanoTime();
    root = Files.createTempDirectory("hbload-secure-mr-dfsio-it");
    confDir = root.resolve("conf");
    noTicketCache = "FILE:" + root.resolve("no-ticket-cache");
    Path out = root.resolve("embedded.out");
    embedded = javaMain("embedded", "--kerberos", "--hdfs-datanodes", "3", "--presplit", "1",
        "--conf-dir", confDir.toString()).redirectOutput(out.toFile())
        .redirectError(root.resolve("embedded.err").toFile()).start();
    // a test JVM that dies (surefire's timeout, a cluster's System.exit) still stops its server and removes this
    Path dir = root;
    stopOnExit = new Thread(() -> {
      stopEmbedded();
      org.apache.hadoop.fs.FileUtil.fullyDelete(dir.toFile());
    }, "secure-mr-dfsio-it-stop");
    Runtime.getRuntime().addShutdownHook(stopOnExit);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    String line = null;
    while (line == null && System.nanoTime() < deadline && embedded.isAlive()) {
      Thread.sleep(250);
      line = Files.readAllLines(out).stream().filter(l -> l.startsWith("hbload dfsio write ")).findFirst()
          .orElse(null);
    }
    assertThat(line).as("embedded printed a dfsio line:\n" + Files.readString(out) + "\nstderr:\n"
        + tail(root.resolve("embedded.err"))).isNotNull();
    List<String> words = Arrays.asList(line.trim().split("\\s+"));
    dfsioArgs = new ArrayList<>(words.subList(3, words.size()));
    System.err.printf("SecureMapReduceDfsioIT: secure HDFS up in its own JVM in %.1f s%n",
        (System.nanoTime() - t0) / 1e9);
  }

  @AfterAll
  static void stop() throws Exception {
    stopEmbedded();
    if (stopOnExit != null) {
      Runtime.getRuntime().removeShutdownHook(stopOnExit);
    }
    if (root != null) {
      org.apache.hadoop.fs.FileUtil.fullyDelete(root.toFile());
    }
  }

  /** SIGTERM, then wait: the server's shutdown hooks stop HDFS, HBase and the KDC and remove their files. */
  private static void stopEmbedded() {
    Process p = embedded;
    if (p == null || !p.isAlive()) {
      return;
    }
    long t0 = System.nanoTime();
    p.destroy();
    try {
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        System.err.println("SecureMapReduceDfsioIT: the embedded server ignored SIGTERM for 60 s; killing it");
        p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    System.err.printf("SecureMapReduceDfsioIT: embedded server stopped in %.1f s%n", (System.nanoTime() - t0) / 1e9);
  }

  /** hbload's main class in a fresh JVM on this test's class path, with the JDK 17 flags the servers need. */
  private static ProcessBuilder javaMain(String... args) {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx1g", "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.nio=ALL-UNNAMED",
        "--add-opens", "java.base/java.util=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
        Main.class.getName()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("KRB5CCNAME", noTicketCache);
    return pb;
  }

  private static String tail(Path file) throws java.io.IOException {
    List<String> lines = Files.readAllLines(file);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
  }

  record Out(int exit, String out, String err) {
    String row(String name) {
      return out.lines().filter(l -> l.startsWith(name + " ")).findFirst().orElseThrow(() -> new AssertionError(
          "no row " + name + " in\n" + out + "\nstderr:\n" + err)).substring(name.length()).trim();
    }
  }

  /** The command in this JVM, as the CLI runs it. */
  private static Out hbload(List<String> args) {
    long t0 = System.nanoTime();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    var cl = HbloadCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int exit = cl.execute(args.toArray(new String[0]));
    System.err.printf("SecureMapReduceDfsioIT: hbload %s -> %d in %.1f s%n%s", String.join(" ", args), exit,
        (System.nanoTime() - t0) / 1e9, err);
    return new Out(exit, out.toString(), err.toString());
  }

  /** {@code mapreduce dfsio <pass>} with the printed login and conf dir, 2 map tasks, no YARN configured. */
  private static List<String> dfsio(String pass) {
    List<String> a = new ArrayList<>(List.of("mapreduce", "dfsio", pass));
    a.addAll(dfsioArgs);
    a.addAll(List.of("--dir", DIR, "-n", Integer.toString(FILES), "-s", "2m", "--clients", "2",
        "--coder", "rs_java", "--start-delay", "3s",
        // the tasks' JVMs find no ticket cache: the job's tokens are all they have
        "-D", "mapreduce.map.env=KRB5CCNAME=" + noTicketCache));
    return a;
  }

  /**
   * Not passing yet: on main the command's embedded YARN does not start beside a Kerberized HDFS ("History Server
   * Failed to login": it inherits {@code hadoop.security.authentication=kerberos} and has no keytab). Branch
   * {@code secure-mr-dfsio-wip} gets it to submit the job; the ApplicationMaster's localization then fails (exit
   * -1000, the NodeManager's localizer has no token secret manager because Hadoop's process-wide security switch
   * was off while it started). Remove {@code @Disabled} with the fix.
   */
  @Test
  @Order(1)
  @org.junit.jupiter.api.Disabled("mapreduce dfsio's embedded YARN does not run beside a Kerberized HDFS yet: "
      + "see the method's comment and branch secure-mr-dfsio-wip")
  void writeThenReadWithThePrintedLoginMoveEveryByteInTwoTasksAsTheClient() throws Exception {
    Out write = hbload(dfsio("write"));
    assertThat(write.exit()).as(write.err() + write.out()).isZero();
    assertThat(write.row("bytes")).isEqualTo(Long.toString(FILES * FILE_BYTES));
    assertThat(write.row("files")).isEqualTo(Integer.toString(FILES));

    Out read = hbload(dfsio("read"));
    assertThat(read.exit()).as(read.err() + read.out()).isZero();
    assertThat(read.row("bytes")).isEqualTo(Long.toString(FILES * FILE_BYTES));
    assertThat(read.row("mismatched bytes")).isEqualTo("0");

    List<String> owners = owners(DIR);
    assertThat(owners).as("files under " + DIR).hasSize(FILES).containsOnly("client");
  }

  /** Owners of every file under {@code dir}, listed as the client. */
  private static List<String> owners(String dir) throws Exception {
    Configuration conf = new Configuration();
    conf.addResource(new org.apache.hadoop.fs.Path(confDir.resolve("core-site.xml").toUri()));
    conf.addResource(new org.apache.hadoop.fs.Path(confDir.resolve("hdfs-site.xml").toUri()));
    UserGroupInformation client = UserGroupInformation.loginUserFromKeytabAndReturnUGI("client@EXAMPLE.COM",
        confDir.resolve("client.keytab").toString());
    return client.doAs((PrivilegedExceptionAction<List<String>>) () -> {
      List<String> owners = new ArrayList<>();
      try (FileSystem fs = FileSystem.newInstance(conf)) {
        RemoteIterator<LocatedFileStatus> files = fs.listFiles(new org.apache.hadoop.fs.Path(dir), true);
        while (files.hasNext()) {
          owners.add(files.next().getOwner());
        }
      }
      return owners;
    });
  }

  /** No principal, no keytab and no ticket cache: one line, exit 2, before any job; in a fresh JVM. */
  @Test
  @Order(2)
  void withoutCredentialsFailsInOneLine() throws Exception {
    List<String> a = new ArrayList<>(List.of("mapreduce", "dfsio", "write", "--conf", confDir.toString(),
        "--krb5-conf", confDir.resolve("krb5.conf").toString(), "--policy", "REPLICATION", "-n", "1", "-s", "1m",
        "--dir", DIR + "-nologin"));
    Path out = root.resolve("nologin.out");
    Path err = root.resolve("nologin.err");
    long t0 = System.nanoTime();
    Process p = javaMain(a.toArray(new String[0])).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    boolean exited = p.waitFor(60, TimeUnit.SECONDS);
    if (!exited) {
      p.destroyForcibly().waitFor();
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    List<String> errLines = Files.readAllLines(err, StandardCharsets.UTF_8);
    System.err.printf("SecureMapReduceDfsioIT: without credentials -> %s in %.1f s%n%s%n",
        exited ? p.exitValue() : "no exit", seconds, String.join("\n", errLines));
    assertThat(exited).as("exits within 60 s").isTrue();
    assertThat(p.exitValue()).as(String.join("\n", errLines)).isEqualTo(2);
    assertThat(errLines).hasSize(1);
    assertThat(errLines.get(0)).startsWith("hbload mapreduce dfsio write: Kerberos login from the ticket cache "
        + "(kinit) failed: no valid ticket").doesNotContain("\tat ");
    assertThat(Files.readString(out)).isEmpty();
  }
}
