package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.cli.contract.ExitCode;
import io.hbload.core.config.Phase;
import io.hbload.core.launch.Launcher;
import io.hbload.core.measure.Measure;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.result.RunResult;
import io.hbload.core.spec.RunSpec;
import io.hbload.hbase.pe.PeBindingProvider;
import io.hbload.hbase.pe.PeClientResult;
import io.hbload.hbase.pe.PeLayout;
import io.hbload.hbase.testkit.HBaseExtension;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code hbload pe} command with 2 clients on the embedded cluster the IT classes share, each
 * checked by what it did to the table, read back with a plain HBase client, and by its output: PE's
 * per-client lines, the aggregate block and YCSB's report. Rows are few (CI cost).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PeCommandIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.shared();

  /** PE's latency line, every figure in microseconds with two decimals. */
  static final Pattern LATENCY_LINE =
      Pattern.compile(
          "Latency \\(us\\) : mean=\\d+\\.\\d\\d, min=\\d+\\.\\d\\d, max=\\d+\\.\\d\\d,"
              + " stdDev=\\d+\\.\\d\\d, 50th=\\d+\\.\\d\\d, 75th=\\d+\\.\\d\\d, 95th=\\d+\\.\\d\\d,"
              + " 99th=\\d+\\.\\d\\d, 99\\.9th=\\d+\\.\\d\\d, 99\\.99th=\\d+\\.\\d\\d,"
              + " 99\\.999th=\\d+\\.\\d\\d");

  private static Connection connection;

  @BeforeAll
  static void connect() throws IOException {
    connection = ConnectionFactory.createConnection(HBASE.hbase().configuration());
  }

  @AfterAll
  static void disconnect() throws IOException {
    connection.close();
  }

  private static CommandOutput pe(String... args) {
    return pe(HBASE, args);
  }

  /**
   * {@code hbload pe --nomapred} against {@code hbase}'s cluster, asserting exit 0 (shown with its
   * output if not).
   */
  static CommandOutput pe(HBaseExtension hbase, String... args) {
    List<String> argv =
        new ArrayList<>(
            List.of(
                "pe",
                "--nomapred",
                "--zk=" + hbase.hbase().zkQuorum() + ":" + hbase.hbase().zkPort()));
    argv.addAll(Arrays.asList(args));
    CommandOutput o = CommandOutput.of(HbloadCommand.commandLine(), argv.toArray(new String[0]));
    assertThat(o.exit()).as("%s%n%s%n%s", argv, o.out(), o.err()).isZero();
    return o;
  }

  /**
   * YCSB's Return=OK count of a measurement, and no other outcome. As in PE, a client measures the
   * rows after its first --measureAfter + 1 (PE's "(i - startRow) > measureAfter"), so 2 clients of
   * N rows record 2 x (N - 1).
   */
  private static void assertOnlyOk(CommandOutput o, String measure, long count) {
    assertThat(o.out()).contains("[" + measure + "], Return=OK, " + count + "\n");
    assertThat(o.out()).doesNotContainPattern("\\[" + measure + "\\], Return=(?!OK)");
    assertThat(o.out()).doesNotContain(measure + "-FAILED");
  }

  private static List<Long> rowsScanned(CommandOutput o, long expected) {
    List<Long> scanned = new ArrayList<>();
    Matcher m =
        Pattern.compile("Rows scanned : (\\d+) \\(a table of rows 0\\.\\.\\d+ holds (\\d+) in")
            .matcher(o.out());
    while (m.find()) {
      assertThat(m.group(1)).as("rows scanned = rows in the ranges").isEqualTo(m.group(2));
      scanned.add(Long.parseLong(m.group(1)));
    }
    assertThat(scanned).as(o.out()).hasSize(2);
    assertThat(scanned.stream().mapToLong(Long::longValue).sum()).isGreaterThanOrEqualTo(expected);
    return scanned;
  }

  @Test
  @Order(1)
  void sequentialWriteWritesPesLayoutAndPrintsPesLines() throws IOException {
    CommandOutput o = pe("--rows=200", "--valueSize=100", "sequentialWrite", "2");
    assertThat(o.outLines())
        .containsSubsequence(
            "Test : SequentialWriteTest, Thread : TestClient-0",
            "Test : SequentialWriteTest, Thread : TestClient-1");
    assertThat(o.outLines().stream().filter(l -> l.contains("Latency (us) : ")))
        .hasSize(3)
        .allSatisfy(l -> assertThat(l).matches("(\\[ All clients \\] )?" + LATENCY_LINE.pattern()));
    assertThat(o.outLines())
        .anySatisfy(
            l ->
                assertThat(l)
                    .matches(
                        "Finished SequentialWriteTest in \\d+ms at offset 0 for 200 rows \\([\\d.]+"
                            + " MB/s\\)"));
    assertThat(o.outLines())
        .anySatisfy(
            l ->
                assertThat(l)
                    .matches(
                        "Finished SequentialWriteTest in \\d+ms at offset 200 for 200 rows"
                            + " \\([\\d.]+ MB/s\\)"));
    assertThat(o.out())
        .contains(
            "[SequentialWriteTest] Summary of timings (ms): [",
            "[ Avg TPS/QPS]\t",
            "[ All clients ] 2 clients, 398 measured operations in ");
    // PE's lines come before YCSB's report
    assertThat(o.out().indexOf("[ All clients ]"))
        .isLessThan(o.out().indexOf("[OVERALL], RunTime(ms)"));
    assertOnlyOk(o, "INSERT", 398);

    try (Table t = connection.getTable(TableName.valueOf("TestTable"));
        ResultScanner s = t.getScanner(new Scan())) {
      int n = 0;
      for (Result r : s) {
        assertThat(Bytes.toString(r.getRow())).isEqualTo(String.format("%026d", n));
        Cell[] cells = r.rawCells();
        assertThat(cells).hasSize(1);
        assertThat(
                Bytes.toString(
                    cells[0].getFamilyArray(),
                    cells[0].getFamilyOffset(),
                    cells[0].getFamilyLength()))
            .isEqualTo("info0");
        assertThat(
                Bytes.toString(
                    cells[0].getQualifierArray(),
                    cells[0].getQualifierOffset(),
                    cells[0].getQualifierLength()))
            .isEqualTo("0");
        assertThat(cells[0].getValueLength()).isEqualTo(100);
        assertThat(PeLayout.wellFormed(cells[0].getValueArray(), cells[0].getValueOffset(), 100))
            .isTrue();
        n++;
      }
      assertThat(n).isEqualTo(400);
    }
  }

  @Test
  @Order(2)
  void sequentialReadVerifiesEveryValueAndWritesJsonAndHlog(@TempDir Path dir) throws IOException {
    Path json = dir.resolve("pe.json");
    Path hlog = dir.resolve("pe.hlog");
    Path html = dir.resolve("pe.html");
    CommandOutput o =
        pe(
            "--rows=200",
            "--valueSize=100",
            "--json",
            json.toString(),
            "--hlog",
            hlog.toString(),
            "--html",
            html.toString(),
            "sequentialRead",
            "2");
    assertOnlyOk(o, "READ", 398);
    assertThat(o.out()).doesNotContain("missing or malformed");
    // the cluster found by --zk runs in this JVM (the shared one): its servers are read
    // in-process, as those of a cluster handed to the session; its metrics2 bean may be missing
    // in a JVM that ran other clusters before (every pe by address then waited 3 s for it)
    assertThat(o.err()).doesNotContain("server figures unavailable");
    assertSampledOneServer(json, "in-process RegionServer metrics");
    assertThat(Files.readString(json)).containsPattern("\"name\"\\s*:\\s*\"READ\"");
    assertThat(Files.readString(hlog)).contains("Tag=READ.service");
    // the result can be re-run from itself: it holds PE's command line (issue 32 §4)
    assertThat(Files.readString(json))
        .containsPattern(
            "\"commandLine\"\\s*:\\s*\\[\"hbload\", ?\"pe\", ?\"--nomapred\", ?\"--zk=[^\"]+\","
                + " ?\"--rows=200\", ?\"--valueSize=100\",")
        .containsPattern("\"sequentialRead\", ?\"2\"\\]");
    // the same offline report as run's: an inline-SVG page with the READ spectrum
    assertThat(Files.readString(html))
        .contains("<svg")
        .contains("READ")
        .doesNotContain("http://")
        .doesNotContain("https://");
  }

  @Test
  @Order(3)
  void sequentialReadOfAnotherValueSizeCountsEveryReadAsWrong() {
    CommandOutput o = pe("--rows=20", "--valueSize=99", "sequentialRead", "2");
    assertThat(o.out())
        .contains(
            "[READ-FAILED]",
            "[READ], Return=UNEXPECTED_STATE, 38",
            "Reads with a missing or malformed value : 20");
    CommandOutput failing =
        CommandOutput.of(
            HbloadCommand.commandLine(),
            "pe",
            "--nomapred",
            "--zk=" + HBASE.hbase().zkQuorum() + ":" + HBASE.hbase().zkPort(),
            "--rows=5",
            "--valueSize=99",
            "--fail-on-error",
            "sequentialRead",
            "2");
    assertThat(failing.exit()).as(failing.err()).isEqualTo(ExitCode.FAILURE);
    assertThat(failing.errLines())
        .last()
        .isEqualTo("hbload: 8 operations failed (--fail-on-error)");
  }

  @Test
  @Order(4)
  void randomReadWithMultiGetSampleRateAndMeasureAfter() {
    CommandOutput batched = pe("--rows=100", "--valueSize=100", "--multiGet=10", "randomRead", "2");
    assertOnlyOk(batched, "READ", 20);
    CommandOutput sampled =
        pe(
            "--rows=200",
            "--valueSize=100",
            "--sampleRate=0.5",
            "--measureAfter=20",
            "randomRead",
            "2");
    // client 0: even rows 22..198 measured (89); client 1: even rows 222..398 (89)
    assertOnlyOk(sampled, "READ", 178);
    assertThat(sampled.outLines())
        .filteredOn(l -> l.startsWith("Num measures (latency) : "))
        .containsExactly("Num measures (latency) : 89", "Num measures (latency) : 89");
  }

  @Test
  @Order(5)
  void scansReturnTheRowsOfTheirRanges() {
    assertThat(rowsScanned(pe("--rows=200", "--valueSize=100", "scan", "2"), 400))
        .containsExactly(200L, 200L);
    for (String range : List.of("scanRange10", "scanRange100", "scanRange1000", "scanRange10000")) {
      CommandOutput o = pe("--rows=200", "--valueSize=100", range, "2");
      assertOnlyOk(o, "SCAN", 398);
      rowsScanned(o, 400);
    }
    CommandOutput seek = pe("--rows=20", "--valueSize=100", "randomSeekScan", "2");
    assertOnlyOk(seek, "SCAN", 38);
    CommandOutput filter = pe("--rows=3", "--valueSize=100", "filterScan", "2");
    assertOnlyOk(filter, "SCAN", 4);
  }

  private static byte[] cell(Table t, int row, String qualifier) throws IOException {
    return t.get(new Get(PeLayout.rowKey(row)))
        .getValue(Bytes.toBytes("info0"), Bytes.toBytes(qualifier));
  }

  @Test
  @Order(6)
  void incrementAndAppendHaveTheirEffect() throws IOException {
    assertOnlyOk(pe("--rows=50", "--table=PeIncrement", "increment", "2"), "INCREMENT", 98);
    assertOnlyOk(pe("--rows=50", "--table=PeAppend", "append", "2"), "APPEND", 98);
    try (Table inc = connection.getTable(TableName.valueOf("PeIncrement"));
        Table app = connection.getTable(TableName.valueOf("PeAppend"))) {
      for (int row = 0; row < 50; row++) {
        assertThat(Bytes.toLong(cell(inc, row, "IncrementTest")))
            .as("row %d incremented by both clients", row)
            .isEqualTo(2);
        byte[] key = PeLayout.rowKey(row);
        assertThat(cell(app, row, "AppendTest")).isEqualTo(Bytes.add(key, key));
      }
      assertThat(cell(inc, 50, "IncrementTest")).isNull();
    }
  }

  @Test
  @Order(7)
  void checkAndPutMutateAndDeleteHaveTheirEffect() throws IOException {
    assertOnlyOk(pe("--rows=50", "--table=PeCheckAndPut", "checkAndPut", "2"), "CHECK-AND-PUT", 98);
    assertOnlyOk(
        pe("--rows=50", "--table=PeCheckAndMutate", "checkAndMutate", "2"), "CHECK-AND-MUTATE", 98);
    CommandOutput delete = pe("--rows=50", "--table=PeCheckAndDelete", "checkAndDelete", "2");
    assertOnlyOk(delete, "CHECK-AND-DELETE", 98);
    try (Table put = connection.getTable(TableName.valueOf("PeCheckAndPut"));
        Table mutate = connection.getTable(TableName.valueOf("PeCheckAndMutate"));
        Table del = connection.getTable(TableName.valueOf("PeCheckAndDelete"))) {
      for (int row = 0; row < 50; row++) {
        assertThat(cell(put, row, "CheckAndPutTest")).isEqualTo(PeLayout.rowKey(row));
        assertThat(cell(mutate, row, "CheckAndMutateTest")).isEqualTo(PeLayout.rowKey(row));
        assertThat(cell(del, row, "CheckAndDeleteTest"))
            .as("row %d deleted by the last check-and-delete", row)
            .isNull();
      }
    }
  }

  @Test
  @Order(8)
  void randomWriteWithAutoFlushMultiPutFamiliesColumnsAndPresplit() throws IOException {
    CommandOutput o =
        pe(
            "--rows=100",
            "--valueSize=10",
            "--autoFlush=true",
            "--multiPut=10",
            "--families=2",
            "--columns=3",
            "--presplit=4",
            "--writeToWAL=false",
            "--table=PeRandom",
            "randomWrite",
            "2");
    assertOnlyOk(o, "INSERT", 20);
    assertThat(connection.getAdmin().getRegions(TableName.valueOf("PeRandom"))).hasSize(4);
    try (Table t = connection.getTable(TableName.valueOf("PeRandom"));
        ResultScanner s = t.getScanner(new Scan())) {
      int rows = 0;
      for (Result r : s) {
        assertThat(Integer.parseInt(Bytes.toString(r.getRow()))).isBetween(0, 199);
        assertThat(r.rawCells()).hasSize(6);
        rows++;
      }
      assertThat(rows).isBetween(1, 200);
    }
  }

  /**
   * PE's per-client lines of a 2-client run of {@code rows} rows each, and the aggregate's latency
   * line.
   */
  private static void assertPeLines(CommandOutput o, String test, int rows) {
    assertThat(o.outLines())
        .containsSubsequence(
            "Test : " + test + ", Thread : TestClient-0",
            "Test : " + test + ", Thread : TestClient-1");
    assertThat(o.outLines().stream().filter(l -> l.contains("Latency (us) : ")))
        .hasSize(3)
        .allSatisfy(l -> assertThat(l).matches("(\\[ All clients \\] )?" + LATENCY_LINE.pattern()));
    assertThat(o.outLines())
        .filteredOn(l -> l.startsWith("Num measures (latency) : "))
        .containsExactly(
            "Num measures (latency) : " + (rows - 1), "Num measures (latency) : " + (rows - 1));
    for (int offset : new int[] {0, rows}) {
      assertThat(o.outLines())
          .anySatisfy(
              l ->
                  assertThat(l)
                      .matches(
                          "Finished "
                              + test
                              + " in \\d+ms at offset "
                              + offset
                              + " for "
                              + rows
                              + " rows \\([\\d.]+ MB/s\\)"));
    }
    assertThat(o.out())
        .contains(
            "[" + test + "] Summary of timings (ms): [",
            "[ All clients ] 2 clients, " + 2 * (rows - 1) + " measured operations in ");
  }

  /**
   * Every row 0 .. rows-1 of the table in order, with one PE-shaped info0:0 value of {@code
   * valueSize} bytes.
   */
  private static void assertPeRows(String table, int rows, int valueSize) throws IOException {
    try (Table t = connection.getTable(TableName.valueOf(table));
        ResultScanner s = t.getScanner(new Scan())) {
      int n = 0;
      for (Result r : s) {
        assertThat(Bytes.toString(r.getRow())).isEqualTo(String.format("%026d", n));
        byte[] v = r.getValue(Bytes.toBytes("info0"), Bytes.toBytes("0"));
        assertThat(v).hasSize(valueSize);
        assertThat(PeLayout.wellFormed(v, 0, valueSize)).isTrue();
        n++;
      }
      assertThat(n).isEqualTo(rows);
    }
  }

  @Test
  @Order(9)
  void asyncSequentialWriteWritesPesRowsThatSequentialReadVerifies(@TempDir Path dir)
      throws IOException {
    Path json = dir.resolve("async.json");
    Path hlog = dir.resolve("async.hlog");
    CommandOutput o =
        pe(
            "--rows=200",
            "--valueSize=100",
            "--table=PeAsyncWrite",
            "--json",
            json.toString(),
            "--hlog",
            hlog.toString(),
            "asyncSequentialWrite",
            "2");
    assertPeLines(o, "AsyncSequentialWriteTest", 200);
    assertOnlyOk(o, "INSERT", 398);
    assertThat(o.out().indexOf("[ All clients ]"))
        .isLessThan(o.out().indexOf("[OVERALL], RunTime(ms)"));
    assertThat(Files.readString(json)).containsPattern("\"name\"\\s*:\\s*\"INSERT\"");
    assertThat(Files.readString(hlog)).contains("Tag=INSERT.service");
    assertPeRows("PeAsyncWrite", 400, 100);
    // the blocking read checks every value the async write left
    CommandOutput read =
        pe("--rows=200", "--valueSize=100", "--table=PeAsyncWrite", "sequentialRead", "2");
    assertOnlyOk(read, "READ", 398);
    assertThat(read.out()).doesNotContain("missing or malformed");

    // 8 in flight per client: the same rows, the same counts
    CommandOutput many =
        pe(
            "--rows=200",
            "--valueSize=50",
            "--table=PeAsyncWrite8",
            "--inflight=8",
            "asyncSequentialWrite",
            "2");
    assertPeLines(many, "AsyncSequentialWriteTest", 200);
    assertOnlyOk(many, "INSERT", 398);
    assertPeRows("PeAsyncWrite8", 400, 50);
  }

  /** Each client's most calls outstanding at once, from its "Most operations in flight" line. */
  private static List<Integer> mostInFlight(CommandOutput o) {
    return o.outLines().stream()
        .filter(l -> l.startsWith("Most operations in flight : "))
        .map(l -> Integer.parseInt(l.substring("Most operations in flight : ".length())))
        .toList();
  }

  @Test
  @Order(10)
  void asyncReadsVerifyWhatSequentialWriteWrote() {
    // TestTable holds sequentialWrite's rows 0..399 of 100 bytes (test 1)
    for (String inflight : List.of("--inflight=1", "--inflight=8")) {
      CommandOutput seq = pe("--rows=200", "--valueSize=100", inflight, "asyncSequentialRead", "2");
      assertPeLines(seq, "AsyncSequentialReadTest", 200);
      assertOnlyOk(seq, "READ", 398);
      assertThat(seq.out()).doesNotContain("missing or malformed");
      CommandOutput random = pe("--rows=200", "--valueSize=100", inflight, "asyncRandomRead", "2");
      assertPeLines(random, "AsyncRandomReadTest", 200);
      assertOnlyOk(random, "READ", 398);
      assertThat(random.out()).doesNotContain("missing or malformed");
      if (inflight.endsWith("=1")) {
        // PE's way: each client waits for every call before the next
        assertThat(mostInFlight(seq)).containsExactly(1, 1);
        assertThat(mostInFlight(random)).containsExactly(1, 1);
      } else {
        // the next gets go out while the first are still outstanding (an RPC takes far longer than
        // issuing one)
        assertThat(mostInFlight(seq)).hasSize(2).allSatisfy(n -> assertThat(n).isBetween(2, 8));
        assertThat(mostInFlight(random)).hasSize(2).allSatisfy(n -> assertThat(n).isBetween(2, 8));
      }
    }
    // the check is real: the same rows read as 99-byte values are all wrong
    CommandOutput wrong =
        pe("--rows=20", "--valueSize=99", "--inflight=4", "asyncSequentialRead", "2");
    assertThat(wrong.out())
        .contains(
            "[READ-FAILED]",
            "[READ], Return=UNEXPECTED_STATE, 38",
            "Reads with a missing or malformed value : 20");
  }

  @Test
  @Order(11)
  void asyncScanReturnsEachClientsRowsAndAsyncRandomWriteStaysInTheKeySpace() throws IOException {
    for (String inflight : List.of("--inflight=1", "--inflight=8")) {
      CommandOutput o = pe("--rows=200", "--valueSize=100", inflight, "asyncScan", "2");
      assertPeLines(o, "AsyncScanTest", 200);
      assertOnlyOk(o, "SCAN", 398);
      assertThat(rowsScanned(o, 400)).containsExactly(200L, 200L);
    }
    // -p hbload.inflight is the same setting as --inflight
    CommandOutput o =
        pe(
            "--rows=100",
            "--valueSize=10",
            "--table=PeAsyncRandom",
            "-p",
            "hbload.inflight=8",
            "asyncRandomWrite",
            "2");
    assertPeLines(o, "AsyncRandomWriteTest", 100);
    assertOnlyOk(o, "INSERT", 198);
    try (Table t = connection.getTable(TableName.valueOf("PeAsyncRandom"));
        ResultScanner s = t.getScanner(new Scan())) {
      int rows = 0;
      for (Result r : s) {
        assertThat(Integer.parseInt(Bytes.toString(r.getRow()))).isBetween(0, 199);
        assertThat(r.getValue(Bytes.toBytes("info0"), Bytes.toBytes("0"))).hasSize(10);
        rows++;
      }
      assertThat(rows).isBetween(100, 200); // 200 random picks of 200 rows: some twice
    }
  }

  @Test
  @Order(12)
  void readingAMissingTableIsBadInput() {
    CommandOutput o =
        CommandOutput.of(
            HbloadCommand.commandLine(),
            "pe",
            "--nomapred",
            "--zk=" + HBASE.hbase().zkQuorum() + ":" + HBASE.hbase().zkPort(),
            "--table=NoSuchTable",
            "--rows=10",
            "randomRead",
            "2");
    assertThat(o.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(o.errLines().get(o.errLines().size() - 1))
        .startsWith("hbload pe: table 'NoSuchTable' does not exist: randomRead reads it");
    assertThat(o.out()).isEmpty();
  }

  @Test
  @Order(13)
  void withNoClusterConfiguredAReadRunsOnTheEmbeddedHBaseWithPesRowsWrittenFirst(@TempDir Path dir)
      throws IOException {
    Path json = dir.resolve("pe.json");
    CommandOutput o =
        CommandOutput.of(
            HbloadCommand.commandLine(),
            "pe",
            "--rows=50",
            "--valueSize=100",
            "--json",
            json.toString(),
            // samples of 0.1 s: the 0.2 s run has points inside it, not only its two ends
            "-p",
            "status.interval=0.1",
            "sequentialRead",
            "2");
    assertThat(o.exit()).as("%s%n%s", o.out(), o.err()).isZero();
    assertThat(o.err())
        .contains("EMBEDDED HBASE", "store starts empty", "clients run as threads")
        .contains("use hbload mapreduce pe");
    assertOnlyOk(o, "READ", 98);
    // the RegionServer is sampled as for run: its series sit beside PE's latencies
    assertSampledOneServer(json, "in-process RegionServer metrics");
  }

  /**
   * A pe run's JSON holds the one RegionServer's series: read at least at the run's start and end
   * (however short the run), so every counter has a point, GC's included.
   */
  static void assertSampledOneServer(Path json, String source) throws IOException {
    JsonNode series = new ObjectMapper().readTree(json.toFile()).path("serverSeries");
    assertThat(series.path("source").asText()).as(series.toString()).startsWith(source);
    assertThat(series.path("error").isNull()).as(series.toString()).isTrue();
    assertThat(series.path("servers")).as(series.toString()).hasSize(1);
    assertThat(series.path("samples").asInt()).as(series.toString()).isGreaterThanOrEqualTo(2);
    JsonNode figures = series.path("servers").path(0).path("series");
    List<String> gcWithPoints = new ArrayList<>();
    figures
        .fields()
        .forEachRemaining(
            f -> {
              if (f.getKey().startsWith("gc.collections") && !f.getValue().isEmpty()) {
                gcWithPoints.add(f.getKey());
              }
            });
    assertThat(gcWithPoints).as(series.toString()).isNotEmpty();
  }

  @Test
  @Order(14)
  void withNoClusterConfiguredAnAsyncReadGetsPesRowsWrittenThroughTheAsyncClientFirst() {
    CommandOutput o =
        CommandOutput.of(
            HbloadCommand.commandLine(),
            "pe",
            "--rows=50",
            "--valueSize=100",
            "--inflight=4",
            "asyncSequentialRead",
            "2");
    assertThat(o.exit()).as("%s%n%s", o.out(), o.err()).isZero();
    assertThat(o.err()).contains("EMBEDDED HBASE", "store starts empty", "2 async connection(s)");
    assertPeLines(o, "AsyncSequentialReadTest", 50);
    assertOnlyOk(o, "READ", 98);
    assertThat(o.out()).doesNotContain("missing or malformed");
  }

  /**
   * PE's per-client figures are the engine's per-worker ones (client = worker), and PE's INCREMENT
   * is a measure its source registers, not one of core's: each client's latency is its worker's
   * recorder, unmeasured rows left out; the clients together are exactly the run's INCREMENT
   * measurement; the command prints the same.
   */
  @Test
  @Order(15)
  void perClientFiguresAreTheWorkersOwnAndPesMeasureIsRegisteredNotCores() throws Exception {
    String[] args = {"--rows=40", "--measureAfter=9", "--table=PeClients", "increment", "3"};
    PeOptions options = new PeOptions();
    new picocli.CommandLine(options).parseArgs(args);
    options.zk = HBASE.hbase().zkQuorum() + ":" + HBASE.hbase().zkPort();
    PeBindingProvider provider = new PeBindingProvider(options.peSpec());
    RunSpec spec =
        SpecParser.parse(
            options.properties(provider.spec(), provider.spec().execution().clients()),
            Phase.RUN,
            provider,
            provider);
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    RunResult r = new Launcher(spec, quiet, quiet).launch().result();

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Measure.class.getField("INCREMENT"))
        .as("core has no PE measure")
        .isInstanceOf(NoSuchFieldException.class);
    assertThat(spec.measures().named("INCREMENT")).as("the PE run's own measure").isNotNull();
    assertThat(r.op("INCREMENT").returns()).containsExactly(java.util.Map.entry("OK", 90L));
    List<PeClientResult> clients = PeClientResult.of(provider.spec(), r);
    assertThat(clients).extracting(PeClientResult::index).containsExactly(0, 1, 2);
    Histogram all = new Histogram(3);
    for (PeClientResult c : clients) {
      RunResult.Worker w = r.workers().get(c.index());
      assertThat(c.latencyNanos().getTotalCount())
          .as("client %d: rows after --measureAfter", c.index())
          .isEqualTo(30);
      assertThat(c.latencyNanos())
          .as("client %d is worker %d's recorder", c.index(), w.index())
          .isEqualTo(w.service("INCREMENT"));
      assertThat(w.operations()).isEqualTo(30);
      assertThat(c.elapsedMillis()).isEqualTo(w.elapsedNanos() / 1_000_000);
      all.add(c.latencyNanos());
    }
    assertThat(all)
        .as("the clients together are the run's measurement")
        .isEqualTo(r.op("INCREMENT").service());

    CommandOutput o = pe(args);
    assertThat(o.outLines())
        .filteredOn(l -> l.startsWith("Num measures (latency) : "))
        .containsExactly(
            "Num measures (latency) : 30",
            "Num measures (latency) : 30",
            "Num measures (latency) : 30");
    assertThat(o.out()).contains("[ All clients ] 3 clients, 90 measured operations in ");
    assertOnlyOk(o, "INCREMENT", 90);
  }
}
