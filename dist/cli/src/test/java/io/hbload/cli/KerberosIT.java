package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.testing.Waits;
import io.hbload.hbase.security.KerberosLogin;
import io.hbload.hbase.security.KerberosSpec;
import io.hbload.mapreduce.job.ShardJob;
import io.hbload.mapreduce.task.PhaseMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.security.token.Token;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Kerberos end to end through the CLI: {@code hbload embedded --kerberos} (the command itself, on a
 * thread of this JVM: a real MiniKdc and a secure embedded HBase) prints a login line; {@code load}
 * and {@code run} with exactly those arguments work; without credentials, with a wrong principal
 * for the keytab, or against the secure cluster with a plain client, each fails with one stderr
 * line and exit 2 within seconds; the MapReduce driver's job carries an HBase delegation token. One
 * cluster for the class (about 10 s to start).
 */
@Tag("own-jvm") // Kerberos: Hadoop's login state is process-wide
class KerberosIT {
  private static Path root;
  private static Path confDir;
  private static Thread embedded;
  private static final StringWriter EMBEDDED_OUT = new StringWriter();
  private static List<String> loginArgs;
  private static String printed;

  @BeforeAll
  static void startEmbeddedKerberos() throws Exception {
    root = Files.createTempDirectory("hbload-kerberos-it");
    confDir = root.resolve("conf");
    CommandLine cl = HbloadCommand.commandLine();
    cl.setOut(new PrintWriter(EMBEDDED_OUT, true));
    cl.setErr(new PrintWriter(new StringWriter(), true));
    embedded =
        new Thread(
            () ->
                cl.execute(
                    "embedded",
                    "--kerberos",
                    "--seconds",
                    "600",
                    "--conf-dir",
                    confDir.toString(),
                    "--presplit",
                    "2"),
            "embedded-kerberos");
    embedded.setDaemon(true);
    embedded.start();
    String line =
        Waits.line(
            "embedded --kerberos printed a login line",
            Duration.ofSeconds(90),
            Duration.ofMillis(200),
            embedded,
            EMBEDDED_OUT,
            "hbload run ");
    printed = EMBEDDED_OUT.toString();
    // "hbload run -w a --hbase-conf DIR --principal P --keytab K --krb5-conf F": everything after
    // "-w a"
    List<String> words = Arrays.asList(line.trim().split("\\s+"));
    loginArgs = new ArrayList<>(words.subList(4, words.size()));
  }

  @AfterAll
  static void stop() throws Exception {
    if (embedded != null) {
      embedded.interrupt(); // the command closes the cluster and removes its client files
      embedded.join(30_000);
    }
  }

  /**
   * YCSB's preamble, which the engine prints before the binding opens (as for any cluster that
   * cannot be used).
   */
  private static final List<String> PREAMBLE_STARTS =
      List.of("hbload ", "Loading workload...", "Starting test.", "[hbase] connecting to ");

  /**
   * Exactly one error line, {@code hbload run: ...}, after nothing but YCSB's preamble; returns it.
   */
  private static String oneErrorLine(List<String> err) {
    List<String> errors = err.stream().filter(l -> l.startsWith("hbload run: ")).toList();
    assertThat(errors).as(String.join("\n", err)).hasSize(1);
    assertThat(err.get(err.size() - 1)).isEqualTo(errors.get(0));
    assertThat(err.subList(0, err.size() - 1))
        .allSatisfy(l -> assertThat(PREAMBLE_STARTS).anyMatch(l::startsWith));
    assertThat(String.join("\n", err)).doesNotContain("\tat ").doesNotContain("Exception:\n");
    return errors.get(0);
  }

  private static CommandOutput exec(List<String> args) {
    return CommandOutput.of(HbloadCommand.commandLine(), args.toArray(new String[0]));
  }

  private static List<String> args(String... head) {
    return new ArrayList<>(Arrays.asList(head));
  }

  @Test
  void embeddedKerberosWritesThePrivateClientFilesAndPrintsThePrincipal() throws IOException {
    assertThat(printed)
        .contains("principal: client@EXAMPLE.COM")
        .contains("keytab:    " + confDir.resolve("client.keytab"));
    assertThat(loginArgs)
        .containsSubsequence("--principal", "client@EXAMPLE.COM")
        .containsSubsequence("--keytab", confDir.resolve("client.keytab").toString())
        .containsSubsequence("--krb5-conf", confDir.resolve("krb5.conf").toString());
    assertThat(Files.readString(confDir.resolve("hbase-site.xml")))
        .contains("<name>hbase.security.authentication</name><value>kerberos</value>")
        .contains(
            "<name>hbase.regionserver.kerberos.principal</name><value>hbase/localhost@EXAMPLE.COM</value>");
    assertThat(Files.readString(confDir.resolve("krb5.conf"))).contains("EXAMPLE.COM");
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(confDir.resolve("client.keytab"))))
        .isEqualTo("rw-------");
  }

  @Test
  void loadAndRunWithThePrintedLoginSucceed() throws IOException {
    List<String> load = args("load", "-w", "a", "-p", "recordcount=300", "--fail-on-error");
    load.addAll(loginArgs);
    CommandOutput l = exec(load);
    assertThat(l.exit()).as(l.err()).isZero();
    assertThat(l.out()).contains("[INSERT], Return=OK, 300").doesNotContain("Return=ERROR");

    Path json = root.resolve("run.json");
    List<String> run =
        args(
            "run",
            "-w",
            "a",
            "-p",
            "recordcount=300",
            "-p",
            "operationcount=300",
            "--fail-on-error",
            "--json",
            json.toString());
    run.addAll(loginArgs);
    CommandOutput r = exec(run);
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("[READ], Return=OK, ")
        .contains("[UPDATE], Return=OK, ")
        .doesNotContain("Return=ERROR");
    // keytab paths are kept in the result (to repeat the run); the keytab's bytes never appear
    // anywhere
    String result = Files.readString(json);
    assertThat(result).contains(confDir.resolve("client.keytab").toString());
    String keytabBytes =
        new String(
            Files.readAllBytes(confDir.resolve("client.keytab")), StandardCharsets.ISO_8859_1);
    for (String output : List.of(result, r.out(), r.err(), l.out(), l.err())) {
      assertThat(output).doesNotContain(keytabBytes.substring(keytabBytes.length() - 16));
    }
  }

  /** The other commands that talk to HBase log in the same way: the async path, pe and suite. */
  @Test
  void theAsyncPathPeAndSuiteLogInWithThePrintedLogin(@org.junit.jupiter.api.io.TempDir Path out) {
    List<String> load =
        args(
            "load",
            "-w",
            "c",
            "-p",
            "recordcount=200",
            "-p",
            "table=asynctable",
            "--fail-on-error");
    load.addAll(loginArgs);
    CommandOutput l = exec(load);
    assertThat(l.exit()).as(l.err()).isZero();
    List<String> async =
        args(
            "run",
            "-w",
            "c",
            "-p",
            "recordcount=200",
            "-p",
            "table=asynctable",
            "-p",
            "operationcount=400",
            "-p",
            "hbload.inflight=8",
            "--fail-on-error");
    async.addAll(loginArgs);
    CommandOutput a = exec(async);
    assertThat(a.exit()).as(a.err()).isZero();
    assertThat(a.out()).contains("[READ], Return=OK, 400");

    List<String> pe =
        args("pe", "--nomapred", "--rows=50", "--valueSize=100", "sequentialWrite", "2");
    pe.addAll(loginArgs);
    CommandOutput p = exec(pe);
    assertThat(p.exit()).as(p.err()).isZero();
    assertThat(p.out()).contains("[INSERT], Return=OK, ").doesNotContain("Return=ERROR");

    List<String> suite =
        args(
            "suite",
            "-w",
            "c",
            "--rounds",
            "2",
            "--discard",
            "1",
            "--duration",
            "2s",
            "-p",
            "recordcount=200",
            "-p",
            "table=asynctable",
            "--out",
            out.resolve("suite").toString());
    suite.addAll(loginArgs);
    CommandOutput s = exec(suite);
    assertThat(s.exit()).as(s.err()).isZero();
    assertThat(s.out()).contains("READ");
  }

  @Test
  void withoutCredentialsFailsInOneLineWithinThirtySeconds() throws Exception {
    // a fresh JVM (this one's Hadoop login is the servers'), no ticket cache, only the written
    // client files
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // a behaviour check, not a speed one: the JIT's first tier alone starts it on less
                // CPU
                "-XX:TieredStopAtLevel=1",
                "--add-opens",
                "java.base/java.lang=ALL-UNNAMED",
                "--add-opens",
                "java.base/java.nio=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "run",
                "-w",
                "a",
                "--hbase-conf",
                confDir.toString(),
                "--krb5-conf",
                confDir.resolve("krb5.conf").toString(),
                "-p",
                "operationcount=10"));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("KRB5CCNAME", "FILE:" + root.resolve("no-such-ticket-cache"));
    pb.redirectOutput(root.resolve("child.out").toFile())
        .redirectError(root.resolve("child.err").toFile());
    long t0 = System.nanoTime();
    Process p = pb.start();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("exits within 30 s").isTrue();
    double seconds = (System.nanoTime() - t0) / 1e9;
    List<String> err = Files.readAllLines(root.resolve("child.err"));
    assertThat(p.exitValue()).as(String.join("\n", err)).isEqualTo(2);
    assertThat(oneErrorLine(err))
        .startsWith(
            "hbload run: Kerberos login from the ticket cache (kinit) failed: no valid " + "ticket")
        .doesNotContain("Exception");
    assertThat(seconds).isLessThan(30);
  }

  @Test
  void aPlainClientAgainstTheSecureClusterFailsInOneLine() {
    String zk =
        printed
            .lines()
            .filter(l -> l.startsWith("hbase.zookeeper.property.clientPort="))
            .findFirst()
            .orElseThrow()
            .split("=")[1];
    long t0 = System.nanoTime();
    CommandOutput o =
        exec(args("run", "-w", "a", "--zk", "127.0.0.1:" + zk, "-p", "operationcount=10"));
    assertThat(o.exit()).as(o.err()).isEqualTo(2);
    assertThat(oneErrorLine(o.errLines()))
        .startsWith("hbload run: cannot reach HBase at zk=127.0.0.1:")
        .contains("ConnectionClosedException")
        .endsWith(
            "(a Kerberized cluster? use its hbase-site.xml, "
                + "-cp/--hbase-conf DIR, with --principal and --keytab or a kinit ticket)");
    assertThat((System.nanoTime() - t0) / 1e9).isLessThan(30);
  }

  @Test
  void aKeytabWithoutTheGivenPrincipalFailsInOneLine() {
    for (String principal : List.of("someone@EXAMPLE.COM", "client@OTHER.REALM")) {
      List<String> a = args("run", "-w", "a", "-p", "operationcount=10");
      a.addAll(loginArgs);
      a.set(a.indexOf("--principal") + 1, principal);
      long t0 = System.nanoTime();
      CommandOutput o = exec(a);
      assertThat(o.exit()).as(o.err()).isEqualTo(2);
      assertThat(oneErrorLine(o.errLines()))
          .startsWith(
              "hbload run: Kerberos login as "
                  + principal
                  + " with keytab "
                  + confDir.resolve("client.keytab")
                  + " failed: ")
          .doesNotContain("\tat ");
      assertThat((System.nanoTime() - t0) / 1e9).isLessThan(10);
    }
  }

  @Test
  void dfsioLogsInBeforeTouchingHdfs() {
    // a wrong login fails before any NameNode call, and a good one gets as far as the (absent)
    // NameNode; dfsio
    // against a Kerberized HDFS end to end is SecureDfsioIT
    String keytab = confDir.resolve("client.keytab").toString();
    String krb5 = confDir.resolve("krb5.conf").toString();
    CommandOutput wrong =
        exec(
            args(
                "dfsio",
                "write",
                "--fs",
                "hdfs://127.0.0.1:1",
                "--principal",
                "someone@EXAMPLE.COM",
                "--keytab",
                keytab,
                "--krb5-conf",
                krb5));
    assertThat(wrong.exit()).isEqualTo(2);
    assertThat(wrong.errLines())
        .containsExactly(
            "hbload dfsio write: Kerberos login as someone@EXAMPLE.COM with "
                + "keytab "
                + keytab
                + " failed: Unable to obtain password from user (the keytab has no key for this "
                + "principal)");
    CommandOutput good =
        exec(
            args(
                "dfsio",
                "write",
                "--fs",
                "hdfs://127.0.0.1:1",
                "--principal",
                "client@EXAMPLE.COM",
                "--keytab",
                keytab,
                "--krb5-conf",
                krb5));
    assertThat(good.exit()).isEqualTo(2);
    assertThat(good.errLines()).hasSize(1);
    assertThat(good.err())
        .startsWith("hbload dfsio write: cannot reach the NameNode at hdfs://127.0.0.1:1");
  }

  @Test
  void anUnreadableKeytabIsBadInputBeforeAnythingStarts() {
    List<String> a = args("run", "-w", "a");
    a.addAll(loginArgs);
    a.set(a.indexOf("--keytab") + 1, root.resolve("missing.keytab").toString());
    CommandOutput o = exec(a);
    assertThat(o.exit()).isEqualTo(2);
    assertThat(o.errLines())
        .containsExactly(
            "hbload run: property keytab: "
                + root.resolve("missing.keytab")
                + " is not a readable file");
  }

  @Test
  void theMapReduceDriverGivesTheJobAnHBaseDelegationTokenNotTheKeytab() throws Exception {
    Configuration conf = HBaseConfiguration.create();
    conf.addResource(new org.apache.hadoop.fs.Path(confDir.resolve("hbase-site.xml").toUri()));
    conf.set("fs.defaultFS", "file:///");
    KerberosSpec spec =
        new KerberosSpec(
            "client@EXAMPLE.COM", confDir.resolve("client.keytab"), confDir.resolve("krb5.conf"));
    org.apache.hadoop.fs.Path work = new org.apache.hadoop.fs.Path(root.resolve("job").toUri());
    Job job;
    try (KerberosLogin login = KerberosLogin.loginIfRequested(spec, conf)) {
      job =
          login.call(
              () ->
                  ShardJob.prepare(
                      conf,
                      new ShardJob.Submission(
                          "kerberos-it", 1, PhaseMapper.class, work, false, true)));
    }
    List<String> kinds =
        job.getCredentials().getAllTokens().stream()
            .map(Token::getKind)
            .map(Object::toString)
            .toList();
    assertThat(kinds).contains("HBASE_AUTH_TOKEN");
    Token<?> token =
        job.getCredentials().getAllTokens().stream()
            .filter(t -> t.getKind().toString().equals("HBASE_AUTH_TOKEN"))
            .findFirst()
            .orElseThrow();
    assertThat(new String(token.getIdentifier(), StandardCharsets.ISO_8859_1)).contains("client");
    StringWriter jobConf = new StringWriter();
    job.getConfiguration().writeXml(jobConf);
    assertThat(jobConf.toString()).doesNotContain("client.keytab");
  }
}
