package io.hbload.mapreduce;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.cli.HbloadCommand;
import io.hbload.hbase.embedded.EmbeddedHBase;
import io.hbload.hbase.pe.PeLayout;
import io.hbload.hdfs.cluster.EmbeddedCluster;
import io.hbload.mapreduce.cluster.EmbeddedYarn;
import io.hbload.mapreduce.config.ShardFiles;
import io.hbload.mapreduce.task.ShardCounter;
import io.hbload.observe.PushgatewayServer;
import io.hbload.observe.ScrapeText;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.mapred.TIPStatus;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@code hbload mapreduce} end to end on real in-process clusters shared by the whole class (they
 * take a while to start and longer to stop): an embedded HBase, a 5-DataNode MiniDFSCluster, and an
 * embedded MapReduce-on-YARN cluster whose map tasks are separate JVMs. The command runs as the CLI
 * runs it, pointed at these clusters with {@code --zk}, {@code --fs} and {@code --hadoop-conf}.
 * Faults are injected through MapReduce's own client API (kill or fail a running attempt), as an
 * operator would.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MapReduceIT {
  private static final int RECORDS = 2000;
  private static EmbeddedHBase hbase;
  private static EmbeddedYarn yarn;
  private static EmbeddedCluster hdfs;
  private static Path dir;
  private static Path hadoopConf;
  private static final ExecutorService background =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "mapreduce-it-command");
            t.setDaemon(true);
            return t;
          });

  @BeforeAll
  static void startClusters() throws Exception {
    long t0 = System.nanoTime();
    dir = Files.createTempDirectory("hbload-mapreduce-it");
    hbase = EmbeddedHBase.start(1);
    hdfs = EmbeddedCluster.start(new Configuration(), 5, dir.resolve("dfs"));
    yarn = EmbeddedYarn.start(new Configuration(), 2);
    hadoopConf = yarn.writeSiteFiles(dir.resolve("hadoop-conf")).getParent();
    System.err.printf("MapReduceIT: clusters up in %.1f s%n", (System.nanoTime() - t0) / 1e9);
  }

  @AfterAll
  static void stopClusters() throws Exception {
    long t0 = System.nanoTime();
    if (yarn != null) {
      yarn.close();
    }
    if (hdfs != null) {
      hdfs.close();
    }
    if (hbase != null) {
      hbase.close();
    }
    org.apache.hadoop.fs.FileUtil.fullyDelete(dir.toFile());
    System.err.printf("MapReduceIT: clusters down in %.1f s%n", (System.nanoTime() - t0) / 1e9);
  }

  record Out(int exit, String out, String err) {
    /** The count of a report line, e.g. {@code count("READ", "Return=OK")}; 0 when absent. */
    long count(String op, String what) {
      Matcher m =
          Pattern.compile(
                  "^\\[" + Pattern.quote(op) + "], " + Pattern.quote(what) + ", (\\d+)$",
                  Pattern.MULTILINE)
              .matcher(out);
      return m.find() ? Long.parseLong(m.group(1)) : 0;
    }
  }

  private static Out hbload(String... args) {
    long t0 = System.nanoTime();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    var cl = HbloadCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int exit = cl.execute(args);
    System.err.printf(
        "MapReduceIT: hbload %s -> %d in %.1f s%n%s",
        String.join(" ", args), exit, (System.nanoTime() - t0) / 1e9, err);
    return new Out(exit, out.toString(), err.toString());
  }

  /**
   * A new job directory for each command: the default would be in the home directory of the job's
   * file system.
   */
  private static String output() {
    return dir.resolve("jobs").resolve("job-" + JOBS.incrementAndGet()).toUri().toString();
  }

  private static final java.util.concurrent.atomic.AtomicInteger JOBS =
      new java.util.concurrent.atomic.AtomicInteger();

  /** {@code mapreduce <phase>} against the shared HBase and YARN. */
  private static String[] phase(String phase, String... more) {
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
                "--zk",
                "127.0.0.1:" + hbase.zkPort(),
                "--hadoop-conf",
                hadoopConf.toString(),
                "--start-delay",
                "3s",
                "--output",
                output()));
    a.addAll(List.of(more));
    return a.toArray(new String[0]);
  }

  @Test
  @Order(1)
  void loadWithTwoTasksInsertsExactlyTheRecords() throws Exception {
    // with a Pushgateway that is not there: every push fails, and that must cost the tasks nothing
    Out o =
        hbload(
            phase(
                "load",
                "-threads",
                "2",
                "-p",
                "status.interval=1",
                "--metrics",
                "pushgateway:http://127.0.0.1:" + closedPort()));
    assertThat(o.exit()).as(o.err()).isZero();
    assertThat(o.count("INSERT", "Return=OK")).isEqualTo(RECORDS);
    assertThat(o.count("INSERT", "Operations")).isEqualTo(RECORDS);
    assertThat(o.out()).contains("[SHARDS], Merged, 2 of 2");
    assertThat(rows()).isEqualTo(RECORDS);
  }

  @Test
  @Order(2)
  void runWithTwoTasksCountsEveryOperationAndVerifiesTheLoadedData() throws Exception {
    Path json = dir.resolve("run.json");
    Path hlog = dir.resolve("run.hlog");
    Out o =
        hbload(
            phase(
                "run",
                "-p",
                "operationcount=3000",
                "--json",
                json.toString(),
                "--hlog",
                hlog.toString()));
    assertThat(o.exit()).as(o.err()).isZero();
    assertThat(o.count("READ", "Return=OK") + o.count("UPDATE", "Return=OK")).isEqualTo(3000);
    assertThat(o.count("VERIFY", "Return=OK"))
        .as("every read verified")
        .isEqualTo(o.count("READ", "Return=OK"))
        .isPositive();
    assertThat(o.out())
        .doesNotContain("-FAILED")
        .doesNotContain("UNEXPECTED_STATE")
        .doesNotContain("Return=ERROR");
    assertThat(o.err()).contains("shards start together at");
    assertThat(Files.readString(json)).contains("\"operations\"");
    assertThat(Files.readString(hlog)).contains("READ.service");
  }

  @Test
  @Order(3)
  void anAttemptKilledMidRunIsRetriedAndEveryOperationCountedOnce() throws Exception {
    // 2000 operations per shard at 100/s: twenty seconds to kill shard 1's first attempt in,
    // counters every second
    // (ten seconds were too few on 2 busy cores when counters reached the client by 3 s progress
    // reports; the embedded YARN's tasks now report every second)
    Future<Out> command =
        background.submit(
            () ->
                hbload(
                    phase(
                        "run",
                        "-p",
                        "operationcount=4000",
                        "-target",
                        "200",
                        "-p",
                        "status.interval=1")));
    Job job = runningJob();
    TaskAttemptID first = attemptWithOperations(job, 1);
    assertThat(job.killTask(first, false)).isTrue();
    Out o = command.get(4, TimeUnit.MINUTES);
    assertThat(o.exit()).as(o.err()).isZero();
    assertThat(o.err()).contains("attempt " + first + " killed");
    assertThat(o.count("READ", "Return=OK") + o.count("UPDATE", "Return=OK")).isEqualTo(4000);
  }

  @Test
  @Order(4)
  void aShardOutOfAttemptsFailsTheJobAndTheFinishedShardIsReportedAsPartial() throws Exception {
    Future<Out> command =
        background.submit(
            () ->
                hbload(
                    phase(
                        "run",
                        "-p",
                        "operationcount=4000",
                        "-target",
                        "200",
                        "-p",
                        "status.interval=1",
                        "-D",
                        "mapreduce.map.maxattempts=2")));
    Job job = runningJob();
    // shard 1 starts over after its first failure, so shard 0 finishes (and commits) before its
    // second one ends
    TaskAttemptID first = attemptWithOperations(job, 1);
    job.failTask(first);
    awaitTask(job, 0, TIPStatus.COMPLETE);
    job.failTask(runningAttempt(job, 1, first, false));
    Out o = command.get(4, TimeUnit.MINUTES);
    assertThat(o.exit()).as(o.err()).isEqualTo(1);
    assertThat(o.err())
        .containsPattern("job failed: task task_\\w+_m_000001 failed: Fail task attempt")
        .contains("report is partial: partial: shard(s) [1] of 2 missing");
    assertThat(o.out()).contains("[SHARDS], Merged, 1 of 2");
    assertThat(o.count("READ", "Return=OK") + o.count("UPDATE", "Return=OK")).isEqualTo(2000);
  }

  /**
   * {@code mapreduce run --metrics pushgateway:URL} against a real Pushgateway: while the shards
   * run, a shard's interval push is there before its final values; at the end the gateway holds one
   * group per shard of the run, and each shard's operation counters equal that shard's committed
   * JSON report. About 15 s (one 2-shard job of ~5 s).
   */
  @Test
  @Order(9)
  void eachTaskPushesItsShardsMetricsToThePushgatewayInItsOwnGroup() throws Exception {
    try (PushgatewayServer gateway = PushgatewayServer.start()) {
      String[] args =
          phase(
              "run",
              "-p",
              "operationcount=2000",
              "-target",
              "400",
              "-p",
              "status.interval=1",
              "--metrics",
              "pushgateway:" + gateway.base());
      Path jobDir = dir.resolve("jobs").resolve("job-" + JOBS.get());
      Future<Out> command = background.submit(() -> hbload(args));
      boolean midRun = false;
      while (!command.isDone()) {
        String s = gateway.scrape();
        for (String shard : List.of("0", "1")) {
          Map<String, String> mine = Map.of("job", "hbload", "shard", shard, "phase", "run");
          midRun |=
              ScrapeText.value(s, "hbload_phase_finished", mine).equals(OptionalDouble.of(0.0))
                  && ScrapeText.value(s, "hbload_operations_completed_total", mine).orElse(0) > 0;
        }
        Thread.sleep(200);
      }
      Out o = command.get();
      assertThat(o.exit()).as(o.err()).isZero();
      assertThat(midRun)
          .as("a shard pushed at a status interval, before its final values")
          .isTrue();

      String scrape = gateway.scrape();
      long total = 0;
      for (int shard = 0; shard < 2; shard++) {
        JsonNode report = shardReport(jobDir, shard);
        Map<String, String> mine =
            Map.of("job", "hbload", "shard", Integer.toString(shard), "phase", "run");
        assertThat(ScrapeText.value(scrape, "hbload_phase_finished", mine))
            .as(scrape)
            .hasValue(1.0);
        assertThat(ScrapeText.value(scrape, "hbload_operations_completed_total", mine))
            .as("shard %d", shard)
            .hasValue(report.path("operations").asDouble());
        for (JsonNode m : report.path("measurements")) {
          if (List.of("READ", "UPDATE").contains(m.path("name").asText())) {
            Map<String, String> op = new java.util.HashMap<>(mine);
            op.putAll(Map.of("operation", m.path("name").asText(), "status", "OK"));
            assertThat(ScrapeText.value(scrape, "hbload_operations_total", op))
                .as("%s", op)
                .hasValue(m.path("operations").asDouble());
          }
        }
        total += report.path("operations").asLong();
      }
      assertThat(total).isEqualTo(2000);
      assertThat(o.count("READ", "Return=OK") + o.count("UPDATE", "Return=OK")).isEqualTo(2000);
      JsonNode groups = new ObjectMapper().readTree(gateway.groups()).path("data");
      List<String> shards = new ArrayList<>();
      for (JsonNode g : groups) {
        assertThat(g.path("labels").path("job").asText()).isEqualTo("hbload");
        assertThat(g.path("last_push_successful").asBoolean()).as("%s", g.path("labels")).isTrue();
        shards.add(g.path("labels").path("shard").asText());
      }
      assertThat(shards).as("one group per shard of the run").containsExactlyInAnyOrder("0", "1");
      assertThat(
              Pattern.compile(
                      "^hbload_operations_completed_total\\{.*shard=\"(\\d+)\"", Pattern.MULTILINE)
                  .matcher(scrape)
                  .results()
                  .map(r -> r.group(1))
                  .distinct()
                  .sorted()
                  .toList())
          .containsExactly("0", "1");
    }
  }

  @Test
  @Order(5)
  void dfsioWriteThenReadVerifiesEveryByteInTheTasks() throws Exception {
    // the write also pushes each task's pass to a Pushgateway (--metrics) where one is installed:
    // no measurable cost
    String fs = hdfs.clientConfiguration().get("fs.defaultFS");
    String[] common = {
      "--files",
      "4",
      "--size",
      "3m",
      "--policy",
      "RS-3-2-1024k",
      "--clients",
      "2",
      "--fs",
      fs,
      "--hadoop-conf",
      hadoopConf.toString(),
      "--start-delay",
      "3s",
      "--format",
      "json"
    };
    Out write;
    if (!PushgatewayServer.installed()) {
      write =
          hbload(
              concat(new String[] {"mapreduce", "dfsio", "write"}, common)); // the rest still runs
    } else {
      try (PushgatewayServer gateway = PushgatewayServer.start()) {
        write =
            hbload(
                concat(
                    new String[] {
                      "mapreduce", "dfsio", "write", "--metrics", "pushgateway:" + gateway.base()
                    },
                    common));
        assertThat(write.exit()).as(write.err()).isZero();
        // each task pushed its own pass, in its own group: two files of 3 MiB each
        String scrape = gateway.scrape();
        for (String shard : List.of("0", "1")) {
          Map<String, String> mine =
              Map.of("job", "hbload", "shard", shard, "pass", "write", "workload", "dfsio");
          assertThat(ScrapeText.value(scrape, "hbload_dfsio_bytes_total", mine))
              .as(scrape)
              .hasValue(2 * 3 * 1048576.0);
          assertThat(ScrapeText.value(scrape, "hbload_dfsio_files_total", mine)).hasValue(2.0);
        }
        List<String> groups = new ArrayList<>();
        new ObjectMapper()
            .readTree(gateway.groups())
            .path("data")
            .forEach(g -> groups.add(g.path("labels").path("shard").asText()));
        assertThat(groups).as("one group per task").containsExactlyInAnyOrder("0", "1");
      }
    }
    assertThat(hdfs.fileSystem().listStatus(new org.apache.hadoop.fs.Path("/user")))
        .as("job files on HDFS")
        .isNotEmpty();
    assertThat(write.exit()).as(write.err()).isZero();
    assertThat(write.out())
        .contains(
            "\"phase\": \"write\"",
            "\"policy\": \"RS-3-2-1024k\"",
            "\"files\": 4",
            "\"bytes\": " + 4 * 3 * 1048576)
        .containsPattern("\"coder\": \"rs_(isal|java|native)\"");
    assertThat(write.err()).containsPattern("coder rs_\\w+ in tasks \\[0, 1]; ISA-L in task 0: ");
    Out read = hbload(concat(new String[] {"mapreduce", "dfsio", "read"}, common));
    assertThat(read.exit()).as(read.err()).isZero();
    assertThat(read.out())
        .contains("\"phase\": \"read\"", "\"mismatchedBytes\": 0", "\"bytes\": " + 4 * 3 * 1048576);

    // the tasks really compare the bytes: one byte changed in file 3 fails the read
    org.apache.hadoop.fs.Path file =
        new org.apache.hadoop.fs.Path("/benchmarks/hbload-dfsio/rs-3-2-1024k/file-00003");
    DistributedFileSystem dfs = hdfs.fileSystem();
    byte[] content;
    try (var in = dfs.open(file)) {
      content = in.readAllBytes();
    }
    content[1_234_567] ^= 0x5a;
    try (FSDataOutputStream out =
        dfs.createFile(file).overwrite(true).ecPolicyName("RS-3-2-1024k").build()) {
      out.write(content);
    }
    Out corrupted = hbload(concat(new String[] {"mapreduce", "dfsio", "read"}, common));
    assertThat(corrupted.exit()).isEqualTo(1);
    assertThat(corrupted.out()).contains("\"mismatchedBytes\": 1");
    assertThat(corrupted.err()).contains("1 bytes read did not match what was written");
  }

  /**
   * The default a user meets first: the built jar with nothing configured starts its own embedded
   * HBase and YARN (not this class's clusters), loads, runs two map tasks whose JVMs get the fat
   * jar's class path, and cleans up.
   */
  @Test
  @Order(6)
  void theJarWithNothingConfiguredRunsOnItsOwnEmbeddedHBaseAndYarn() throws Exception {
    Path work = Files.createDirectories(dir.resolve("jar-run"));
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx1g",
            "-jar",
            Path.of(System.getProperty("hbload.jar", "target/hbload.jar"))
                .toAbsolutePath()
                .toString(),
            "mapreduce",
            "run",
            "-w",
            "a",
            "-p",
            "recordcount=500",
            "-p",
            "operationcount=1000",
            "--clients",
            "2",
            "--start-delay",
            "5s");
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .directory(work.toFile())
            .redirectOutput(work.resolve("out.txt").toFile())
            .redirectError(work.resolve("err.txt").toFile());
    pb.environment().remove("HADOOP_CONF_DIR");
    long t0 = System.nanoTime();
    Process p = pb.start();
    if (!p.waitFor(4, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("timed out; stderr: " + Files.readString(work.resolve("err.txt")));
    }
    Out o =
        new Out(
            p.exitValue(),
            Files.readString(work.resolve("out.txt")),
            Files.readString(work.resolve("err.txt")));
    System.err.printf(
        "MapReduceIT: java -jar hbload.jar %s -> %d in %.1f s%n%s",
        String.join(" ", command.subList(4, command.size())),
        o.exit(),
        (System.nanoTime() - t0) / 1e9,
        o.err());
    assertThat(o.exit()).as(o.err()).isZero();
    assertThat(o.err()).contains("EMBEDDED HBASE + YARN", "loading 500 records from here first");
    assertThat(o.count("READ", "Return=OK") + o.count("UPDATE", "Return=OK")).isEqualTo(1000);
    assertThat(o.out()).contains("[SHARDS], Merged, 2 of 2");
  }

  /**
   * {@code mapreduce pe} against the shared HBase and YARN: 2 clients (map tasks) of {@value
   * #PE_ROWS} rows each.
   */
  private static String[] pe(String command, String... more) {
    List<String> a =
        new ArrayList<>(
            List.of(
                "mapreduce",
                "pe",
                "--rows=" + PE_ROWS,
                "--valueSize=" + PE_VALUE,
                "--zk",
                "127.0.0.1:" + hbase.zkPort(),
                "--hadoop-conf",
                hadoopConf.toString(),
                "--start-delay",
                "3s",
                "--output",
                output()));
    a.addAll(List.of(more));
    a.addAll(List.of(command, "2"));
    return a.toArray(new String[0]);
  }

  private static final int PE_ROWS = 300;
  private static final int PE_VALUE = 100;

  /** PE measures a client's rows after its first (measureAfter 0: (i - startRow) > 0). */
  private static final int PE_MEASURED = PE_ROWS - 1;

  /**
   * PE's MapReduce mode as PE runs it: client I is map task I and writes PE's rows of client I, I x
   * rows .. (I+1) x rows - 1; the driver prints each client's PE lines from what its task
   * committed, then the aggregate and YCSB's report of the merged shards, and writes the JSON and
   * hlog.
   */
  @Test
  @Order(7)
  void peSequentialWriteWithTwoMapTasksWritesEachClientsRowsAndReportsBothClients()
      throws Exception {
    Path json = dir.resolve("pe-write.json");
    Path hlog = dir.resolve("pe-write.hlog");
    Out o = hbload(pe("sequentialWrite", "--json", json.toString(), "--hlog", hlog.toString()));
    assertThat(o.exit()).as(o.err()).isZero();
    assertPeClients(o, "SequentialWriteTest");
    assertThat(o.count("INSERT", "Return=OK")).isEqualTo(2 * PE_MEASURED);
    assertThat(o.out()).contains("[SHARDS], Merged, 2 of 2").doesNotContain("-FAILED");
    assertThat(o.err()).contains("submitted job_").doesNotContain("counted");
    assertThat(Files.readString(json)).contains("\"operations\"", "INSERT");
    assertThat(Files.readString(hlog)).contains("INSERT.service");

    // every row of both clients is there once, under PE's key, with a PE-shaped value of
    // --valueSize bytes
    assertPeRows(PeLayout.DEFAULT_TABLE, 2 * PE_ROWS);
  }

  /**
   * The reverse: each map task reads its client's rows back, every read finding a PE-shaped value.
   * Where a Pushgateway is installed, the clients push their meters to it (--metrics): one group
   * per client, each client's final READ counter its own reads.
   */
  @Test
  @Order(8)
  void peSequentialReadWithTwoMapTasksReadsEveryRowTheWriteLeft() throws Exception {
    Out o;
    if (!PushgatewayServer.installed()) {
      o = hbload(pe("sequentialRead")); // the rest still runs
    } else {
      try (PushgatewayServer gateway = PushgatewayServer.start()) {
        o = hbload(pe("sequentialRead", "--metrics", "pushgateway:" + gateway.base()));
        assertThat(o.exit()).as(o.err()).isZero();
        String scrape = gateway.scrape();
        for (String client : List.of("0", "1")) {
          Map<String, String> mine =
              Map.of(
                  "job",
                  "hbload",
                  "shard",
                  client,
                  "workload",
                  "pe-sequentialRead",
                  "operation",
                  "READ",
                  "status",
                  "OK");
          assertThat(ScrapeText.value(scrape, "hbload_operations_total", mine))
              .as(scrape)
              .hasValue((double) PE_MEASURED);
        }
        List<String> groups = new ArrayList<>();
        new ObjectMapper()
            .readTree(gateway.groups())
            .path("data")
            .forEach(g -> groups.add(g.path("labels").path("shard").asText()));
        assertThat(groups).as("one group per PE client").containsExactlyInAnyOrder("0", "1");
      }
    }
    assertThat(o.exit()).as(o.err()).isZero();
    assertPeClients(o, "SequentialReadTest");
    assertThat(o.count("READ", "Return=OK")).isEqualTo(2 * PE_MEASURED);
    assertThat(o.out())
        .doesNotContain("-FAILED")
        .doesNotContain("NOT_FOUND")
        .doesNotContain("UNEXPECTED_STATE")
        .doesNotContain("Reads with a missing or malformed value");
  }

  /**
   * A scan command: each client's rows scanned travel back from its task with its other figures,
   * and on a table of PE's rows 0..599 every scan returns all the rows its range holds.
   */
  @Test
  @Order(11)
  void peScanRangeWithTwoMapTasksReportsEachClientsRowsScanned() {
    Out o = hbload(pe("scanRange10"));
    assertThat(o.exit()).as(o.err()).isZero();
    assertPeClients(o, "RandomScanWithRange10Test");
    assertThat(o.count("SCAN", "Return=OK")).isEqualTo(2 * PE_MEASURED);
    Matcher scanned =
        Pattern.compile(
                "^Rows scanned : (\\d+) \\(a table of rows 0\\.\\."
                    + (2 * PE_ROWS - 1)
                    + " holds (\\d+) in the ranges scanned\\)$",
                Pattern.MULTILINE)
            .matcher(o.out());
    int clients = 0;
    while (scanned.find()) {
      clients++;
      assertThat(Long.parseLong(scanned.group(1)))
          .as(scanned.group())
          .isPositive()
          .isEqualTo(Long.parseLong(scanned.group(2)));
    }
    assertThat(clients).as(o.out()).isEqualTo(2);
  }

  /**
   * PE's async commands through map tasks, each task's client on HBase's AsyncTable (a pipelined
   * worker): asyncSequentialWrite with 8 calls in flight per client writes each client's rows with
   * PE's values, and asyncRandomRead, PE's way (waiting on each call), reads rows back and checks
   * every value. Both report both clients, the aggregate as their sum, the merged shards, JSON and
   * hlog. The write takes the default job directory, here on the MiniDFSCluster ({@code -D
   * fs.defaultFS}): named for the PE command it holds. Its own table, so it runs alone too. About
   * 40 s (two 2-task jobs of 300 rows per client, ~20 s each).
   */
  @Test
  @Order(12)
  void peAsyncSequentialWriteThenAsyncRandomReadWithTwoMapTasks() throws Exception {
    String table = "--table=PeAsync";
    Path json = dir.resolve("pe-async-write.json");
    Path hlog = dir.resolve("pe-async-write.hlog");
    String fs = hdfs.clientConfiguration().get("fs.defaultFS");
    List<String> write =
        new ArrayList<>(
            List.of(
                pe(
                    "asyncSequentialWrite",
                    table,
                    "--inflight=8",
                    "--json",
                    json.toString(),
                    "--hlog",
                    hlog.toString(),
                    "-D",
                    "fs.defaultFS=" + fs)));
    int output = write.indexOf("--output");
    write.subList(output, output + 2).clear(); // the default job directory
    Out o = hbload(write.toArray(new String[0]));
    assertThat(o.exit()).as(o.err()).isZero();
    assertPeClients(o, "AsyncSequentialWriteTest");
    assertThat(o.count("INSERT", "Return=OK")).isEqualTo(2 * PE_MEASURED);
    assertThat(o.count("INSERT", "Operations")).isEqualTo(2 * PE_MEASURED);
    assertThat(o.out()).contains("[SHARDS], Merged, 2 of 2").doesNotContain("-FAILED");
    assertThat(o.err()).contains("submitted job_").doesNotContain("counted");
    // each task kept several puts outstanding (an RPC takes far longer than issuing one), never
    // more than 8
    assertThat(mostInFlight(o)).hasSize(2).allSatisfy(n -> assertThat(n).isBetween(2, 8));
    assertThat(Files.readString(json)).contains("\"operations\"", "INSERT");
    assertThat(Files.readString(hlog)).contains("INSERT.service");
    // the job directory says what ran, in both of the driver's lines naming it, and holds both
    // clients' files
    Matcher jobDir =
        Pattern.compile(
                "shards start together at \\S+; shard files in (hdfs://\\S+/hbload-mapreduce/"
                    + "pe-asyncSequentialWrite-\\d{8}-\\d{6}-\\d{3})$",
                Pattern.MULTILINE)
            .matcher(o.err());
    assertThat(jobDir.find()).as(o.err()).isTrue();
    assertThat(o.err()).contains("shard files in " + jobDir.group(1) + "\n");
    for (int client = 0; client < 2; client++) {
      assertThat(
              hdfs.fileSystem()
                  .exists(
                      new org.apache.hadoop.fs.Path(
                          jobDir.group(1) + "/output/" + ShardFiles.name(client, ShardFiles.PE))))
          .as("client %d's committed .pe", client)
          .isTrue();
    }
    assertPeRows("PeAsync", 2 * PE_ROWS);

    Out read = hbload(pe("asyncRandomRead", table));
    assertThat(read.exit()).as(read.err()).isZero();
    assertPeClients(read, "AsyncRandomReadTest");
    assertThat(read.count("READ", "Return=OK")).isEqualTo(2 * PE_MEASURED);
    assertThat(read.out())
        .contains("[SHARDS], Merged, 2 of 2")
        .doesNotContain("-FAILED")
        .doesNotContain("NOT_FOUND")
        .doesNotContain("UNEXPECTED_STATE")
        .doesNotContain("Reads with a missing or malformed value");
    assertThat(mostInFlight(read))
        .as("PE's way: each client waits on every call")
        .containsExactly(1, 1);
  }

  /** Each client's most calls outstanding at once, from its "Most operations in flight" line. */
  private static List<Integer> mostInFlight(Out o) {
    return Pattern.compile("^Most operations in flight : (\\d+)$", Pattern.MULTILINE)
        .matcher(o.out())
        .results()
        .map(r -> Integer.parseInt(r.group(1)))
        .toList();
  }

  /**
   * Every row 0 .. rows-1 of PE's {@code table} once, in order, with a PE-shaped value of {@value
   * #PE_VALUE} bytes.
   */
  private static void assertPeRows(String table, int rows) throws Exception {
    try (Connection c = ConnectionFactory.createConnection(hbase.clientConfiguration());
        Table t = c.getTable(TableName.valueOf(table));
        ResultScanner s = t.getScanner(new Scan())) {
      int row = 0;
      for (Result r : s) {
        assertThat(r.getRow()).as("row %d's key", row).isEqualTo(PeLayout.rowKey(row));
        byte[] v = r.getValue(PeLayout.family(0), PeLayout.qualifier(0));
        assertThat(v).as("row %d's value", row).hasSize(PE_VALUE);
        assertThat(PeLayout.wellFormed(v, 0, v.length))
            .as("row %d's value is PE's data", row)
            .isTrue();
        row++;
      }
      assertThat(row).isEqualTo(rows);
    }
  }

  /**
   * The driver's preparation for a cluster that starts empty (the embedded one): a read command's
   * table gets PE's rows 0 .. totalRows-1 first, readable at once.
   */
  @Test
  @Order(10)
  void peShardSetupWritesAReadCommandsRowsOnAClusterThatStartsEmpty() throws Exception {
    io.hbload.hbase.pe.PeSpec spec =
        io.hbload.hbase.pe.PeSpec.validated(
            new io.hbload.hbase.pe.PeWorkload(
                io.hbload.hbase.pe.PeTest.SEQUENTIAL_READ,
                1,
                PE_VALUE,
                false,
                false,
                0,
                true,
                0,
                0),
            50,
            null,
            0,
            new io.hbload.hbase.pe.PeTableOptions(
                "PeStartsEmpty",
                1,
                0,
                1,
                org.apache.hadoop.hbase.io.compress.Compression.Algorithm.NONE,
                org.apache.hadoop.hbase.io.encoding.DataBlockEncoding.NONE,
                org.apache.hadoop.hbase.regionserver.BloomType.ROW,
                false,
                65536,
                org.apache.hadoop.hbase.MemoryCompactionPolicy.NONE,
                ""),
            new io.hbload.hbase.pe.PeExecution(2, false, false, 0, 1.0f, 0, 0),
            new io.hbload.hbase.pe.PeScanOptions(
                30, false, true, false, org.apache.hadoop.hbase.client.Scan.ReadType.DEFAULT));
    try (Connection c = ConnectionFactory.createConnection(hbase.clientConfiguration())) {
      io.hbload.hbase.pe.PeShardSetup.prepare(c, spec, true, System.err);
      try (Table t = c.getTable(TableName.valueOf("PeStartsEmpty"));
          ResultScanner s = t.getScanner(new Scan())) {
        int row = 0;
        for (Result r : s) {
          assertThat(r.getRow()).isEqualTo(PeLayout.rowKey(row));
          assertThat(r.getValue(PeLayout.family(0), PeLayout.qualifier(0))).hasSize(PE_VALUE);
          row++;
        }
        assertThat(row).isEqualTo(100);
      }
    }
  }

  /**
   * PE's lines for 2 clients as a user reads them: client I's test line, latency line, measures and
   * its Finished line at its own offset; the aggregate's count is the sum of the clients'.
   */
  private static void assertPeClients(Out o, String test) {
    Matcher latency =
        Pattern.compile(
                "^Latency \\(us\\) : mean=[\\d.]+, min=[\\d.]+, max=[\\d.]+, stdDev=[\\d.]+, "
                    + "50th=[\\d.]+, 75th=[\\d.]+, 95th=[\\d.]+, 99th=[\\d.]+, 99.9th=[\\d.]+, 99.99th=[\\d.]+, 99.999th=[\\d.]+$",
                Pattern.MULTILINE)
            .matcher(o.out());
    int lines = 0;
    while (latency.find()) {
      lines++;
    }
    assertThat(lines).as("one latency line per client:%n%s", o.out()).isEqualTo(2);
    long sum = 0;
    for (int i = 0; i < 2; i++) {
      assertThat(o.out())
          .contains("Test : " + test + ", Thread : TestClient-" + i)
          .containsPattern(
              "Finished "
                  + test
                  + " in \\d+ms at offset "
                  + i * PE_ROWS
                  + " for "
                  + PE_ROWS
                  + " rows \\([\\d.]+ MB/s\\)");
    }
    Matcher measures =
        Pattern.compile("^Num measures \\(latency\\) : (\\d+)$", Pattern.MULTILINE)
            .matcher(o.out());
    while (measures.find()) {
      assertThat(Long.parseLong(measures.group(1))).isEqualTo(PE_MEASURED);
      sum += Long.parseLong(measures.group(1));
    }
    assertThat(sum).isEqualTo(2L * PE_MEASURED);
    assertThat(o.out())
        .contains("[" + test + "] Summary of timings (ms): [")
        .contains("[ All clients ] 2 clients, " + sum + " measured operations in ")
        .containsPattern("(?m)^\\[ All clients \\] Latency \\(us\\) : mean=");
    // PE's lines come first, then YCSB's report
    assertThat(o.out().indexOf("[ All clients ]"))
        .isLessThan(o.out().indexOf("[OVERALL], RunTime(ms)"));
  }

  private static String[] concat(String[] a, String[] b) {
    String[] c = new String[a.length + b.length];
    System.arraycopy(a, 0, c, 0, a.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  private static long rows() throws Exception {
    try (Connection c = ConnectionFactory.createConnection(hbase.clientConfiguration());
        Table t = c.getTable(TableName.valueOf("usertable"));
        ResultScanner s = t.getScanner(new Scan().setFilter(new FirstKeyOnlyFilter()))) {
      long n = 0;
      for (Result ignored : s) {
        n++;
      }
      return n;
    }
  }

  /** The job the command under test submitted, once it runs. */
  private static Job runningJob() throws Exception {
    Cluster cluster = new Cluster(yarn.clientConfiguration());
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (System.nanoTime() < deadline) {
      for (JobStatus s : cluster.getAllJobStatuses()) {
        if (s.getState() == JobStatus.State.RUNNING && s.getJobName().startsWith("hbload run")) {
          return cluster.getJob(s.getJobID());
        }
      }
      Thread.sleep(250);
    }
    throw new AssertionError("no hbload job started");
  }

  /** The running attempt of map task {@code index} once the task has reported operations. */
  private static TaskAttemptID attemptWithOperations(Job job, int index) throws Exception {
    return runningAttempt(job, index, null, true);
  }

  /**
   * The newest running attempt of map task {@code index} other than {@code not}, once the task has
   * reported operations when {@code withOperations} (a task's counters are its best attempt's, so
   * they say nothing of a new attempt).
   */
  private static TaskAttemptID runningAttempt(
      Job job, int index, TaskAttemptID not, boolean withOperations) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (System.nanoTime() < deadline) {
      TaskReport r = report(job, index);
      if (r != null
          && r.getCurrentStatus() == TIPStatus.RUNNING
          && !r.getRunningTaskAttemptIds().isEmpty()
          && (!withOperations
              || r.getTaskCounters().findCounter(ShardCounter.OPERATIONS).getValue() > 0)) {
        TaskAttemptID newest =
            r.getRunningTaskAttemptIds().stream()
                .max(java.util.Comparator.comparingInt(TaskAttemptID::getId))
                .orElseThrow();
        if (!newest.equals(not)) {
          return newest;
        }
      }
      Thread.sleep(100);
    }
    throw new AssertionError(
        "map task "
            + index
            + " has no "
            + (not == null ? "" : "new ")
            + "running attempt"
            + (withOperations ? " with operations" : ""));
  }

  private static void awaitTask(Job job, int index, TIPStatus status) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (System.nanoTime() < deadline) {
      TaskReport r = report(job, index);
      if (r != null && r.getCurrentStatus() == status) {
        return;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("map task " + index + " never " + status);
  }

  private static TaskReport report(Job job, int index) throws Exception {
    for (TaskReport r : job.getTaskReports(TaskType.MAP)) {
      if (r.getTaskID().getId() == index) {
        return r;
      }
    }
    return null;
  }

  /** A loopback port nothing listens on (it was free a moment ago). */
  private static int closedPort() throws java.io.IOException {
    try (java.net.ServerSocket s =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** Shard {@code index}'s committed JSON report in the job directory. */
  private static JsonNode shardReport(Path jobDir, int index) throws Exception {
    try (var files = Files.walk(jobDir)) {
      List<Path> found =
          files
              .filter(
                  f -> f.getFileName().toString().equals(ShardFiles.name(index, ShardFiles.JSON)))
              .toList();
      assertThat(found).as("shard %d's committed report in %s", index, jobDir).hasSize(1);
      return new ObjectMapper().readTree(found.get(0).toFile());
    }
  }
}
