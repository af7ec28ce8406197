package io.hbload.core.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.time.VirtualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The target-rate schedule on a virtual clock: intended starts to the nanosecond, a stall repaid by
 * a burst (never skipped), a restart forgiving the backlog; in microseconds, the same way every
 * time.
 */
class PacerTest {
  private static final long MS = 1_000_000L;

  private final VirtualClock clock = new VirtualClock();

  @Test
  void eachSlotIsWaitedForAndItsIntendedStartReturned() {
    Pacer pacer = new Pacer(1000, clock.nanoTime(), 0, false, clock);
    for (int k = 0; k < 5; k++) {
      assertThat(pacer.awaitNext()).isEqualTo(k * MS);
      assertThat(clock.nanoTime()).as("waited until the slot").isEqualTo(k * MS);
    }
    assertThat(pacer.periodNanos()).isEqualTo(1e6);
  }

  @Test
  void anOffsetStaggersTheWholeSchedule() {
    Pacer pacer = new Pacer(100, clock.nanoTime(), 3 * MS, false, clock);
    assertThat(pacer.awaitNext()).isEqualTo(3 * MS);
    assertThat(pacer.awaitNext()).isEqualTo(13 * MS);
  }

  @Test
  void aStallIsRepaidInABurstNeverSkipped() {
    Pacer pacer = new Pacer(1000, clock.nanoTime(), 0, false, clock);
    pacer.awaitNext();
    clock.advance(Duration.ofMillis(10)); // the worker was busy (a slow call, a GC) for 10 ms
    for (int k = 1; k <= 10; k++) {
      // every missed slot is still issued, at once, with its own intended start: latency is
      // measured from there, so the stall is charged to each operation it delayed
      assertThat(pacer.awaitNext()).isEqualTo(k * MS);
      assertThat(clock.nanoTime()).as("no wait while behind").isEqualTo(10 * MS);
    }
    assertThat(pacer.awaitNext()).isEqualTo(11 * MS);
    assertThat(clock.nanoTime()).isEqualTo(11 * MS);
  }

  @Test
  void aRestartForgivesTheBacklogAtTheSameRate() {
    Pacer pacer = new Pacer(1000, clock.nanoTime(), 0, false, clock);
    pacer.awaitNext();
    clock.advance(Duration.ofMillis(50)); // the warm-up's cold start left 50 slots behind
    pacer.restartAt(clock.nanoTime());
    assertThat(pacer.awaitNext()).isEqualTo(50 * MS);
    assertThat(pacer.awaitNext()).isEqualTo(51 * MS);
  }

  @Test
  void anInterruptEndsTheWaitAndStaysSetForTheWorker() {
    Pacer pacer = new Pacer(1, clock.nanoTime(), 0, false, clock);
    pacer.awaitNext();
    Thread.currentThread().interrupt();
    try {
      assertThat(pacer.awaitNext()).isEqualTo(1_000 * MS);
      assertThat(clock.nanoTime()).as("not waited").isZero();
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
      assertThat(pacer.parked()).isFalse();
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void aFractionalPeriodKeepsTheLongRunRateExact() {
    // 3 ops/s: 333,333,333.3 ns apart; slot k starts at floor(k * period), never drifting
    Pacer pacer = new Pacer(3, clock.nanoTime(), 0, false, clock);
    long last = 0;
    for (int k = 0; k <= 3_000; k++) {
      last = pacer.awaitNext();
    }
    assertThat(last).isEqualTo(1_000_000_000_000L);
  }

  @Test
  void underARampWorkersInterleaveAndTogetherFollowTheCurve() {
    // ramp 1000 -> 3000 ops/s over 1 s: two workers take the curve's even and odd operations
    RateCurve curve =
        RateCurve.of(
            io.hbload.core.config.RateScheduleParser.parse("target", "ramp:1000..3000/1s", 1));
    Pacer even = new Pacer(curve, 0, 2, clock.nanoTime(), false, clock);
    Pacer odd = new Pacer(curve, 1, 2, clock.nanoTime(), false, clock);
    long previous = -1;
    for (int k = 0; k < 1000; k++) {
      long a = even.next();
      long b = odd.next();
      assertThat(a).isGreaterThan(previous).isLessThanOrEqualTo(b);
      assertThat(a).isEqualTo(Math.round(curve.secondsOf(2 * k) * 1e9));
      assertThat(b).isEqualTo(Math.round(curve.secondsOf(2 * k + 1) * 1e9));
      previous = b;
    }
    // 2000 operations by t where 1000 t + 1000 t² = 2000: t = 1 s (the ramp's end)
    assertThat(even.next()).isEqualTo(1_000_000_000L);
  }

  @Test
  void aScheduleIsWaitedForRepaidInABurstAndRestartsFromItsStart() {
    RateCurve curve =
        RateCurve.of(io.hbload.core.config.RateScheduleParser.parse("target", "100@1s,1000@1s", 1));
    Pacer pacer = new Pacer(curve, 0, 1, clock.nanoTime(), false, clock);
    for (int k = 0; k < 100; k++) {
      assertThat(pacer.awaitNext()).isEqualTo(k * 10 * MS);
      assertThat(clock.nanoTime()).isEqualTo(k * 10 * MS);
    }
    assertThat(pacer.awaitNext()).isEqualTo(1000 * MS);
    clock.advance(Duration.ofMillis(20)); // behind by 20 slots of the second step
    for (int k = 1; k <= 20; k++) {
      assertThat(pacer.awaitNext()).isEqualTo(1000 * MS + k * MS);
      assertThat(clock.nanoTime()).as("no wait while behind").isEqualTo(1020 * MS);
    }
    pacer.restartAt(clock.nanoTime());
    assertThat(pacer.awaitNext()).isEqualTo(1020 * MS);
    assertThat(pacer.awaitNext()).as("from the first step again").isEqualTo(1030 * MS);
  }
}
