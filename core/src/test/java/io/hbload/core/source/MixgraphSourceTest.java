package io.hbload.core.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.binding.Binding;
import io.hbload.core.config.MixgraphSpec;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertySources;
import io.hbload.core.keys.KeySpace;
import io.hbload.core.measure.Measure;
import io.hbload.core.measure.Measures;
import io.hbload.core.mixgraph.MixgraphCheck;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.time.Clock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A mixgraph operation is a function of its number alone (drawn in any order, the same call), with
 * keys of {@code key_size} bytes in number order, and a load writes each record once with a value
 * of the model's sizes.
 */
class MixgraphSourceTest {
  private static final RunSpec SPEC =
      SpecParser.parse(
          new PropertySources()
              .file(Path.of("../workloads/workloadmixgraph_allrandom"))
              .set("recordcount", "30000")
              .set("key_size", "20")
              .merge(),
          Phase.RUN);

  static MixgraphSource<BlockingStep<Binding>> source(Phase phase) {
    MixgraphSpec mixgraph = ((WorkloadType.MixgraphWorkloadType) SPEC.binding().workload()).spec();
    return new MixgraphSource<>(
        YcsbSteps.BLOCKING,
        new PhaseContext(
            phase,
            SPEC.workload(),
            new KeySpace(SPEC.workload()),
            Clock.system(),
            42,
            Measures.CORE),
        mixgraph,
        new MixgraphCheck(mixgraph, 30_000));
  }

  static OperationSlot<BlockingStep<Binding>> slot() {
    return new OperationSlot<>(0, SPEC.workload());
  }

  @Test
  void anOperationIsAFunctionOfItsNumber() {
    List<String> forward = draw(source(Phase.RUN), 0, 2000, 1);
    List<String> backward = draw(source(Phase.RUN), 1999, -1, -1);
    Collections.reverse(backward);
    assertThat(backward).isEqualTo(forward);
    assertThat(forward).allMatch(op -> op.matches("(READ|UPDATE \\d+|SCAN \\d+) user\\d{16}"));
    assertThat(forward)
        .anyMatch(op -> op.startsWith("UPDATE"))
        .anyMatch(op -> op.startsWith("SCAN"));
  }

  @Test
  void theLoadWritesEveryRecordInNumberOrderWithTheModelsSizes() {
    MixgraphSource<BlockingStep<Binding>> load = source(Phase.LOAD);
    OperationSlot<BlockingStep<Binding>> s = slot();
    for (int n = 0; n < 3; n++) {
      assertThat(load.load(s)).isTrue();
      assertThat(s.operation).isEqualTo(Measure.INSERT);
      assertThat(s.key.toString()).isEqualTo(String.format("user%016d", n));
      assertThat(s.values.count()).isEqualTo(1);
      assertThat(s.values.name(0)).isEqualTo("field0");
      assertThat(s.values.length(0)).isBetween(10, 1024);
      assertThat(load.completed(s, false)).isEqualTo(OperationSource.Next.DONE);
    }
  }

  /** Operations {@code from} to {@code to} (exclusive) by {@code step}, each as text. */
  private static List<String> draw(
      MixgraphSource<BlockingStep<Binding>> source, int from, int to, int step) {
    OperationSlot<BlockingStep<Binding>> s = slot();
    List<String> out = new ArrayList<>();
    for (int n = from; n != to; n += step) {
      s.cycle = n;
      source.transaction(s);
      String what =
          s.operation == Measure.UPDATE
              ? "UPDATE " + s.values.length(0)
              : s.operation == Measure.SCAN ? "SCAN " + s.scanLength : s.operation.reportName();
      out.add(what + " " + s.key);
    }
    return out;
  }
}
