package io.hbload.hbase.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.binding.ReportLine;
import java.util.List;
import org.junit.jupiter.api.Test;

class BlockCacheReportTest {
  @Test
  void deltasAndRatios() {
    BlockCacheSnapshot before = new BlockCacheSnapshot(1, 100, 10, 100, 10, 0, 0, 500);
    BlockCacheSnapshot after = new BlockCacheSnapshot(1, 1090, 20, 1090, 20, 0, 0, 1600);
    List<ReportLine> lines = BlockCacheReport.lines(after.minus(before));
    assertThat(lines)
        .contains(
            new ReportLine("BLOCKCACHE", "HitCount", 990L),
            new ReportLine("BLOCKCACHE", "MissCount", 10L),
            new ReportLine("BLOCKCACHE", "HitRatio", 0.99),
            new ReportLine("BLOCKCACHE", "L1HitRatio", 0.99),
            new ReportLine("BLOCKCACHE", "L2HitCount", 0L));
    // no L2 lookups: no ratio rather than a made-up 0
    assertThat(lines)
        .noneMatch(l -> l.measurement().equals("L2HitRatio") || l.measurement().equals("Note"));
  }

  @Test
  void noLookupsSaysSo() {
    List<ReportLine> lines = BlockCacheReport.lines(new BlockCacheSnapshot(1, 0, 0, 0, 0, 0, 0, 0));
    assertThat(lines)
        .anyMatch(l -> l.measurement().equals("Note") && l.value().toString().contains("memstore"));
  }

  @Test
  void parsesRegionServerJmxJson() throws Exception {
    String json =
        """
        { "beans" : [ { "name" : "Hadoop:service=HBase,name=RegionServer,sub=Server",
            "blockCacheHitCount" : 1396189, "blockCacheMissCount" : 3441, "l1CacheHitCount" : 1396189,
            "l1CacheMissCount" : 3441, "l1CacheHitRatio" : 0.9975, "l2CacheHitCount" : 0,
            "totalRequestCount" : 5000 } ] }
        """;
    assertThat(HttpJmxBlockCacheReader.parse(json))
        .containsExactly(1396189, 3441, 1396189, 3441, 0, 0, 5000);
  }
}
