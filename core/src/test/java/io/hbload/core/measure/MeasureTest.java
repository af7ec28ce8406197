package io.hbload.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MeasureTest {
  /**
   * The one rule the status line and the intended-latency note share: VERIFY and CLEANUP, and their
   * outcomes, are not on the schedule; every other measure and outcome is.
   */
  @Test
  void verifyAndCleanupAndTheirOutcomesAreNotScheduled() {
    assertThat(Measure.scheduled("VERIFY")).isFalse();
    assertThat(Measure.scheduled("VERIFY-FAILED")).isFalse();
    assertThat(Measure.scheduled("CLEANUP")).isFalse();
    assertThat(Measure.scheduled("READ")).isTrue();
    assertThat(Measure.scheduled("READ-FAILED")).isTrue();
    assertThat(Measure.scheduled("READ-MODIFY-WRITE")).isTrue();
    assertThat(Measure.scheduled("VERIFYING")).as("a name that only starts like VERIFY").isTrue();
  }
}
