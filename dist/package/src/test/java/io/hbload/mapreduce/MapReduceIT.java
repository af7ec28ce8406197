package io.hbload.mapreduce;

import static io.hbload.core.testing.Waits.await;
import static io.hbload.mapreduce.MapReduceClusters.hbload;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.hbase.embedded.EmbeddedHBase;
import io.hbload.mapreduce.MapReduceClusters.Out;
import io.hbload.mapreduce.cluster.EmbeddedYarn;
import io.hbload.mapreduce.config.ShardFiles;
import io.hbload.mapreduce.task.ShardCounter;
import io.hbload.observe.PushgatewayServer;
import io.hbload.observe.ScrapeText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
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
 * {@code hbload mapreduce load} and {@code run} of a YCSB workload end to end on real in-process
 * clusters shared by the class ({@link MapReduceClusters}: an embedded HBase and a
 * MapReduce-on-YARN cluster whose map tasks are separate JVMs). The command runs as the CLI runs
 * it, pointed at these clusters with {@code --zk} and {@code --hadoop-conf}. Faults are injected
 * through MapReduce's own client API (kill or fail a running attempt), as an operator would.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MapReduceIT {
  private static final int RECORDS = 2000;
  private static MapReduceClusters clusters;
  private static EmbeddedHBase hbase;
  private static EmbeddedYarn yarn;
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
    clusters = MapReduceClusters.start("MapReduceIT", false);
    hbase = clusters.hbase();
    yarn = clusters.yarn();

    dir = clusters.dir();
    hadoopConf = clusters.hadoopConf();
  }

  @AfterAll
  static void stopClusters() throws Exception {
    if (clusters != null) {
      clusters.close();
    }
  }

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
                clusters.output()));
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
   * {@code mapreduce run} with {@code --json}, {@code --hlog} and {@code --metrics pushgateway:URL}
   * against a real Pushgateway: every operation counted once and every read verified; while the
   * shards run, a shard's interval push is there before its final values; at the end the gateway
   * holds one group per shard of the run, and each shard's operation counters equal that shard's
   * committed JSON report. One job checks all of it: each job costs ~20 s of YARN and task JVM
   * start. Without a Pushgateway installed, the run's own checks still run.
   */
  @Test
  @Order(2)
  void runWithTwoTasksCountsVerifiesAndPushesEachShardsMetricsInItsOwnGroup() throws Exception {
    Path json = dir.resolve("run.json");
    Path hlog = dir.resolve("run.hlog");
    List<String> args =
        new ArrayList<>(
            List.of(
                "-p",
                "operationcount=3000",
                "-target",
                "600",
                "-p",
                "status.interval=1",
                "--json",
                json.toString(),
                "--hlog",
                hlog.toString()));
    PushgatewayServer gateway = PushgatewayServer.installed() ? PushgatewayServer.start() : null;
    try {
      if (gateway != null) {
        args.addAll(List.of("--metrics", "pushgateway:" + gateway.base()));
      }
      String[] command = phase("run", args.toArray(new String[0]));
      Path jobDir = clusters.lastOutput();
      Future<Out> running = background.submit(() -> hbload(command));
      AtomicBoolean midRun = new AtomicBoolean();
      if (gateway != null) { // polls a real Pushgateway while a real job runs
        await(
                "a shard's push at a status interval, or the job's end",
                Duration.ofMinutes(4),
                Duration.ofMillis(200))
            .until(
                () -> {
                  midRun.set(pushedMidRun(gateway.scrape()));
                  return midRun.get() || running.isDone();
                });
      }
      Out o = running.get();
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
      if (gateway != null) {
        assertThat(midRun.get())
            .as("a shard pushed at a status interval, before its final values")
            .isTrue();
        assertPushedGroups(gateway.scrape(), gateway.groups(), jobDir, 3000);
      }
    } finally {
      if (gateway != null) {
        gateway.close();
      }
    }
  }

  /** Whether a shard's push is there with operations, before its final values. */
  private static boolean pushedMidRun(String scrape) {
    for (String shard : List.of("0", "1")) {
      Map<String, String> mine = Map.of("job", "hbload", "shard", shard, "phase", "run");
      if (ScrapeText.value(scrape, "hbload_phase_finished", mine).equals(OptionalDouble.of(0.0))
          && ScrapeText.value(scrape, "hbload_operations_completed_total", mine).orElse(0) > 0) {
        return true;
      }
    }
    return false;
  }

  /** One group per shard of the run, each with the counters of that shard's committed report. */
  private static void assertPushedGroups(String scrape, String groupsJson, Path jobDir, long ops)
      throws Exception {
    long total = 0;
    for (int shard = 0; shard < 2; shard++) {
      JsonNode report = shardReport(jobDir, shard);
      Map<String, String> mine =
          Map.of("job", "hbload", "shard", Integer.toString(shard), "phase", "run");
      assertThat(ScrapeText.value(scrape, "hbload_phase_finished", mine)).as(scrape).hasValue(1.0);
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
    assertThat(total).isEqualTo(ops);
    JsonNode groups = new ObjectMapper().readTree(groupsJson).path("data");
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
    JobStatus running =
        await("a running hbload job", Duration.ofMinutes(2), Duration.ofMillis(250))
            .until(
                () ->
                    Arrays.stream(cluster.getAllJobStatuses())
                        .filter(
                            s ->
                                s.getState() == JobStatus.State.RUNNING
                                    && s.getJobName().startsWith("hbload run"))
                        .findFirst()
                        .orElse(null),
                Objects::nonNull);
    return cluster.getJob(running.getJobID());
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
      Job job, int index, TaskAttemptID not, boolean withOperations) {
    return await(
            "a "
                + (not == null ? "" : "new ")
                + "running attempt of map task "
                + index
                + (withOperations ? " with operations" : ""),
            Duration.ofMinutes(2),
            Duration.ofMillis(100))
        .until(
            () -> newestRunningAttempt(report(job, index), withOperations),
            a -> a != null && !a.equals(not));
  }

  /** The newest running attempt of a running task, once it has operations if asked; else null. */
  private static TaskAttemptID newestRunningAttempt(TaskReport r, boolean withOperations) {
    if (r == null
        || r.getCurrentStatus() != TIPStatus.RUNNING
        || r.getRunningTaskAttemptIds().isEmpty()
        || (withOperations
            && r.getTaskCounters().findCounter(ShardCounter.OPERATIONS).getValue() == 0)) {
      return null;
    }
    return r.getRunningTaskAttemptIds().stream()
        .max(java.util.Comparator.comparingInt(TaskAttemptID::getId))
        .orElseThrow();
  }

  private static void awaitTask(Job job, int index, TIPStatus status) {
    await("map task " + index + " " + status, Duration.ofMinutes(2), Duration.ofMillis(100))
        .until(() -> report(job, index), r -> r != null && r.getCurrentStatus() == status);
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
