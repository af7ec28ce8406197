package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.hbase.pe.PeLayout;
import io.hbload.hbase.testkit.HBaseExtension;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * PE's table and data options on a real cluster, each checked where a user would look: the table's descriptor and
 * regions (--presplit, --compress, --blockEncoding, --bloomFilter, --inmemory, --families), the cells written
 * (--columns, --valueSize, --valueRandom, --size), and what the read commands report (--oneCon, --startRow).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PeTableOptionsIT {
  @RegisterExtension
  static final HBaseExtension HBASE = HBaseExtension.embedded();

  private static final String TABLE = "PeOptions";
  private static final String[] SHAPE = {"--table=" + TABLE, "--families=2", "--columns=3", "--valueSize=64",
      "--valueRandom"};

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
    CommandOutput o = pe(with(SHAPE, "--presplit=4", "--compress=GZ", "--blockEncoding=FAST_DIFF",
        "--bloomFilter=ROWCOL", "--inmemory", "--rows=100", "sequentialWrite", "2"));
    assertThat(o.out()).contains("[INSERT], Return=OK, ").doesNotContainPattern("\\[INSERT\\], Return=(?!OK)");

    TableName name = TableName.valueOf(TABLE);
    try (Admin admin = connection.getAdmin()) {
      TableDescriptor td = admin.getDescriptor(name);
      assertThat(td.getColumnFamilyCount()).isEqualTo(2);
      for (ColumnFamilyDescriptor f : td.getColumnFamilies()) {
        assertThat(f.getNameAsString()).isIn("info0", "info1");
        assertThat(f.getCompressionType()).as(f.getNameAsString()).isEqualTo(Compression.Algorithm.GZ);
        assertThat(f.getDataBlockEncoding()).isEqualTo(DataBlockEncoding.FAST_DIFF);
        assertThat(f.getBloomFilterType()).isEqualTo(BloomType.ROWCOL);
        assertThat(f.isInMemory()).isTrue();
      }
      // PE's split points: 200 rows in 4 regions, split at rows 50, 100 and 150
      List<String> starts = admin.getRegions(name).stream().map(r -> Bytes.toString(r.getStartKey())).sorted().toList();
      assertThat(starts).containsExactly("", String.format("%026d", 50), String.format("%026d", 100),
          String.format("%026d", 150));
    }
    try (Table t = connection.getTable(name); ResultScanner s = t.getScanner(new Scan())) {
      int rows = 0;
      Set<Integer> lengths = new HashSet<>();
      for (Result r : s) {
        Cell[] cells = r.rawCells();
        assertThat(cells).as("2 families x 3 columns").hasSize(6);
        for (Cell c : cells) {
          assertThat(c.getValueLength()).isLessThan(64);
          assertThat(PeLayout.wellFormed(c.getValueArray(), c.getValueOffset(), c.getValueLength())).isTrue();
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
    CommandOutput o = pe(with(SHAPE, "--oneCon", "--startRow=50", "--rows=40", "sequentialRead", "2"));
    // --startRow: every client starts there (PE), so both read rows 50..89
    assertThat(o.outLines().stream().filter(l -> l.matches("Finished SequentialReadTest in \\d+ms at offset 50 for "
        + "40 rows .*"))).hasSize(2);
    assertThat(o.out()).contains("[READ], Return=OK, 78\n").doesNotContainPattern("\\[READ\\], Return=(?!OK)");
    assertThat(o.out()).doesNotContain("missing or malformed");
  }

  @Test
  @Order(3)
  void sizeSetsTheRowCountAsPeDoes() throws IOException {
    float size = 0.0002f;
    pe("--table=PeSized", "--size=" + size, "--valueSize=1000", "sequentialWrite", "2");
    // PE: total = size x rows per GB (GB of 1000 MiB, 1000-byte values), each client writes total / 2
    long total = (long) (size * PeLayout.rowsPerGb(1000, false, 1, 1));
    long expected = total / 2 * 2;
    try (Table t = connection.getTable(TableName.valueOf("PeSized")); ResultScanner s = t.getScanner(new Scan())) {
      long rows = 0;
      while (s.next() != null) {
        rows++;
      }
      assertThat(rows).isEqualTo(expected).isGreaterThan(100);
    }
  }
}
