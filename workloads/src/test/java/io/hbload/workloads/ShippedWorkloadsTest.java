package io.hbload.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.config.Distribution;
import io.hbload.core.config.LengthDistribution;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertySources;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.source.WorkloadType.MixgraphWorkloadType;
import io.hbload.core.spec.RunSpec;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every shipped workload, found by its -w name on the classpath, parses to the effective values
 * YCSB 0.17.0 gives its own file of the same name (shared/docs/ycsb-compat.md section 3.1), and the
 * file in this folder is the one packaged.
 */
class ShippedWorkloadsTest {
  @ParameterizedTest(name = "workload {0}")
  @CsvSource({
    // name, read, update, scan, insert, rmw, distribution, maxscanlength
    "a, 0.5, 0.5, 0, 0, 0, ZIPFIAN, 1000",
    "b, 0.95, 0.05, 0, 0, 0, ZIPFIAN, 1000",
    "c, 1, 0, 0, 0, 0, ZIPFIAN, 1000",
    "d, 0.95, 0, 0, 0.05, 0, LATEST, 1000",
    "e, 0, 0, 0.95, 0.05, 0, ZIPFIAN, 100",
    "f, 0.5, 0, 0, 0, 0.5, ZIPFIAN, 1000",
    "updateonly, 0, 1, 0, 0, 0, ZIPFIAN, 1000"
  })
  void parsesToYcsbEffectiveValues(
      String name,
      double read,
      double update,
      double scan,
      double insert,
      double rmw,
      Distribution distribution,
      int maxScan) {
    RunSpec spec = SpecParser.parse(new PropertySources().bundled(name).merge(), Phase.RUN);
    WorkloadSpec w = spec.workload();
    assertThat(w.records().count()).isEqualTo(1000);
    assertThat(spec.execution().operations()).isEqualTo(1000);
    assertThat(w.fields().readAll()).isTrue();
    assertThat(w.mix().read()).isEqualTo(read);
    assertThat(w.mix().update()).isEqualTo(update);
    assertThat(w.mix().scan()).isEqualTo(scan);
    assertThat(w.mix().insert()).isEqualTo(insert);
    assertThat(w.mix().readModifyWrite()).isEqualTo(rmw);
    assertThat(w.keyChoice().distribution()).isEqualTo(distribution);
    assertThat(w.scans().max()).isEqualTo(maxScan);
    // untouched code defaults: 1 KB rows of 10 x 100 bytes, hashed keys
    assertThat(w.fields().count()).isEqualTo(10);
    assertThat(w.fields().length()).isEqualTo(100);
    assertThat(w.fields().lengthDistribution()).isEqualTo(LengthDistribution.CONSTANT);
    assertThat(w.scans().distribution()).isEqualTo(LengthDistribution.UNIFORM);
    assertThat(w.records().ordered()).isFalse();
    assertThat(w.table()).isEqualTo("usertable");
    assertThat(spec.provenance().properties())
        .containsEntry("workload", "site.ycsb.workloads.CoreWorkload");

    // the packaged copy is this folder's file, byte for byte in effect
    RunSpec fromFile =
        SpecParser.parse(new PropertySources().file(Path.of("workload" + name)).merge(), Phase.RUN);
    assertThat(fromFile).isEqualTo(spec);
  }

  @org.junit.jupiter.api.Test
  void templateKeepsYcsbsTemplateValues() {
    RunSpec spec = SpecParser.parse(new PropertySources().bundled("template").merge(), Phase.RUN);
    assertThat(spec.workload().records().count()).isEqualTo(1_000_000);
    assertThat(spec.execution().operations()).isEqualTo(3_000_000);
    assertThat(spec.workload().keyChoice().distribution()).isEqualTo(Distribution.ZIPFIAN);
    assertThat(spec.provenance().notes()).anyMatch(n -> n.startsWith("measurementtype=histogram"));
  }

  /**
   * db_bench's mixgraph files, found by their -w names: every flag in them is read (no note of an
   * unknown one), and the packaged copy is this folder's file.
   */
  @ParameterizedTest(name = "workload {0}")
  @ValueSource(strings = {"mixgraph", "mixgraph_allrandom"})
  void mixgraphFilesRunDbBenchsMixgraph(String name) {
    RunSpec spec = SpecParser.parse(new PropertySources().bundled(name).merge(), Phase.RUN);
    assertThat(spec.binding().workload()).isInstanceOf(MixgraphWorkloadType.class);
    assertThat(spec.workload().records().count()).isEqualTo(1000);
    assertThat(spec.execution().operations()).isEqualTo(1000);
    assertThat(spec.provenance().notes()).isEmpty();
    RunSpec fromFile =
        SpecParser.parse(new PropertySources().file(Path.of("workload" + name)).merge(), Phase.RUN);
    assertThat(fromFile).isEqualTo(spec);
  }
}
