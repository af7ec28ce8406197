package io.hbload.core.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.capacity.LatencyBound.Clause;
import io.hbload.core.config.SpecException;
import org.junit.jupiter.api.Test;

class LatencyBoundTest {
  @Test
  void readsEveryClauseForm() {
    LatencyBound b =
        LatencyBound.parse(
            "p99<10ms, READ.p99.9<5ms,service.p50<800us, update.service.p99<2s," + " errors<1.5%");
    assertThat(b.clauses())
        .containsExactly(
            new Clause(null, false, 99, 10_000_000L),
            new Clause("READ", false, 99.9, 5_000_000L),
            new Clause(null, true, 50, 800_000L),
            new Clause("UPDATE", true, 99, 2_000_000_000L));
    assertThat(b.maxErrorFraction()).isEqualTo(0.015);
    assertThat(LatencyBound.parse(b.text())).isEqualTo(b);
    assertThat(LatencyBound.parse("intended.p99<10ms").clauses())
        .containsExactly(new Clause(null, false, 99, 10_000_000L));
    assertThat(LatencyBound.parse("p99<10ms").maxErrorFraction()).isEqualTo(-1);
  }

  @Test
  void badTextNamesEveryProblemAtOnce() {
    assertThatThrownBy(
            () -> LatencyBound.parse("p99<10, FETCH.p99<5ms, p0<1ms, p101<1ms, errors<100%"))
        .isInstanceOf(SpecException.class)
        .satisfies(e -> assertThat(((SpecException) e).problems()).hasSize(5))
        .hasMessageContaining("cannot read 'p99<10'")
        .hasMessageContaining("names no operation (FETCH)")
        .hasMessageContaining("'p0<1ms': the percentile must be above 0")
        .hasMessageContaining("'p101<1ms'")
        .hasMessageContaining("bounds nothing");
    assertThatThrownBy(() -> LatencyBound.parse(" "))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("empty");
    assertThatThrownBy(() -> LatencyBound.parse("errors<1%"))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("bounds no latency percentile");
    assertThatThrownBy(() -> LatencyBound.parse("p99<0ms"))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("the limit must be above 0");
    assertThatThrownBy(() -> LatencyBound.parse("p99>10ms"))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("cannot read 'p99>10ms'");
  }
}
