package io.hbload.hbase.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.core.server.ServerSample;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The figures read from a {@code /jmx} answer shaped as an HBase 2.5 RegionServer gives it (trimmed
 * from the embedded cluster's), and the hit ratio between two reads.
 */
class HttpJmxServerSamplerTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String GC =
      """
      {"beans": [
        {"name": "java.lang:name=G1 Young Generation,type=GarbageCollector",
         "CollectionCount": 23, "CollectionTime": 744, "Name": "G1 Young Generation"},
        {"name": "java.lang:name=G1 Old Generation,type=GarbageCollector",
         "CollectionCount": 0, "CollectionTime": 0, "Name": "G1 Old Generation"}]}
      """;

  private static String server(long hits, long misses) {
    return """
        {"beans": [{"name": "Hadoop:service=HBase,name=RegionServer,sub=Server",
          "memStoreSize": 3571977, "flushQueueLength": 1, "compactionQueueLength": 2,
          "flushedCellsSize": 2097152, "compactedCellsSize": 0,
          "readRequestCount": 3073, "writeRequestCount": 5014,
          "blockCacheHitCount": %d, "blockCacheMissCount": %d}]}
        """
        .formatted(hits, misses);
  }

  @Test
  void collectorsAndHBaseFiguresFromTheAnswers() throws Exception {
    List<RegionServerFigures.Collector> gc =
        HttpJmxServerSampler.collectors(JSON.readTree(GC).path("beans"));
    assertThat(gc)
        .containsExactly(
            new RegionServerFigures.Collector("G1 Young Generation", 23, 744),
            new RegionServerFigures.Collector("G1 Old Generation", 0, 0));

    RegionServerFigures figures = new RegionServerFigures();
    ServerSample first =
        figures.sample(
            "rs1:16020",
            1000,
            gc,
            HttpJmxServerSampler.hbase(JmxAnswer.bean(server(100, 10), "test")));
    assertThat(first.values())
        .containsEntry(RegionServerFigures.gcPause("G1 Young Generation"), 744.0)
        .containsEntry(RegionServerFigures.gcCount("G1 Young Generation"), 23.0)
        .containsEntry(RegionServerFigures.MEMSTORE, 3571977 / 1048576.0)
        .containsEntry(RegionServerFigures.FLUSH_QUEUE, 1.0)
        .containsEntry(RegionServerFigures.COMPACTION_QUEUE, 2.0)
        .containsEntry(RegionServerFigures.FLUSHED, 2.0)
        .containsEntry(RegionServerFigures.READS, 3073.0)
        .containsEntry(RegionServerFigures.WRITES, 5014.0)
        .doesNotContainKey(RegionServerFigures.CACHE_HIT_RATIO); // no earlier read to compare

    ServerSample second =
        figures.sample(
            "rs1:16020",
            2000,
            gc,
            HttpJmxServerSampler.hbase(JmxAnswer.bean(server(190, 20), "test")));
    assertThat(second.values()).containsEntry(RegionServerFigures.CACHE_HIT_RATIO, 0.9);
  }

  @Test
  void aFreshServerWithoutItsBeanGivesItsCollectorsOnly() throws Exception {
    assertThat(HttpJmxServerSampler.hbase(JmxAnswer.bean("{\"beans\": []}", "test"))).isNull();
    ServerSample s =
        new RegionServerFigures()
            .sample(
                "rs1:16020",
                1000,
                HttpJmxServerSampler.collectors(JSON.readTree(GC).path("beans")),
                null);
    assertThat(s.values()).hasSize(4);
  }
}
