package io.hbload.mapreduce;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.HbloadCommand;
import io.hbload.core.config.Phase;
import io.hbload.hbase.embedded.EmbeddedHBase;
import io.hbload.hbase.embedded.EmbeddedKdc;
import io.hbload.hbase.security.KerberosLogin;
import io.hbload.hbase.security.KerberosSpec;
import io.hbload.mapreduce.cluster.EmbeddedYarn;
import io.hbload.mapreduce.cluster.HBaseClientSettings;
import io.hbload.mapreduce.cluster.HadoopSettings;
import io.hbload.mapreduce.config.PhaseTaskSpec;
import io.hbload.mapreduce.job.JvmOptions;
import io.hbload.mapreduce.job.ShardJob;
import io.hbload.mapreduce.task.PhaseMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * {@code hbload mapreduce} on a Kerberized HBase and a Kerberized YARN, both in this JVM: a
 * MiniKdc, a secure embedded HBase (SASL only, with HBase's delegation-token endpoint) and a
 * MiniMRYarnCluster with {@code hadoop.security.authentication=kerberos} whose ResourceManager,
 * NodeManager and history server log in from the KDC's server keytab. The command runs as a user
 * would run it, with the client principal, its keytab, the cluster's hbase-site.xml and a
 * mapred-site.xml; its map tasks are separate JVMs that get no keytab, no ticket cache ({@code
 * KRB5CCNAME} names a file that does not exist), only the job's credentials. That they reach HBase
 * through the job's delegation token, and nothing else, is shown twice: the load and the run count
 * every record and operation, and the same tasks submitted without the token fail to log in.
 *
 * <p>On the local file system, a staging directory that exists must belong to the submitter, here
 * the principal {@code client}, which is no operating-system user; so every job gets a staging
 * directory of its own.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@Tag("own-jvm") // Kerberos: Hadoop's login state is process-wide
class SecureMapReduceIT {
  private static final int RECORDS = 1000;
  private static final AtomicInteger JOBS = new AtomicInteger();
  private static EmbeddedHBase hbase;
  private static EmbeddedYarn yarn;
  private static Path dir;
  private static Path confDir;
  private static Path hadoopConf;

  /** What a task sees as its ticket cache: nothing. */
  private static String noTicketCache;

  @BeforeAll
  static void startClusters() throws Exception {
    long t0 = System.nanoTime();
    dir = Files.createTempDirectory("hbload-secure-mapreduce-it");
    hbase = EmbeddedHBase.startSecure(1, 0);
    confDir = dir.resolve("conf");
    hbase.writeClientFiles(confDir);
    // its map tasks check results, not latency: the JIT's first tier alone starts them on less CPU
    Configuration tasks = new Configuration();
    tasks.set("mapreduce.map.java.opts", "-Xmx512m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
    yarn = EmbeddedYarn.startSecure(tasks, 2, hbase.kdc());
    hadoopConf = yarn.writeSiteFiles(dir.resolve("hadoop-conf")).getParent();
    noTicketCache = "KRB5CCNAME=FILE:" + dir.resolve("no-ticket-cache");
    System.err.printf("SecureMapReduceIT: clusters up in %.1f s%n", (System.nanoTime() - t0) / 1e9);
  }

  @AfterAll
  static void stopClusters() throws Exception {
    if (yarn != null) {
      yarn.close();
    }
    if (hbase != null) {
      hbase.close();
    }
    org.apache.hadoop.fs.FileUtil.fullyDelete(dir.toFile());
  }

  record Out(int exit, String out, String err) {
    long count(String op, String what) {
      Matcher m =
          Pattern.compile(
                  "^\\[" + Pattern.quote(op) + "], " + Pattern.quote(what) + ", (\\d+)$",
                  Pattern.MULTILINE)
              .matcher(out);
      return m.find() ? Long.parseLong(m.group(1)) : 0;
    }
  }

  private static Out hbload(List<String> args) {
    long t0 = System.nanoTime();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    var cl = HbloadCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int exit = cl.execute(args.toArray(new String[0]));
    System.err.printf(
        "SecureMapReduceIT: hbload %s -> %d in %.1f s%n%s",
        String.join(" ", args), exit, (System.nanoTime() - t0) / 1e9, err);
    return new Out(exit, out.toString(), err.toString());
  }

  private static EmbeddedKdc kdc() {
    return hbase.kdc();
  }

  /**
   * {@code mapreduce <phase>} with the client's login and the secure clusters' files, as a user
   * types it.
   */
  private static List<String> phase(String phase, String... more) {
    int job = JOBS.incrementAndGet();
    List<String> a =
        new ArrayList<>(
            List.of(
                "mapreduce",
                phase,
                "-w",
                "a",
                "-p",
                "recordcount=" + RECORDS,
                "-p",
                "dataintegrity=true",
                "--clients",
                "2",
                "--start-delay",
                "3s",
                "--hbase-conf",
                confDir.toString(),
                "--principal",
                kdc().clientPrincipal(),
                "--keytab",
                confDir.resolve("client.keytab").toString(),
                "--krb5-conf",
                confDir.resolve("krb5.conf").toString(),
                "--hadoop-conf",
                hadoopConf.toString(),
                "--output",
                dir.resolve("jobs/job-" + job).toUri().toString(),
                "-D",
                "yarn.app.mapreduce.am.staging-dir=" + dir.resolve("staging-" + job),
                "-D",
                "mapreduce.map.env=" + noTicketCache));
    a.addAll(List.of(more));
    return a;
  }

  @Test
  @Order(1)
  void loadAndRunOnSecureYarnCountEveryRecordAndOperation() throws Exception {
    Out load = hbload(phase("load", "-threads", "2"));
    assertThat(load.exit()).as(load.err()).isZero();
    assertThat(load.count("INSERT", "Return=OK")).isEqualTo(RECORDS);
    assertThat(load.out()).contains("[SHARDS], Merged, 2 of 2").doesNotContain("Return=ERROR");

    Out run = hbload(phase("run", "-p", "operationcount=2000"));
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.count("READ", "Return=OK") + run.count("UPDATE", "Return=OK")).isEqualTo(2000);
    assertThat(run.count("VERIFY", "Return=OK"))
        .as("every read verified")
        .isEqualTo(run.count("READ", "Return=OK"))
        .isPositive();
    assertThat(run.out())
        .contains("[SHARDS], Merged, 2 of 2")
        .doesNotContain("Return=ERROR")
        .doesNotContain("UNEXPECTED_STATE");
  }

  /**
   * The jobs' configurations, as the history server keeps them: no keytab and no login of the
   * client in them.
   */
  @Test
  @Order(2)
  void theSubmittedJobsCarryNoKeytab() throws Exception {
    Configuration site = new Configuration(false);
    site.addResource(new org.apache.hadoop.fs.Path(hadoopConf.resolve("mapred-site.xml").toUri()));
    Path history = Path.of(site.get("mapreduce.jobhistory.intermediate-done-dir")).getParent();
    List<Path> jobConfs;
    try (Stream<Path> files = Files.walk(history)) {
      jobConfs = files.filter(f -> f.getFileName().toString().endsWith("_conf.xml")).toList();
    }
    assertThat(jobConfs).as("job configurations in " + history).hasSizeGreaterThanOrEqualTo(2);
    String keytab = confDir.resolve("client.keytab").toString();
    for (Path f : jobConfs) {
      String xml = Files.readString(f);
      assertThat(xml)
          .as(f.toString())
          .contains("hbload.mapreduce.property.recordcount")
          .doesNotContain(keytab)
          .doesNotContain("hbload.mapreduce.property.keytab")
          .doesNotContain("hbload.mapreduce.property.principal");
    }
  }

  /**
   * The control: the same tasks in a job submitted without the HBase token (the driver API, which
   * the command always calls with it) cannot log in, because nothing else in the task could
   * authenticate them.
   */
  @Test
  @Order(3)
  void withoutTheDelegationTokenTheTasksCannotAuthenticate() throws Exception {
    int n = JOBS.incrementAndGet();
    Configuration conf =
        new HadoopSettings(
                List.of(hadoopConf.resolve("mapred-site.xml")),
                Optional.empty(),
                Map.of(
                    "yarn.app.mapreduce.am.staging-dir",
                    dir.resolve("staging-" + n).toString(),
                    "mapreduce.map.maxattempts",
                    "1",
                    "mapreduce.map.env",
                    noTicketCache))
            .configuration();
    Configuration hbaseConf = HBaseConfiguration.create();
    hbaseConf.addResource(new org.apache.hadoop.fs.Path(confDir.resolve("hbase-site.xml").toUri()));
    Map<String, String> hbaseClient = HBaseClientSettings.of(hbaseConf);
    hbaseClient.forEach(conf::set);
    Map<String, String> properties =
        new LinkedHashMap<>(
            Map.of(
                "db",
                "hbase",
                "recordcount",
                Integer.toString(RECORDS),
                "operationcount",
                "100",
                "seed",
                "1"));
    properties.putAll(hbaseClient);
    new PhaseTaskSpec(Phase.RUN, 1, System.currentTimeMillis(), properties).writeTo(conf);
    JvmOptions.forTasks(conf);
    KerberosSpec client =
        new KerberosSpec(
            kdc().clientPrincipal(),
            confDir.resolve("client.keytab"),
            confDir.resolve("krb5.conf"));
    org.apache.hadoop.fs.Path work =
        new org.apache.hadoop.fs.Path(dir.resolve("jobs/job-" + n).toUri());
    List<String> messages = new ArrayList<>();
    ShardJob.Outcome outcome;
    try (KerberosLogin login =
        KerberosLogin.loginIfRequested(client, new Configuration(hbaseConf))) {
      outcome =
          login.call(
              () ->
                  ShardJob.submit(
                          conf,
                          new ShardJob.Submission(
                              "hbload run without token", 1, PhaseMapper.class, work, false, false),
                          messages::add)
                      .await(c -> ""));
    }
    System.err.println(
        "SecureMapReduceIT: without token: "
            + outcome.failure()
            + "\n"
            + String.join("\n", messages));
    assertThat(outcome.succeeded()).isFalse();
    assertThat(outcome.failure())
        .contains(
            "shard 0/1: Kerberos login from the ticket cache (kinit) failed: "
                + "no valid ticket for client");
  }
}
