package io.hbload.hbase.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.config.Phase;
import io.hbload.core.config.SpecException;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.spec.RunSpec;
import io.hbload.hbase.HBaseBindingProvider;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.junit.jupiter.api.Test;

/**
 * The HBase binding's keys are parsed at spec time, with the engine's, before any cluster starts.
 */
class HBaseSettingsParserTest {
  private static Map<String, String> props(String... kv) {
    Map<String, String> p = new java.util.HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      p.put(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void everyBadValueIsReportedWithTheEnginesInOnePass() {
    Map<String, String> p =
        Map.of(
            "db",
            "hbase",
            "recordcount",
            "ten",
            "hbload.presplit",
            "0",
            "durability",
            "sometimes",
            "hbload.compression",
            "zip",
            "clientbuffering",
            "yes",
            "hbload.embedded.regionservers",
            "99");
    assertThatThrownBy(() -> SpecParser.parse(p, Phase.LOAD))
        .isInstanceOfSatisfying(
            SpecException.class,
            e ->
                assertThat(e.problems())
                    .containsExactlyInAnyOrder(
                        "property recordcount: 'ten' is not a whole number",
                        "property clientbuffering: expected true or false, got 'yes'",
                        "property durability: unknown value 'sometimes' (one of [USE_DEFAULT, SKIP_WAL, ASYNC_WAL, SYNC_WAL, "
                            + "FSYNC_WAL])",
                        "property hbload.presplit: 0 is below the minimum 1",
                        "property hbload.compression: unknown: zip (none, gz, snappy, lz4, zstd, lzo, bzip2)",
                        "property hbload.embedded.regionservers: 99 is above the maximum 16"));
  }

  @Test
  void theSpecCarriesTypedSettingsForTheWorkloadsTable() {
    RunSpec spec =
        SpecParser.parse(
            props(
                "db",
                "hbase20",
                "table",
                "bench",
                "columnfamily",
                "cf",
                "hbload.presplit",
                "30",
                "hbload.compression",
                "GZ",
                "hbload.blockencoding",
                "fast_diff",
                "hbload.bloomfilter",
                "rowcol",
                "durability",
                "skip_wal",
                "hbload.zk",
                " zk1:2182 ",
                "hbase.client.retries.number",
                "3",
                "hbase.usepagefilter",
                "false",
                "hbload.flushbeforerun",
                "false"),
            Phase.RUN);
    HBaseSettings s = (HBaseSettings) spec.binding().settings();
    assertThat(s.table().table()).isEqualTo("bench");
    assertThat(s.table().family()).isEqualTo("cf");
    assertThat(s.table().presplit()).isEqualTo(30);
    assertThat(s.table().compression()).isEqualTo(Compression.Algorithm.GZ);
    assertThat(s.table().blockEncoding()).isEqualTo(DataBlockEncoding.FAST_DIFF);
    assertThat(s.table().bloomFilter()).isEqualTo(BloomType.ROWCOL);
    assertThat(s.ops().durability()).isEqualTo(Durability.SKIP_WAL);
    assertThat(s.ops().usePageFilter()).isFalse();
    assertThat(s.cluster().zkQuorum()).isEqualTo("zk1:2182");
    assertThat(s.cluster().passThrough())
        .containsExactly(Map.entry("hbase.client.retries.number", "3"));
    assertThat(s.flushBeforeRun()).isFalse();
    assertThat(s.metricsSettleMillis()).isNull();
    assertThat(new HBaseBindingProvider().aliases()).contains("hbase20");
  }

  @Test
  void defaultsAreYcsbsAndHbloads(@org.junit.jupiter.api.io.TempDir Path conf)
      throws java.io.IOException {
    HBaseSettings s = HBaseSettingsParser.parse(Map.of());
    assertThat(s.table().table()).isEqualTo("usertable");
    assertThat(s.table().presplit()).as("0 = 10 x RegionServers").isZero();
    assertThat(s.ops().writeBufferSize()).isEqualTo(12L * 1024 * 1024);
    assertThat(s.embeddedRegionServers()).isEqualTo(1);
    assertThat(s.flushBeforeRun()).as("depends on the cluster").isNull();
    assertThat(s.cluster().confDir()).isNull();
    java.nio.file.Files.writeString(conf.resolve("hbase-site.xml"), "<configuration/>");
    assertThat(
            HBaseSettingsParser.parse(Map.of("hbload.hbase.conf", conf.toString()))
                .cluster()
                .confDir())
        .isEqualTo(conf);
  }

  @Test
  void aConfDirOrQuorumThatCannotWorkIsBadInputBeforeAnythingStarts(
      @org.junit.jupiter.api.io.TempDir Path empty) {
    assertThatThrownBy(
            () -> HBaseSettingsParser.parse(Map.of("hbload.hbase.conf", "/nonexistent/conf")))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("HBase conf directory /nonexistent/conf does not exist");
    assertThatThrownBy(
            () -> HBaseSettingsParser.parse(Map.of("hbload.hbase.conf", empty.toString())))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("no hbase-site.xml in HBase conf directory");
    assertThatThrownBy(() -> HBaseSettingsParser.parse(Map.of("hbload.zk", "zk1:2181,zk2:21x81")))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("port '21x81' is not a number from 1 to 65535");
    assertThatThrownBy(() -> HBaseSettingsParser.parse(Map.of("hbload.zk", "zk1,")))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("empty host");
    assertThat(
            HBaseSettingsParser.parse(Map.of("hbload.zk", "zk1:2181, zk2:2181,zk3"))
                .cluster()
                .zkQuorum())
        .isEqualTo("zk1:2181, zk2:2181,zk3");
  }

  @Test
  void ycsbsBindingRequiresAColumnFamily() {
    Properties none = new Properties();
    none.setProperty("table", "usertable");
    assertThatThrownBy(() -> HBaseSettingsParser.parseYcsb(none))
        .hasMessage("property columnfamily: No columnfamily specified");
    Properties given = new Properties();
    given.setProperty("columnfamily", "family");
    assertThat(HBaseSettingsParser.parseYcsb(given).ops().family()).isEqualTo("family");
  }
}
