package io.hbload.core.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The first break and the break for good: a transient spike (a GC pause, the cold start) is the
 * first break but not where the store stopped coping, which is the first interval of the run's
 * unbroken tail of breaks.
 */
class RateReportTest {
  private static RateReport.Interval at(int second, boolean broken) {
    return new RateReport.Interval(
        second - 1, second, 100 * second, 100 * second, 0, 100 * second, new long[] {0}, broken);
  }

  @Test
  void aTransientBreakIsTheFirstButNotTheOneForGood() {
    List<RateReport.Interval> l =
        List.of(at(1, true), at(2, false), at(3, false), at(4, true), at(5, true));
    RateReport r = new RateReport("ramp:100..500/5s", "p99<10ms", l, 0, "p99 12ms >= 10ms");
    assertThat(r.broken()).isSameAs(l.get(0));
    assertThat(r.brokenForGood()).isSameAs(l.get(3));
    RateReport recovered =
        new RateReport("x", "p99<10ms", List.of(at(1, true), at(2, false)), 0, "p99");
    assertThat(recovered.brokenForGood()).isNull();
    RateReport none = new RateReport("x", null, List.of(), -1, null);
    assertThat(none.broken()).isNull();
    assertThat(none.brokenForGood()).isNull();
    assertThat(none.maxBacklog()).isZero();
  }
}
