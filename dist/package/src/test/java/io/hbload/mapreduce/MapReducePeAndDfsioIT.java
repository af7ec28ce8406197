package io.hbload.mapreduce;

import static io.hbload.mapreduce.MapReduceClusters.concat;
import static io.hbload.mapreduce.MapReduceClusters.hbload;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.hbase.embedded.EmbeddedHBase;
import io.hbload.hbase.pe.PeLayout;
import io.hbload.hdfs.cluster.EmbeddedCluster;
import io.hbload.mapreduce.MapReduceClusters.Out;
import io.hbload.mapreduce.cluster.EmbeddedYarn;
import io.hbload.mapreduce.config.ShardFiles;
import io.hbload.observe.PushgatewayServer;
import io.hbload.observe.ScrapeText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@code hbload mapreduce pe} and {@code mapreduce dfsio} end to end on real in-process clusters
 * shared by the class ({@link MapReduceClusters}: an embedded HBase, a 5-DataNode MiniDFSCluster
 * and a MapReduce-on-YARN cluster whose map tasks are separate JVMs), pointed at them with {@code
 * --zk}, {@code --fs} and {@code --hadoop-conf}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MapReducePeAndDfsioIT {
  private static MapReduceClusters clusters;
  private static EmbeddedHBase hbase;
  private static EmbeddedYarn yarn;
  private static EmbeddedCluster hdfs;
  private static Path dir;
  private static Path hadoopConf;

  @BeforeAll
  static void startClusters() throws Exception {
    clusters = MapReduceClusters.start("MapReducePeAndDfsioIT", true);
    hbase = clusters.hbase();
    yarn = clusters.yarn();
    hdfs = clusters.hdfs();
    dir = clusters.dir();
    hadoopConf = clusters.hadoopConf();
  }

  @AfterAll
  static void stopClusters() throws Exception {
    if (clusters != null) {
      clusters.close();
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
                clusters.output()));
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
}
