package io.hbload.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A run's measures: core's, then the workload's own, each a name with the next ordinal. */
class MeasuresTest {
  @Test
  void aWorkloadsOwnMeasureFollowsCoresOnesInItsRunOnly() {
    Measures run = Measures.CORE.and("TEST-OWN", true);
    Measure own = run.named("TEST-OWN");
    assertThat(own.ordinal()).isEqualTo(Measures.CORE.count()).isEqualTo(8);
    assertThat(run.of(own.ordinal())).isSameAs(own);
    assertThat(run.count()).isEqualTo(9);
    assertThat(run.named("READ")).isSameAs(Measure.READ);
    assertThat(Measures.CORE.named("TEST-OWN")).as("core's set is untouched").isNull();
    assertThat(run.and("TEST-OWN", true)).as("a name already there").isSameAs(run);
    assertThat(Measures.CORE.and("OTHER", true).named("OTHER").ordinal())
        .as("another run's own measure takes the same ordinal: ordinals are per run")
        .isEqualTo(8);
    assertThatThrownBy(() -> run.and("TEST-OWN", false))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(Measures.CORE.all())
        .extracting(Measure::ordinal)
        .containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
  }
}
