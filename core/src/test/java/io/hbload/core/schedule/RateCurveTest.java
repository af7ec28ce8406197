package io.hbload.core.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hbload.core.config.RateSchedule;
import io.hbload.core.config.RateScheduleParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The schedule's arithmetic: the cumulative count N(t) is the integral of the rate (checked against
 * the closed forms and against a numerical integral), and the intended start of operation n is its
 * inverse, also when a cursor walks forward, restarts, or wraps a sine's period.
 */
class RateCurveTest {
  private static RateCurve curve(String text) {
    return RateCurve.of(RateScheduleParser.parse("target", text, 1));
  }

  @Test
  void aConstantRateIsAStraightLine() {
    RateCurve c = RateCurve.of(RateSchedule.constant(1000));
    assertThat(c.dueBy(2.5)).isEqualTo(2500);
    assertThat(c.secondsOf(2500)).isEqualTo(2.5);
    assertThat(c.dueBy(0)).isZero();
  }

  @Test
  void stepsAddUpTheirRectangles() {
    RateCurve c = curve("1000@60s,2000@60s,4000@60s");
    assertThat(c.dueBy(60)).isEqualTo(60_000);
    assertThat(c.dueBy(90)).isEqualTo(120_000);
    assertThat(c.dueBy(180)).isEqualTo(420_000);
    assertThat(c.dueBy(190)).as("the last rate held").isEqualTo(460_000);
    assertThat(c.secondsOf(60_000)).isEqualTo(60);
    assertThat(c.secondsOf(120_000)).isEqualTo(90);
    assertThat(c.secondsOf(420_001)).isCloseTo(180.00025, within(1e-9));
  }

  @Test
  void aRampIsATrapezoidAndItsInverseAQuadraticRoot() {
    RateCurve c = curve("ramp:100..5000/10m");
    // N(t) = 100 t + (4900/600) t²/2
    for (double t : new double[] {0.001, 1, 59.5, 300, 599.999, 600}) {
      double n = 100 * t + 4900.0 / 600 * t * t / 2;
      assertThat(c.dueBy(t)).isCloseTo(n, within(1e-6 * n + 1e-9));
      assertThat(c.secondsOf(n)).isCloseTo(t, within(1e-9 * t + 1e-12));
    }
    assertThat(c.dueBy(700) - c.dueBy(600))
        .as("5000/s held after the end")
        .isCloseTo(500_000, within(1e-6));
    RateCurve down = curve("ramp:5000..100/10m");
    assertThat(down.dueBy(600)).isCloseTo(c.dueBy(600), within(1e-6));
    assertThat(down.secondsOf(down.dueBy(599))).isCloseTo(599, within(1e-9));
  }

  @Test
  void aSineIntegratesToItsMeanOverEachPeriodAndFollowsTheCurveWithin() {
    RateSchedule s = new RateSchedule.Sine(2000, 1500, 3600, 0.3);
    RateCurve c = RateCurve.of(s);
    assertThat(c.dueBy(3600)).isCloseTo(2000 * 3600, within(1e-3));
    assertThat(c.dueBy(7200 + 100) - c.dueBy(100)).isCloseTo(2000 * 7200, within(1e-3));
    // against the closed form: N(t) = mean t + amp P/2pi (cos(phase) - cos(2 pi t / P + phase))
    for (double t : new double[] {1, 123.4, 900, 1800, 3599, 5000, 86_400}) {
      double exact =
          2000 * t
              + 1500
                  * 3600
                  / (2 * Math.PI)
                  * (Math.cos(0.3) - Math.cos(2 * Math.PI * t / 3600 + 0.3));
      assertThat(c.dueBy(t)).isCloseTo(exact, within(exact * 1e-5));
      assertThat(c.secondsOf(exact)).isCloseTo(t, within(1e-3));
    }
  }

  @Test
  void aFileIsLinearBetweenItsPoints() {
    RateSchedule p =
        new RateSchedule.Points(
            List.of(
                new RateSchedule.Point(0, 100),
                new RateSchedule.Point(10, 300),
                new RateSchedule.Point(20, 300),
                new RateSchedule.Point(30, 100)),
            "@f");
    RateCurve c = RateCurve.of(p);
    assertThat(c.dueBy(10)).isEqualTo(2000);
    assertThat(c.dueBy(20)).isEqualTo(5000);
    assertThat(c.dueBy(30)).isEqualTo(7000);
    assertThat(c.dueBy(40)).isEqualTo(8000);
    assertThat(c.dueBy(25)).isCloseTo(numeric(p, 25), within(1e-3));
  }

  @Test
  void aCursorWalksForwardRestartsAndAgreesWithASearch() {
    RateCurve c = curve("100@1s,1000@1s");
    RateCurve.Cursor cursor = new RateCurve.Cursor(c);
    double last = -1;
    for (int n = 0; n < 1100; n += 7) {
      double t = cursor.secondsOf(n);
      assertThat(t).isGreaterThan(last).isEqualTo(c.secondsOf(n));
      last = t;
    }
    cursor.reset();
    assertThat(cursor.secondsOf(50)).isEqualTo(0.5);
    assertThat(cursor.secondsOf(10)).as("asked for an earlier one").isEqualTo(0.1);
    RateCurve sine = RateCurve.of(new RateSchedule.Sine(100, 50, 10, 0));
    RateCurve.Cursor wraps = new RateCurve.Cursor(sine);
    for (int n = 0; n < 5000; n += 3) {
      assertThat(wraps.secondsOf(n)).isCloseTo(sine.secondsOf(n), within(1e-12));
    }
  }

  /** The rate's integral by the midpoint rule, to check the closed forms against. */
  private static double numeric(RateSchedule s, double t) {
    int n = 1_000_000;
    double h = t / n;
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += s.rateAt((i + 0.5) * h);
    }
    return sum * h;
  }
}
