package io.hbload.core.server;

import static io.hbload.core.testing.TestServerFigures.PAUSE;
import static io.hbload.core.testing.TestServerFigures.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Slow client intervals labelled with the server events in or just before them (issue 32 §3), on
 * constructed series: a GC pause explains its interval, a slow interval with no event is said to be
 * unexplained, and a steady run has no outliers.
 */
class TailOutliersTest {
  private static final long T0 = 1_767_225_600_000L; // 2026-01-01T00:00:00Z
  private static final ServerFigure GC = PAUSE.asEvent("GC pause");
  private static final ServerFigure FLUSHES = QUEUE.asEvent("flushes queued");

  /** Ten 1 s intervals at 2 ms p99.9, but for the given ones. */
  private static List<TailOutliers.Interval> intervals(Map<Integer, Long> slowMillis) {
    List<TailOutliers.Interval> out = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      long p999 = slowMillis.getOrDefault(i, 2L) * 1_000_000L;
      out.add(new TailOutliers.Interval(T0 + i * 1000L, T0 + (i + 1) * 1000L, p999));
    }
    return out;
  }

  /** Each point is the value over the 1 s sample interval that ended at its time. */
  private static ServerSeries series(ServerSeries.Series... s) {
    return new ServerSeries("test", 1000, 10, null, List.of(s));
  }

  private static ServerSeries.Series points(ServerFigure f, double... perSecond) {
    List<ServerSeries.Point> p = new ArrayList<>();
    for (int i = 0; i < perSecond.length; i++) {
      p.add(new ServerSeries.Point(T0 + (i + 1) * 1000L, perSecond[i]));
    }
    return new ServerSeries.Series("rs1:16020", f, p);
  }

  @Test
  void aGcPauseExplainsItsIntervalAndASlowIntervalWithoutAnEventIsSaidUnexplained() {
    // interval 3 (00:00:03-04) is slow with a 180 ms pause in it; interval 7 is slow with nothing
    TailOutliers t =
        TailOutliers.find(
            intervals(Map.of(3, 40L, 7, 25L)),
            series(
                points(GC, 0, 0, 0, 180, 0, 0, 0, 0, 0, 0),
                points(FLUSHES, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
                points(PAUSE, 0, 0, 0, 0, 0, 0, 0, 500, 0, 0)));
    assertThat(t.medianP999Nanos()).isEqualTo(2_000_000L);
    assertThat(t.outliers()).hasSize(2);
    TailOutliers.Outlier slowest = t.outliers().get(0);
    assertThat(slowest.interval().startEpochMillis()).isEqualTo(T0 + 3000);
    assertThat(slowest.timesMedian()).isEqualTo(20.0);
    assertThat(slowest.causes())
        .containsExactly("GC pause 180 ms [G1 Young Generation] on rs1:16020");
    // a figure that is no event (PAUSE without its event name) explains nothing
    assertThat(t.outliers().get(1).explained()).isFalse();
    assertThat(t.explained()).isEqualTo(1);
    assertThat(t.lines())
        .containsExactly(
            "hbload: 2 of 10 intervals had a p99.9 over 3x the run's median 2.00 ms; 1 of them"
                + " with a server event in or just before them:",
            "  00:00:03-00:00:04 p99.9 40.0 ms (20.0x): GC pause 180 ms [G1 Young Generation] on"
                + " rs1:16020",
            "  00:00:07-00:00:08 p99.9 25.0 ms (12.5x): no server event explains it");
  }

  @Test
  void anEventJustBeforeTheIntervalCountsAndOneLongAfterDoesNot() {
    // flushes queued during 00:00:04-05 explain a slow 00:00:05-06; a pause at 00:00:09-10 does not
    TailOutliers t =
        TailOutliers.find(
            intervals(Map.of(5, 30L)),
            series(
                points(FLUSHES, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0),
                points(GC, 0, 0, 0, 0, 0, 0, 0, 0, 0, 90)));
    assertThat(t.outliers()).hasSize(1);
    assertThat(t.outliers().get(0).causes()).containsExactly("flushes queued 3 on rs1:16020");
  }

  @Test
  void aPauseTooShortToExplainTheExcessIsNoCause() {
    // a 632 ms p99.9 beside a 14 ms pause: the pause is not why (a quarter of the excess is 157 ms)
    TailOutliers t =
        TailOutliers.find(
            intervals(Map.of(6, 632L)),
            series(
                points(GC, 0, 0, 0, 0, 0, 0, 14, 0, 0, 0),
                points(FLUSHES, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0)));
    assertThat(t.outliers().get(0).causes()).containsExactly("flushes queued 2 on rs1:16020");
    TailOutliers pauseOnly =
        TailOutliers.find(
            intervals(Map.of(6, 632L)), series(points(GC, 0, 0, 0, 0, 0, 0, 14, 0, 0, 0)));
    assertThat(pauseOnly.outliers().get(0).explained()).isFalse();
  }

  @Test
  void aSlowFirstIntervalOfAPhaseWithoutWarmUpIsTheClientsColdStart() {
    List<TailOutliers.Interval> l = intervals(Map.of(0, 650L, 6, 40L));
    TailOutliers cold =
        TailOutliers.find(l, series(points(GC, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), true);
    assertThat(cold.outliers()).hasSize(2);
    assertThat(cold.outliers().get(0).causes())
        .containsExactly("the phase's first interval: the client's cold start (no hbload.warmup)");
    assertThat(cold.outliers().get(1).explained()).isFalse();
    // after a warm-up the first measured interval is no cold start
    assertThat(TailOutliers.find(l, null, false).outliers().get(0).explained()).isFalse();
  }

  @Test
  void aSteadyRunHasNoOutliersAndPrintsNothing() {
    TailOutliers t =
        TailOutliers.find(intervals(Map.of(4, 5L)), series(points(GC, 0, 0, 0, 0, 300)));
    assertThat(t.outliers()).isEmpty();
    assertThat(t.lines()).isEmpty();
  }
}
