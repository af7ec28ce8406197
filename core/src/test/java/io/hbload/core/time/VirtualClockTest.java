package io.hbload.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class VirtualClockTest {
  @Test
  void sleepingAdvancesTheClockAndReturnsAtOnce() throws InterruptedException {
    VirtualClock clock = new VirtualClock(1_000L);
    long start = clock.nanoTime();
    clock.sleep(Duration.ofSeconds(10));
    clock.sleepNanos(-5);
    assertThat(clock.nanoTime() - start).isEqualTo(10_000_000_000L);
    assertThat(clock.millisSince(start)).isEqualTo(10_000L);
    assertThat(clock.epochMillis()).isEqualTo(11_000L);
    clock.advance(Duration.ofMillis(250));
    assertThat(clock.elapsed()).isEqualTo(Duration.ofMillis(10_250));
  }

  @Test
  void anInterruptedSleeperIsWokenAsByARealSleep() {
    VirtualClock clock = new VirtualClock();
    Thread.currentThread().interrupt();
    assertThatThrownBy(() -> clock.sleepNanos(1)).isInstanceOf(InterruptedException.class);
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
    assertThat(clock.nanoTime()).isZero();
  }

  @Test
  void timeDoesNotGoBack() {
    assertThatThrownBy(() -> new VirtualClock().advance(Duration.ofNanos(-1)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theSystemClockSleepsAtLeastAsLongAsAsked() throws InterruptedException {
    // real time, 2 ms: what the system clock promises is a lower bound, which only it can show
    Clock clock = Clock.system();
    long start = clock.nanoTime();
    clock.sleepNanos(2_000_000L);
    assertThat(clock.nanoTime() - start).isGreaterThanOrEqualTo(2_000_000L);
  }
}
