package io.hbload.core.export;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** When the intended-start p99 against service time is worth a warning (issue 32 §4). */
class IntendedLatencyNoteTest {
  @Test
  void aNearZeroServiceTimeDoesNotTurnTimerJitterIntoAWarning() {
    // a healthy no-op run: 0.4 us of service, the pacer 0.96 ms late at p99: 2,400x, no backlog
    assertThat(IntendedLatencyNote.warns(0.96, 0.0004, IntendedLatencyNote.DEFAULT_WARN_FACTOR))
        .isFalse();
    assertThat(IntendedLatencyNote.warns(0.5, 0, IntendedLatencyNote.DEFAULT_WARN_FACTOR))
        .isFalse();
  }

  @Test
  void aBacklogAboveTheFactorAndTheFloorWarns() {
    // 2 ms calls at four times their capacity: callers waited 40 ms
    assertThat(IntendedLatencyNote.warns(40, 2, IntendedLatencyNote.DEFAULT_WARN_FACTOR)).isTrue();
    assertThat(IntendedLatencyNote.warns(1.5, 0.0004, IntendedLatencyNote.DEFAULT_WARN_FACTOR))
        .isTrue();
  }

  @Test
  void aGapWithinTheFactorDoesNotWarnHowEverLarge() {
    assertThat(IntendedLatencyNote.warns(90, 50, IntendedLatencyNote.DEFAULT_WARN_FACTOR))
        .isFalse();
  }
}
