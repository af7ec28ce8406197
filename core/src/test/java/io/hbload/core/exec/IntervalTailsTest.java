package io.hbload.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.measure.IntervalView;
import io.hbload.core.measure.Measures;
import io.hbload.core.server.TailOutliers;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The reporter's record of each measured interval's p99.9, for the tail outliers. */
class IntervalTailsTest {
  private static final long T0 = 1_767_225_600_000L;

  @Test
  void theCollectorKeepsEachIntervalsP999OverTheScheduledOperations() {
    IntervalTails c = new IntervalTails(Measures.CORE);
    for (int i = 0; i < 6; i++) {
      Histogram read = new Histogram(3);
      Histogram cleanup = new Histogram(3);
      for (int k = 0; k < 1000; k++) {
        read.recordValue(i == 4 && k >= 998 ? 50_000_000L : 1_000_000L);
      }
      cleanup.recordValue(900_000_000L); // not an operation of the workload: left out
      c.add(
          new IntervalView(
              T0 + i * 1000L,
              T0 + (i + 1) * 1000L,
              1000,
              List.of(
                  new IntervalView.Latency("READ", read, read),
                  new IntervalView.Latency("CLEANUP", cleanup, cleanup))));
    }
    assertThat(c.size()).isEqualTo(6);
    TailOutliers t = c.find(null, null, false);
    assertThat(t.outliers()).hasSize(1);
    assertThat(t.outliers().get(0).interval().startEpochMillis()).isEqualTo(T0 + 4000);
    assertThat(t.outliers().get(0).explained()).isFalse();
    c.clear();
    assertThat(c.size()).isZero();
  }
}
