package io.hbload.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.Hbload;
import io.hbload.core.binding.ReportLine;
import io.hbload.core.result.RunResult;
import io.hbload.hbase.testkit.HBaseExtension;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The engine drives the binding: load, then workloads with every operation type (read, update,
 * insert, scan, read-modify-write) with YCSB's {@code dataintegrity} verification of every value
 * read.
 */
class EngineIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.shared();

  private static Hbload hbload(String workload) {
    return Hbload.workload(workload)
        .binding(HBASE.hbase().bindingProvider())
        .properties(HBASE.hbase().properties())
        .property("columnfamily", "family")
        .property("table", "engine")
        .property("hbload.presplit", "4")
        .recordCount(2000)
        .threads(2)
        .dataIntegrity(true);
  }

  @Test
  void loadThenEveryOperationTypeWithDataIntegrity() {
    RunResult load = hbload("a").load();
    assertThat(load.errorCount()).isZero();
    assertThat(load.op("INSERT").count()).isEqualTo(2000);

    // a: read + update; f: read + read-modify-write; e: scan + insert
    RunResult a = hbload("a").duration(Duration.ofSeconds(3)).run();
    assertThat(a.errorCount()).isZero();
    assertThat(a.op("READ").returns()).containsOnlyKeys("OK");
    assertThat(a.op("UPDATE").count()).isPositive();
    assertThat(a.extra()).anySatisfy(l -> assertThat(l.metric()).isEqualTo("BLOCKCACHE"));

    RunResult f = hbload("f").duration(Duration.ofSeconds(3)).run();
    assertThat(f.errorCount()).isZero();
    assertThat(f.op("READ-MODIFY-WRITE").count()).isPositive();

    RunResult e = hbload("e").duration(Duration.ofSeconds(3)).run();
    assertThat(e.errorCount()).isZero();
    assertThat(e.op("SCAN").count()).isPositive();
    assertThat(e.op("INSERT").count()).isPositive();
  }

  /**
   * db_bench's mixgraph with the paper's all-random parameters on HBase, on both loops: Gets find
   * the loaded rows, Puts and Seeks (scans) succeed.
   */
  @Test
  void mixgraphOnBlockingAndPipelinedWorkers() {
    Hbload load = mixgraph();
    assertThat(load.load().op("INSERT").returns()).containsExactly(Map.entry("OK", 3000L));
    for (String inflight : new String[] {"1", "8"}) {
      RunResult r = mixgraph().property("hbload.inflight", inflight).operationCount(3000).run();
      assertThat(r.errorCount()).as("inflight %s", inflight).isZero();
      assertThat(r.op("READ").returns()).containsOnlyKeys("OK");
      assertThat(r.op("READ").count()).isGreaterThan(2000);
      assertThat(r.op("UPDATE").count()).isPositive();
      assertThat(r.op("SCAN").count()).isPositive();
      assertThat(r.extra())
          .filteredOn(l -> l.metric().equals("MIXGRAPH"))
          .extracting(ReportLine::measurement)
          .contains("KeyDistance", "ValueSizeDistance");
    }
  }

  private static Hbload mixgraph() {
    return Hbload.workload("mixgraph_allrandom")
        .binding(HBASE.hbase().bindingProvider())
        .properties(HBASE.hbase().properties())
        .property("columnfamily", "family")
        .property("table", "engine_mixgraph")
        .recordCount(3000)
        .threads(2)
        .seed(35);
  }

  @Test
  void deletesThroughTheEngine() {
    Hbload h = hbload("updateonly").property("table", "engine_delete");
    assertThat(h.load().errorCount()).isZero();
    RunResult r =
        hbload("updateonly")
            .property("table", "engine_delete")
            .property("updateproportion", "0.5")
            .property("hbload.deleteproportion", "0.5")
            .operationCount(500)
            .run();
    assertThat(r.op("DELETE").count()).isPositive();
    assertThat(r.op("DELETE").returns()).containsOnlyKeys("OK");
  }

  @Test
  void blockCacheLinesAfterAReadRun() {
    Hbload h =
        hbload("c").property("table", "engine_cache").property("hbload.flushbeforerun", "true");
    h.load();
    RunResult c =
        hbload("c")
            .property("table", "engine_cache")
            .property("hbload.flushbeforerun", "true")
            .duration(Duration.ofSeconds(3))
            .run();
    Map<String, Object> lines = new java.util.HashMap<>();
    for (ReportLine l : c.extra()) {
      lines.put(l.measurement(), l.value());
    }
    assertThat((Long) lines.get("HitCount")).isPositive();
    assertThat((Double) lines.get("L1HitRatio")).isGreaterThan(0.5);
  }
}
