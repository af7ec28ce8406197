package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.hbase.pe.PeLayout;
import io.hbload.hbase.testkit.HBaseExtension;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.MemoryCompactionPolicy;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.codec.KeyValueCodecWithTags;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.regionserver.ConstantSizeRegionSplitPolicy;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * PE's table, data and read options on a real cluster, each checked where a user would look: the
 * table's descriptor and regions (--presplit, --compress, --blockEncoding, --bloomFilter,
 * --inmemory, --families, --blockSize, --inmemoryCompaction, --splitPolicy), the cells written
 * (--columns, --valueSize, --valueRandom, --size), and what the read commands report (--oneCon,
 * --startRow, --filterAll, --randomSleep).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PeTableOptionsIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.shared();

  private static final String TABLE = "PeOptions";
  private static final String[] SHAPE = {
    "--table=" + TABLE, "--families=2", "--columns=3", "--valueSize=64", "--valueRandom"
  };

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
    return PeCommandIT.pe(HBASE, args);
  }

  private static String[] with(String[] shape, String... more) {
    List<String> all = new ArrayList<>(List.of(shape));
    all.addAll(List.of(more));
    return all.toArray(new String[0]);
  }

  @Test
  @Order(1)
  void tableOptionsShapeTheTableAndItsCells() throws IOException {
    CommandOutput o =
        pe(
            with(
                SHAPE,
                "--presplit=4",
                "--compress=GZ",
                "--blockEncoding=FAST_DIFF",
                "--bloomFilter=ROWCOL",
                "--inmemory",
                "--rows=100",
                "sequentialWrite",
                "2"));
    assertThat(o.out())
        .contains("[INSERT], Return=OK, ")
        .doesNotContainPattern("\\[INSERT\\], Return=(?!OK)");

    TableName name = TableName.valueOf(TABLE);
    try (Admin admin = connection.getAdmin()) {
      TableDescriptor td = admin.getDescriptor(name);
      assertThat(td.getColumnFamilyCount()).isEqualTo(2);
      for (ColumnFamilyDescriptor f : td.getColumnFamilies()) {
        assertThat(f.getNameAsString()).isIn("info0", "info1");
        assertThat(f.getCompressionType())
            .as(f.getNameAsString())
            .isEqualTo(Compression.Algorithm.GZ);
        assertThat(f.getDataBlockEncoding()).isEqualTo(DataBlockEncoding.FAST_DIFF);
        assertThat(f.getBloomFilterType()).isEqualTo(BloomType.ROWCOL);
        assertThat(f.isInMemory()).isTrue();
      }
      // PE's split points: 200 rows in 4 regions, split at rows 50, 100 and 150
      List<String> starts =
          admin.getRegions(name).stream()
              .map(r -> Bytes.toString(r.getStartKey()))
              .sorted()
              .toList();
      assertThat(starts)
          .containsExactly(
              "",
              String.format("%026d", 50),
              String.format("%026d", 100),
              String.format("%026d", 150));
    }
    try (Table t = connection.getTable(name);
        ResultScanner s = t.getScanner(new Scan())) {
      int rows = 0;
      Set<Integer> lengths = new HashSet<>();
      for (Result r : s) {
        Cell[] cells = r.rawCells();
        assertThat(cells).as("2 families x 3 columns").hasSize(6);
        for (Cell c : cells) {
          assertThat(c.getValueLength()).isLessThan(64);
          assertThat(PeLayout.wellFormed(c.getValueArray(), c.getValueOffset(), c.getValueLength()))
              .isTrue();
          lengths.add(c.getValueLength());
        }
        rows++;
      }
      assertThat(rows).isEqualTo(200);
      assertThat(lengths.size()).as("--valueRandom: value lengths vary").isGreaterThan(10);
    }
  }

  @Test
  @Order(2)
  void oneConnectionAndAStartRowReadWhatWasWritten() {
    CommandOutput o =
        pe(with(SHAPE, "--oneCon", "--startRow=50", "--rows=40", "sequentialRead", "2"));
    // --startRow: every client starts there (PE), so both read rows 50..89
    assertThat(
            o.outLines().stream()
                .filter(
                    l ->
                        l.matches(
                            "Finished SequentialReadTest in \\d+ms at offset 50 for "
                                + "40 rows .*")))
        .hasSize(2);
    assertThat(o.out())
        .contains("[READ], Return=OK, 78\n")
        .doesNotContainPattern("\\[READ\\], Return=(?!OK)");
    assertThat(o.out()).doesNotContain("missing or malformed");
  }

  @Test
  @Order(3)
  void sizeSetsTheRowCountAsPeDoes() throws IOException {
    float size = 0.0002f;
    pe("--table=PeSized", "--size=" + size, "--valueSize=1000", "sequentialWrite", "2");
    // PE: total = size x rows per GB (GB of 1000 MiB, 1000-byte values), each client writes total /
    // 2
    long total = (long) (size * PeLayout.rowsPerGb(1000, false, 1, 1));
    long expected = total / 2 * 2;
    try (Table t = connection.getTable(TableName.valueOf("PeSized"));
        ResultScanner s = t.getScanner(new Scan())) {
      long rows = 0;
      while (s.next() != null) {
        rows++;
      }
      assertThat(rows).isEqualTo(expected).isGreaterThan(100);
    }
  }

  @Test
  @Order(4)
  void blockSizeInMemoryCompactionAndSplitPolicyAreTheCreatedTables() throws IOException {
    String policy = ConstantSizeRegionSplitPolicy.class.getName();
    CommandOutput o =
        pe(
            "--table=PeTuned",
            "--families=2",
            "--blockSize=8192",
            "--inmemoryCompaction=basic",
            "--splitPolicy=" + policy,
            "--rows=20",
            "sequentialWrite",
            "1");
    assertThat(o.err()).doesNotContain("has no effect here");
    try (Admin admin = connection.getAdmin()) {
      TableDescriptor td = admin.getDescriptor(TableName.valueOf("PeTuned"));
      assertThat(td.getRegionSplitPolicyClassName()).isEqualTo(policy);
      assertThat(td.getColumnFamilies())
          .hasSize(2)
          .allSatisfy(
              f -> {
                assertThat(f.getBlocksize()).as(f.getNameAsString()).isEqualTo(8192);
                assertThat(f.getInMemoryCompaction())
                    .as(f.getNameAsString())
                    .isEqualTo(MemoryCompactionPolicy.BASIC);
              });
      // without them: HBase's block size, PE's NONE, the cluster's split policy
      TableDescriptor plain = admin.getDescriptor(TableName.valueOf(TABLE));
      assertThat(plain.getRegionSplitPolicyClassName()).isNull();
      assertThat(plain.getColumnFamilies())
          .allSatisfy(
              f -> {
                assertThat(f.getBlocksize()).isEqualTo(64 * 1024);
                assertThat(f.getInMemoryCompaction()).isEqualTo(MemoryCompactionPolicy.NONE);
              });
    }
  }

  @Test
  @Order(5)
  void filterAllReadsAndScansCountTheirOperationsAndReturnNoRow() {
    // the control: the same scan without --filterAll returns its clients' 100 rows each
    assertThat(scanned(pe(with(SHAPE, "--rows=100", "scan", "2")))).containsExactly(100L, 100L);
    for (String command : List.of("scan", "scanRange100", "asyncScan")) {
      CommandOutput o = pe(with(SHAPE, "--filterAll", "--rows=100", command, "2"));
      assertThat(o.err()).doesNotContain("has no effect here");
      assertThat(scanned(o)).as(command).containsExactly(0L, 0L);
      assertThat(o.out())
          .as(command)
          .contains("[SCAN], Return=OK, 198\n")
          .doesNotContainPattern("\\[SCAN\\], Return=(?!OK)");
    }
    // a get that came back with a row would be UNEXPECTED_STATE: the server filtered every cell out
    for (String command : List.of("randomRead", "sequentialRead", "asyncRandomRead")) {
      CommandOutput o = pe(with(SHAPE, "--filterAll", "--rows=100", command, "2"));
      assertThat(o.out())
          .as(command)
          .contains("[READ], Return=OK, 198\n")
          .doesNotContainPattern("\\[READ\\], Return=(?!OK)");
    }
  }

  /** Each client's "Rows scanned : N" of PE's lines. */
  private static List<Long> scanned(CommandOutput o) {
    List<Long> rows = new ArrayList<>();
    Matcher m = Pattern.compile("Rows scanned : (\\d+)").matcher(o.out());
    while (m.find()) {
      rows.add(Long.parseLong(m.group(1)));
    }
    return rows;
  }

  @Test
  @Order(6)
  void randomSleepSlowsTheRandomReadsButIsNotInTheirLatency() {
    CommandOutput o = pe(with(SHAPE, "--randomSleep=200", "--rows=30", "randomRead", "1"));
    Matcher elapsed = Pattern.compile("Finished RandomReadTest in (\\d+)ms").matcher(o.out());
    assertThat(elapsed.find()).as(o.out()).isTrue();
    // 30 sleeps of 0..199 ms: 3 s on average, under 1.5 s with a chance of about 1 in a million
    assertThat(Long.parseLong(elapsed.group(1))).isGreaterThan(1500);
    Matcher average =
        Pattern.compile("\\[READ\\], AverageLatency\\(us\\), ([\\d.]+)").matcher(o.out());
    assertThat(average.find()).as(o.out()).isTrue();
    // timed with the sleep, the average would be about 100 ms
    assertThat(Double.parseDouble(average.group(1))).isLessThan(40_000);
    assertThat(o.out()).contains("[READ], Return=OK, 29\n");
  }

  @Test
  @Order(7)
  void valueZipfWritesMostlyShortValuesUpToValueSize() throws IOException {
    pe("--table=PeZipf", "--valueZipf", "--valueSize=1000", "--rows=400", "sequentialWrite", "1");
    List<Integer> lengths = new ArrayList<>();
    try (Table t = connection.getTable(TableName.valueOf("PeZipf"));
        ResultScanner s = t.getScanner(new Scan())) {
      for (Result r : s) {
        Cell c = r.rawCells()[0];
        assertThat(PeLayout.wellFormed(c.getValueArray(), c.getValueOffset(), c.getValueLength()))
            .isTrue();
        lengths.add(c.getValueLength());
      }
    }
    assertThat(lengths).hasSize(400).allSatisfy(l -> assertThat(l).isBetween(1, 999));
    // zipf (weights L^-1.2): about 23% are 1 byte and the median is about 10; uniform would put it
    // near 500
    assertThat(lengths.stream().filter(l -> l == 1).count()).isGreaterThan(40);
    assertThat(lengths.stream().sorted().toList().get(200)).isLessThan(60);
    assertThat(new HashSet<>(lengths)).hasSizeGreaterThan(20);
    // and they read back as PE-shaped values of varying length
    CommandOutput read =
        pe(
            "--table=PeZipf",
            "--valueZipf",
            "--valueSize=1000",
            "--rows=400",
            "sequentialRead",
            "1");
    assertThat(read.out())
        .contains("[READ], Return=OK, 399\n")
        .doesNotContainPattern("\\[READ\\], Return=(?!OK)");
  }

  @Test
  @Order(8)
  void usetagsWritesPesTagsWithEveryCell() throws IOException {
    // buffered writes (PE's default), single ones and async ones: each must carry the tags to the
    // server
    pe("--table=PeTags", "--usetags=true", "--numoftags=2", "--rows=50", "sequentialWrite", "1");
    pe(
        "--table=PeTags",
        "--usetags=true",
        "--numoftags=2",
        "--rows=50",
        "--startRow=50",
        "--autoFlush=true",
        "sequentialWrite",
        "1");
    pe(
        "--table=PeTags",
        "--usetags=true",
        "--numoftags=2",
        "--rows=50",
        "--startRow=100",
        "asyncSequentialWrite",
        "1");
    Configuration withTags = new Configuration(HBASE.hbase().configuration());
    // tags come back to a client only through a codec that carries them
    withTags.set("hbase.client.rpc.codec", KeyValueCodecWithTags.class.getName());
    int cells = 0;
    try (Connection c = ConnectionFactory.createConnection(withTags);
        Table t = c.getTable(TableName.valueOf("PeTags"));
        ResultScanner s = t.getScanner(new Scan().setRaw(true))) {
      for (Result r : s) {
        for (Cell cell : r.rawCells()) {
          List<Tag> tags = PrivateCellUtil.getTags(cell);
          assertThat(tags).as(Bytes.toString(r.getRow())).hasSize(2);
          assertThat(tags.get(0).getType()).isEqualTo((byte) 0);
          assertThat(tags.get(1).getType()).isEqualTo((byte) 1);
          assertThat(tags).allSatisfy(tag -> assertThat(tag.getValueLength()).isEqualTo(256));
          cells++;
        }
      }
    }
    assertThat(cells).isEqualTo(150);
  }

  @Test
  @Order(9)
  void latencyThresholdCountsEachClientsSlowOperationsAsPeDoes() {
    CommandOutput none =
        pe(with(SHAPE, "--latencyThreshold=100000", "--rows=30", "randomRead", "2"));
    assertThat(
            none.outLines().stream()
                .filter(
                    l -> l.equals("Number of replies over latency threshold 100000(ms) " + "is 0")))
        .hasSize(2);
    CommandOutput all = pe(with(SHAPE, "--latencyThreshold=1", "--rows=30", "randomRead", "2"));
    List<Long> counts = new ArrayList<>();
    Matcher m =
        Pattern.compile("(?m)^Number of replies over latency threshold 1\\(ms\\) is (\\d+)$")
            .matcher(all.out());
    while (m.find()) {
      counts.add(Long.parseLong(m.group(1)));
    }
    // at most each client's measured reads (29); the HdrHistogram the report prints holds the same
    // count
    assertThat(counts).hasSize(2).allSatisfy(n -> assertThat(n).isBetween(0L, 29L));
  }
}
