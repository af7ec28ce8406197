package io.hbload.hdfs.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.hdfs.report.DataNodeFaultResult;
import org.junit.jupiter.api.Test;

/**
 * The split of a timed pass's calls at the fault, on given timestamps (no clock, no sleep): warm-up
 * calls count nowhere, a call counts in the window it started in, every call's bytes in the second
 * it ended.
 */
class CallWindowsTest {
  private static final long S = 1_000_000_000L;
  private static final long MS = 1_000_000L;

  @Test
  void callsSplitAtTheFaultByTheirStartAndTheWarmUpIsLeftOut() {
    long start = 100 * S; // any origin: only differences count
    CallWindows w = new CallWindows(start, start + 5 * S, 30);
    w.call(start + 1 * S, start + 1 * S + 90 * MS, 1 << 20); // warm-up: slow, left out
    for (int i = 0; i < 100; i++) {
      w.call(start + 6 * S + i * MS, start + 6 * S + i * MS + 2 * MS, 1 << 20);
    }
    // starts before the fault, ends after it: still healthy
    w.call(start + 9 * S, start + 10 * S + 500 * MS, 1 << 20);
    w.markFault(start + 10 * S);
    for (int i = 0; i < 50; i++) {
      w.call(start + 12 * S + i * MS, start + 12 * S + i * MS + 8 * MS, 1 << 20);
    }
    long end = start + 20 * S;

    DataNodeFaultResult.Window healthy = w.healthy(end);
    assertThat(healthy.seconds()).isEqualTo(5.0);
    assertThat(healthy.calls()).isEqualTo(101);
    assertThat(healthy.bytes()).isEqualTo(101L << 20);
    assertThat(healthy.p50Micros()).isBetween(1990L, 2010L);
    assertThat(healthy.maxMicros()).isBetween(1_499_000L, 1_501_000L);
    assertThat(healthy.mibPerSec()).isEqualTo(101 / 5.0);

    DataNodeFaultResult.Window degraded = w.degraded(end);
    assertThat(degraded.seconds()).isEqualTo(10.0);
    assertThat(degraded.calls()).isEqualTo(50);
    assertThat(degraded.p99Micros()).isBetween(7990L, 8010L);
    assertThat(degraded.mibPerSec()).isEqualTo(5.0);

    // the series: by the second each call ended, the warm-up's included
    assertThat(w.mibPerSec(1)).isEqualTo(1.0);
    assertThat(w.mibPerSec(6)).isEqualTo(100.0);
    assertThat(w.mibPerSec(10)).isEqualTo(1.0);
    assertThat(w.mibPerSec(12)).isEqualTo(50.0);
    assertThat(w.mibPerSec(29)).isZero();
    assertThat(w.mibPerSec(99)).as("past the series").isZero();
  }

  @Test
  void withoutAFaultThereIsNoDegradedWindow() {
    CallWindows w = new CallWindows(0, 0, 5);
    w.call(S, S + MS, 10);
    assertThat(w.degraded(5 * S).calls()).isZero();
    assertThat(w.degraded(5 * S).seconds()).isZero();
    assertThat(w.healthy(5 * S).calls()).isEqualTo(1);
    assertThat(w.healthy(5 * S).seconds()).isEqualTo(5.0);
  }
}
