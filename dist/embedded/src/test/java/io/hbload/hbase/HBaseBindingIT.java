package io.hbload.hbase;

import static io.hbload.hbase.Rows.key;
import static io.hbload.hbase.Rows.value;
import static io.hbload.hbase.Rows.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.ReportLine;
import io.hbload.core.binding.Status;
import io.hbload.core.config.Phase;
import io.hbload.hbase.config.HBaseSettingsParser;
import io.hbload.hbase.ops.HBaseSession;
import io.hbload.hbase.table.SplitPoints;
import io.hbload.hbase.testkit.HBaseExtension;
import io.hbload.hbase.ycsb.ArrayFields;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.regionserver.HStore;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every operation through the binding SPI against one embedded cluster, with the values checked
 * cell by cell.
 */
class HBaseBindingIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.shared();

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final PrintStream messages = new PrintStream(out, true, StandardCharsets.UTF_8);

  private HBaseSession open(Phase phase, String... kv) throws BindingException {
    Map<String, String> p = new HashMap<>(HBASE.hbase().properties());
    p.put("columnfamily", "family");
    for (int i = 0; i < kv.length; i += 2) {
      p.put(kv[i], kv[i + 1]);
    }
    return HBaseSession.open(
        HBaseSettingsParser.parse(p), phase, HBASE.hbase().cluster(), messages);
  }

  @Test
  void everyOperationWritesAndReadsExactlyTheCellsYcsbDoes() throws Exception {
    String table = "ops";
    try (HBaseSession s = open(Phase.LOAD, "table", table, "hbload.presplit", "4")) {
      Binding b = s.newBinding(0);
      for (int i = 0; i < 200; i++) {
        String k = "user" + (1000 + i * 37);
        assertThat(b.insert(table, key(k), values(k, 10, 0))).isSameAs(Status.OK);
      }
      // read all fields: 10 cells, values exactly as written
      Rows.Capture all = new Rows.Capture();
      assertThat(b.read(table, key("user1037"), new ArrayFields().set(null), all))
          .isSameAs(Status.OK);
      assertThat(all.fields).hasSize(10);
      for (int f = 0; f < 10; f++) {
        assertThat(all.fields.get("field" + f)).isEqualTo(value("user1037", f, 0));
      }
      // read named fields only
      Rows.Capture some = new Rows.Capture();
      assertThat(
              b.read(
                  table, key("user1037"), new ArrayFields().set(List.of("field3", "field7")), some))
          .isSameAs(Status.OK);
      assertThat(some.fields.keySet()).containsExactlyInAnyOrder("field3", "field7");
      // update two fields: those change, the others stay
      assertThat(
              b.update(
                  table,
                  key("user1037"),
                  new io.hbload.hbase.ycsb.ArrayValues()
                      .add("field2", value("user1037", 2, 1))
                      .add("field9", value("user1037", 9, 1))))
          .isSameAs(Status.OK);
      Rows.Capture after = new Rows.Capture();
      b.read(table, key("user1037"), new ArrayFields().set(null), after);
      for (int f = 0; f < 10; f++) {
        int version = f == 2 || f == 9 ? 1 : 0;
        assertThat(after.fields.get("field" + f))
            .as("field%d", f)
            .isEqualTo(value("user1037", f, version));
      }
      // scan: count rows in key order from the start key, across region boundaries (splits at
      // user3249 ...)
      Rows.ScanCapture scan = new Rows.ScanCapture();
      assertThat(b.scan(table, key("user3220"), 50, new ArrayFields().set(null), scan))
          .isSameAs(Status.OK);
      assertThat(scan.keys).hasSize(50).isSorted();
      assertThat(scan.keys.get(0)).isEqualTo("user3220");
      assertThat(scan.rows.get(1).fields.get("field5")).isEqualTo(value(scan.keys.get(1), 5, 0));
      // scan near the end returns what there is
      Rows.ScanCapture tail = new Rows.ScanCapture();
      assertThat(
              b.scan(table, key("user8300"), 100, new ArrayFields().set(List.of("field0")), tail))
          .isSameAs(Status.OK);
      assertThat(tail.keys).containsExactly("user8326", "user8363");
      assertThat(tail.rows.get(0).fields).containsOnlyKeys("field0");
      // delete, then NOT_FOUND
      assertThat(b.delete(table, key("user1037"))).isSameAs(Status.OK);
      assertThat(b.read(table, key("user1037"), new ArrayFields().set(null), new Rows.Capture()))
          .isSameAs(Status.NOT_FOUND);
      assertThat(b.read(table, key("user0000"), new ArrayFields().set(null), new Rows.Capture()))
          .isSameAs(Status.NOT_FOUND);
      b.cleanup();

      // the cells are YCSB's: row = key bytes, family "family", qualifier "fieldN", value bytes as
      // given
      try (Table t = s.connection().getTable(TableName.valueOf(table))) {
        Result r = t.get(new Get(Bytes.toBytes("user1074")));
        assertThat(r.getValue(Bytes.toBytes("family"), Bytes.toBytes("field4")))
            .isEqualTo(value("user1074", 4, 0));
        assertThat(r.rawCells()).hasSize(10);
      }
    }
  }

  @Test
  void scanWithoutPageFilterStillStopsAtTheCount() throws Exception {
    String table = "nopage";
    try (HBaseSession s = open(Phase.LOAD, "table", table, "hbase.usepagefilter", "false")) {
      Binding b = s.newBinding(0);
      for (int i = 0; i < 30; i++) {
        String k = "user" + (5000 + i);
        b.insert(table, key(k), values(k, 2, 0));
      }
      Rows.ScanCapture scan = new Rows.ScanCapture();
      assertThat(b.scan(table, key("user5003"), 7, new ArrayFields().set(null), scan))
          .isSameAs(Status.OK);
      assertThat(scan.keys)
          .containsExactly(
              "user5003", "user5004", "user5005", "user5006", "user5007", "user5008", "user5009");
    }
  }

  @Test
  void clientBufferingWritesReachTheTableByCleanup() throws Exception {
    String table = "buffered";
    try (HBaseSession s =
        open(
            Phase.LOAD,
            "table",
            table,
            "clientbuffering",
            "true",
            "writebuffersize",
            "65536",
            "durability",
            "SKIP_WAL")) {
      Binding b = s.newBinding(0);
      for (int i = 0; i < 500; i++) {
        String k = "user" + (2000 + i);
        assertThat(b.insert(table, key(k), values(k, 10, 0))).isSameAs(Status.OK);
      }
      b.cleanup();
      try (Table t = s.connection().getTable(TableName.valueOf(table))) {
        for (int i = 0; i < 500; i += 49) {
          String k = "user" + (2000 + i);
          assertThat(
                  t.get(new Get(Bytes.toBytes(k)))
                      .getValue(Bytes.toBytes("family"), Bytes.toBytes("field9")))
              .isEqualTo(value(k, 9, 0));
        }
      }
    }
  }

  @Test
  void loadPreSplitsWithYcsbSplitPoints() throws Exception {
    try (HBaseSession s = open(Phase.LOAD, "table", "split7", "hbload.presplit", "7");
        HBaseSession d = open(Phase.LOAD, "table", "splitdefault")) {
      List<RegionInfo> regions = regions(s.connection(), "split7");
      assertThat(regions).hasSize(7);
      byte[][] expected = SplitPoints.forRegions(7);
      for (int i = 1; i < 7; i++) {
        assertThat(Bytes.toString(regions.get(i).getStartKey()))
            .isEqualTo(Bytes.toString(expected[i - 1]));
      }
      assertThat(Bytes.toString(regions.get(1).getStartKey())).isEqualTo("user2285");
      // default: 10 regions per RegionServer, the hand recipe's points
      List<RegionInfo> dflt = regions(d.connection(), "splitdefault");
      assertThat(dflt).hasSize(10);
      assertThat(Bytes.toString(dflt.get(1).getStartKey())).isEqualTo("user1899");
      assertThat(Bytes.toString(dflt.get(9).getStartKey())).isEqualTo("user9099");
    }
  }

  private static List<RegionInfo> regions(Connection c, String table) throws Exception {
    try (Admin admin = c.getAdmin()) {
      List<RegionInfo> r = admin.getRegions(TableName.valueOf(table));
      r.sort(RegionInfo.COMPARATOR);
      return r;
    }
  }

  @Test
  void tableOptionsAreApplied() throws Exception {
    try (HBaseSession s =
            open(
                Phase.LOAD,
                "table",
                "opts",
                "hbload.compression",
                "gz",
                "hbload.blockencoding",
                "fast_diff",
                "hbload.bloomfilter",
                "ROWCOL",
                "hbload.inmemory",
                "true",
                "hbload.presplit",
                "2");
        Admin admin = s.connection().getAdmin()) {
      ColumnFamilyDescriptor cf =
          admin.getDescriptor(TableName.valueOf("opts")).getColumnFamily(Bytes.toBytes("family"));
      assertThat(cf.getCompressionType()).isEqualTo(Compression.Algorithm.GZ);
      assertThat(cf.getDataBlockEncoding()).isEqualTo(DataBlockEncoding.FAST_DIFF);
      assertThat(cf.getBloomFilterType()).isEqualTo(BloomType.ROWCOL);
      assertThat(cf.isInMemory()).isTrue();
    }
  }

  @Test
  void existingTableIsKeptUnlessDropIsAsked() throws Exception {
    String table = "keep";
    try (HBaseSession s = open(Phase.LOAD, "table", table, "hbload.presplit", "1")) {
      Binding b = s.newBinding(0);
      b.insert(table, key("user1"), values("user1", 1, 0));
    }
    try (HBaseSession s = open(Phase.LOAD, "table", table)) {
      assertThat(
              s.newBinding(0)
                  .read(table, key("user1"), new ArrayFields().set(null), new Rows.Capture()))
          .isSameAs(Status.OK);
    }
    try (HBaseSession s = open(Phase.LOAD, "table", table, "hbload.droptable", "true")) {
      assertThat(
              s.newBinding(0)
                  .read(table, key("user1"), new ArrayFields().set(null), new Rows.Capture()))
          .isSameAs(Status.NOT_FOUND);
      assertThat(out.toString(StandardCharsets.UTF_8)).contains("dropping existing table keep");
    }
  }

  @Test
  void missingTableInRunIsAOneLineError() {
    assertThatThrownBy(() -> open(Phase.RUN, "table", "nosuchtable"))
        .isInstanceOf(BindingException.class)
        .hasMessage("table 'nosuchtable' does not exist: run the load phase first (or create it)");
  }

  @Test
  void wrongColumnFamilyIsAOneLineError() throws Exception {
    try (HBaseSession s = open(Phase.LOAD, "table", "fam", "hbload.presplit", "1")) {
      assertThat(s).isNotNull();
    }
    for (Phase phase : Phase.values()) {
      assertThatThrownBy(() -> open(phase, "table", "fam", "columnfamily", "cf"))
          .isInstanceOf(BindingException.class)
          .hasMessage(
              "table 'fam' has no column family 'cf' (it has: family); set -p columnfamily=<one of"
                  + " them>");
    }
  }

  @Test
  void badPropertiesAreReportedTogether() {
    // parsed at spec time now: the same problems, reported before any connection is made
    assertThatThrownBy(
            () -> open(Phase.LOAD, "hbload.presplit", "zero", "hbload.bloomfilter", "maybe"))
        .isInstanceOf(io.hbload.core.config.SpecException.class)
        .hasMessageContaining("property hbload.presplit: 'zero' is not a whole number")
        .hasMessageContaining("property hbload.bloomfilter: unknown value 'maybe'");
    assertThatThrownBy(() -> open(Phase.LOAD, "durability", "SOMETIMES"))
        .hasMessageStartingWith("property durability: unknown value 'SOMETIMES'");
  }

  @Test
  void blockCacheFiguresAfterReadingFlushedData() throws Exception {
    String table = "cache";
    try (HBaseSession s = open(Phase.LOAD, "table", table, "hbload.presplit", "2")) {
      Binding b = s.newBinding(0);
      for (int i = 0; i < 300; i++) {
        String k = "user" + (3000 + i * 11);
        b.insert(table, key(k), values(k, 10, 0));
      }
    }
    try (HBaseSession s = open(Phase.RUN, "table", table, "hbload.flushbeforerun", "true")) {
      Binding b = s.newBinding(0);
      s.runStarting(Phase.RUN);
      for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 300; i++) {
          assertThat(
                  b.read(
                      table,
                      key("user" + (3000 + i * 11)),
                      new ArrayFields().set(null),
                      new Rows.Capture()))
              .isSameAs(Status.OK);
        }
      }
      Map<String, Object> lines = new HashMap<>();
      for (ReportLine l : s.runFinished(Phase.RUN)) {
        assertThat(l.metric()).isEqualTo("BLOCKCACHE");
        lines.put(l.measurement(), l.value());
      }
      assertThat((Long) lines.get("HitCount")).isGreaterThanOrEqualTo(800L);
      assertThat((Double) lines.get("L1HitRatio")).isBetween(0.9, 1.0);
      assertThat(lines)
          .containsKeys(
              "MissCount",
              "HitRatio",
              "L1HitCount",
              "L1MissCount",
              "L2HitCount",
              "L2MissCount",
              "RegionServers");
      assertThat(lines).doesNotContainKey("Note");
      // the same counters as a typed value, for a suite to sum without parsing the lines
      assertThat(s.runFigures())
          .singleElement()
          .isInstanceOfSatisfying(
              io.hbload.hbase.metrics.BlockCacheSnapshot.class,
              d -> {
                assertThat(d.hitCount()).isEqualTo(lines.get("HitCount"));
                assertThat(d.l1MissCount()).isEqualTo(lines.get("L1MissCount"));
              });
    }
  }

  /** Store files per region of the table, as the RegionServer holds them. */
  private static List<Integer> storeFiles(String table) {
    return HBASE.hbase().embedded().cluster().getRegions(TableName.valueOf(table)).stream()
        .map(r -> r.getStores().stream().mapToInt(HStore::getStorefilesCount).sum())
        .toList();
  }

  @Test
  void majorCompactionBeforeTheRunLeavesOneStoreFilePerRegionAndTheLatestValues() throws Exception {
    String table = "compacted";
    try (HBaseSession s = open(Phase.LOAD, "table", table, "hbload.presplit", "2")) {
      Binding b = s.newBinding(0);
      // two flushed rounds: two store files per region, below HBase's minor-compaction threshold of
      // three
      for (int version = 0; version < 2; version++) {
        for (int i = 0; i < 200; i++) {
          String k = "user" + (1000 + i * 43);
          assertThat(b.insert(table, key(k), values(k, 10, version))).isSameAs(Status.OK);
        }
        HBASE.hbase().embedded().cluster().flushcache(TableName.valueOf(table));
      }
    }
    assertThat(storeFiles(table)).hasSize(2).allSatisfy(n -> assertThat(n).isEqualTo(2));
    try (HBaseSession s =
        open(
            Phase.RUN,
            "table",
            table,
            "hbload.majorcompactbeforerun",
            "true",
            "hbload.flushbeforerun",
            "false")) {
      s.runStarting(Phase.RUN);
      assertThat(storeFiles(table)).containsExactly(1, 1);
      assertThat(out.toString(StandardCharsets.UTF_8))
          .contains("[hbase] major compaction of " + table + " done after");
      Rows.Capture row = new Rows.Capture();
      assertThat(s.newBinding(0).read(table, key("user1043"), new ArrayFields().set(null), row))
          .isSameAs(Status.OK);
      for (int f = 0; f < 10; f++) {
        assertThat(row.fields.get("field" + f)).isEqualTo(value("user1043", f, 1));
      }
    }
  }

  @Test
  void memstoreOnlyReadsSayWhyThereAreNoCacheFigures() throws Exception {
    String table = "nocache";
    try (HBaseSession s = open(Phase.LOAD, "table", table, "hbload.presplit", "1")) {
      s.runStarting(Phase.LOAD);
      Binding b = s.newBinding(0);
      b.insert(table, key("user1"), values("user1", 3, 0));
      b.read(table, key("user1"), new ArrayFields().set(Set.of("field1")), new Rows.Capture());
      List<ReportLine> lines = s.runFinished(Phase.LOAD);
      assertThat(lines).anySatisfy(l -> assertThat(l.measurement()).isEqualTo("Note"));
      assertThat(lines).noneSatisfy(l -> assertThat(l.measurement()).isEqualTo("L1HitRatio"));
    }
  }

  @Test
  void rowKeysAreTheKeyBytesNotTheBufferPastTheLength() throws Exception {
    String table = "keys";
    try (HBaseSession s = open(Phase.LOAD, "table", table, "hbload.presplit", "1")) {
      Binding b = s.newBinding(0);
      io.hbload.core.binding.Key k = new io.hbload.core.binding.Key();
      k.set("user123456789");
      k.set(
          "user9"); // shorter key in the same buffer: bytes past the length must not leak into the
      // row
      b.insert(table, k, values("user9", 1, 0));
      try (Connection c = ConnectionFactory.createConnection(HBASE.hbase().configuration());
          Table t = c.getTable(TableName.valueOf(table))) {
        assertThat(t.exists(new Get(Bytes.toBytes("user9")))).isTrue();
        assertThat(Arrays.asList(t.get(new Get(Bytes.toBytes("user9"))).rawCells())).hasSize(1);
      }
    }
  }

  /**
   * Issue 13, defect 7: the embedded cluster's unauthenticated RPC servers listen on loopback only.
   */
  @Test
  void theEmbeddedClustersRpcServersListenOnLoopbackOnly() throws Exception {
    io.hbload.hbase.embedded.EmbeddedHBase e = HBASE.hbase().embedded();
    org.apache.hadoop.conf.Configuration conf = e.cluster().getConfiguration();
    assertThat(conf.get(io.hbload.hbase.embedded.EmbeddedHBase.MASTER_IPC_ADDRESS))
        .isEqualTo("127.0.0.1");
    assertThat(conf.get(io.hbload.hbase.embedded.EmbeddedHBase.REGIONSERVER_IPC_ADDRESS))
        .isEqualTo("127.0.0.1");
    assertThat(
            e.cluster()
                .getMaster()
                .getRpcServer()
                .getListenerAddress()
                .getAddress()
                .isLoopbackAddress())
        .isTrue();
    for (org.apache.hadoop.hbase.regionserver.HRegionServer rs : e.liveRegionServers()) {
      assertThat(rs.getRpcServer().getListenerAddress().getAddress().isLoopbackAddress()).isTrue();
    }
  }

  /**
   * Issue 13, defect 7: the client configuration goes into a private directory, never through a
   * planted link.
   */
  @Test
  void theClientConfigurationIsWrittenPrivatelyAndNotThroughALink(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
    java.nio.file.Path dir = io.hbload.hbase.embedded.EmbeddedHBase.privateConfDir();
    try {
      assertThat(
              java.nio.file.attribute.PosixFilePermissions.toString(
                  java.nio.file.Files.getPosixFilePermissions(dir)))
          .isEqualTo("rwx------");
      assertThat(dir.getFileName().toString())
          .startsWith("hbload-embedded-conf-")
          .doesNotEndWith("-");
    } finally {
      java.nio.file.Files.deleteIfExists(dir);
    }
    java.nio.file.Path victim =
        java.nio.file.Files.writeString(tmp.resolve("victim.txt"), "keep me");
    java.nio.file.Path site = tmp.resolve("hbase-site.xml");
    java.nio.file.Files.createSymbolicLink(site, victim);
    HBASE.hbase().embedded().writeHBaseSite(site);
    assertThat(java.nio.file.Files.readString(victim)).isEqualTo("keep me");
    assertThat(java.nio.file.Files.isSymbolicLink(site)).isFalse();
    assertThat(java.nio.file.Files.readString(site)).contains("hbase.zookeeper.quorum");
  }
}
