package io.hbload.core.config;

import java.util.List;
import java.util.Locale;

/**
 * The whole run's target rate over time ({@code target}): one constant rate, as YCSB's {@code
 * -target}, or a schedule that changes it. Parsed once from text by {@link RateScheduleParser} or
 * built in code; the pacer turns it into intended start times through {@link
 * io.hbload.core.schedule.RateCurve}. Times are seconds from the start of measuring, already
 * divided by the time scale ({@code hbload.timescale}); rates are operations per second over every
 * shard and thread, each above 0. A finite schedule holds its last rate past its end; the phase
 * ends there (see {@link #seconds()}). Immutable.
 */
public sealed interface RateSchedule {
  /** The rate at {@code seconds} from the start, ops/s. */
  double rateAt(double seconds);

  /**
   * How long the schedule lasts, seconds; {@link Double#POSITIVE_INFINITY} for a curve without end.
   */
  double seconds();

  /** True unless this is one constant rate (today's {@code -target N}). */
  default boolean varies() {
    return true;
  }

  /** The schedule as it can be written back (the report's and the JSON's). */
  String text();

  /** The highest rate it asks for, ops/s. */
  double peakOpsPerSec();

  /** One rate for the whole phase, YCSB's {@code -target N}. */
  static RateSchedule constant(double opsPerSec) {
    return new Constant(opsPerSec);
  }

  /** A constant rate; 0 means unthrottled (no pacing at all). */
  record Constant(double opsPerSec) implements RateSchedule {
    public Constant {
      if (!(opsPerSec >= 0) || Double.isInfinite(opsPerSec)) {
        throw new IllegalArgumentException("a constant rate is 0 (none) or above");
      }
    }

    @Override
    public double rateAt(double seconds) {
      return opsPerSec;
    }

    @Override
    public double seconds() {
      return Double.POSITIVE_INFINITY;
    }

    @Override
    public boolean varies() {
      return false;
    }

    @Override
    public String text() {
      return number(opsPerSec);
    }

    @Override
    public double peakOpsPerSec() {
      return opsPerSec;
    }
  }

  /** One step of {@link Steps}: {@code opsPerSec} for {@code seconds}. */
  record Step(double opsPerSec, double seconds) {
    public Step {
      positive(opsPerSec, "a step's rate");
      positive(seconds, "a step's length");
    }
  }

  /** Rates held in turn, {@code 1000@60s,2000@60s}: a staircase, the last rate held at the end. */
  record Steps(List<Step> steps) implements RateSchedule {
    public Steps {
      steps = List.copyOf(steps);
      if (steps.isEmpty()) {
        throw new IllegalArgumentException("steps need at least one step");
      }
    }

    @Override
    public double rateAt(double t) {
      double end = 0;
      for (Step s : steps) {
        end += s.seconds;
        if (t < end) {
          return s.opsPerSec;
        }
      }
      return steps.get(steps.size() - 1).opsPerSec;
    }

    @Override
    public double seconds() {
      return steps.stream().mapToDouble(Step::seconds).sum();
    }

    @Override
    public String text() {
      StringBuilder b = new StringBuilder();
      for (Step s : steps) {
        b.append(b.length() == 0 ? "" : ",")
            .append(number(s.opsPerSec))
            .append('@')
            .append(number(s.seconds))
            .append('s');
      }
      return b.toString();
    }

    @Override
    public double peakOpsPerSec() {
      return steps.stream().mapToDouble(Step::opsPerSec).max().orElse(0);
    }
  }

  /** A straight line from {@code fromOpsPerSec} to {@code toOpsPerSec} over {@code seconds}. */
  record Ramp(double fromOpsPerSec, double toOpsPerSec, double seconds) implements RateSchedule {
    public Ramp {
      positive(fromOpsPerSec, "a ramp's first rate");
      positive(toOpsPerSec, "a ramp's last rate");
      positive(seconds, "a ramp's length");
    }

    @Override
    public double rateAt(double t) {
      double f = Math.min(1, Math.max(0, t / seconds));
      return fromOpsPerSec + (toOpsPerSec - fromOpsPerSec) * f;
    }

    @Override
    public String text() {
      return "ramp:"
          + number(fromOpsPerSec)
          + ".."
          + number(toOpsPerSec)
          + "/"
          + number(seconds)
          + "s";
    }

    @Override
    public double peakOpsPerSec() {
      return Math.max(fromOpsPerSec, toOpsPerSec);
    }
  }

  /**
   * {@code mean + amplitude * sin(2 pi t / period + phase)}, without end; db_bench's {@code sine_a
   * * sin(sine_b t + sine_c) + sine_d} is amplitude a, period 2 pi / b, phase c, mean d. The
   * amplitude is below the mean, so that the rate stays above 0.
   */
  record Sine(double meanOpsPerSec, double amplitudeOpsPerSec, double periodSeconds, double phase)
      implements RateSchedule {
    public Sine {
      positive(meanOpsPerSec, "a sine's mean");
      positive(periodSeconds, "a sine's period");
      if (!(Math.abs(amplitudeOpsPerSec) < meanOpsPerSec) || !Double.isFinite(phase)) {
        throw new IllegalArgumentException(
            "a sine's amplitude must be below its mean, or the rate reaches 0");
      }
    }

    @Override
    public double rateAt(double t) {
      return meanOpsPerSec + amplitudeOpsPerSec * Math.sin(2 * Math.PI * t / periodSeconds + phase);
    }

    @Override
    public double seconds() {
      return Double.POSITIVE_INFINITY;
    }

    @Override
    public String text() {
      return "sine:mean="
          + number(meanOpsPerSec)
          + ",amp="
          + number(amplitudeOpsPerSec)
          + ",period="
          + number(periodSeconds)
          + "s"
          + (phase == 0 ? "" : ",phase=" + number(phase));
    }

    @Override
    public double peakOpsPerSec() {
      return meanOpsPerSec + Math.abs(amplitudeOpsPerSec);
    }
  }

  /** One point of {@link Points}: the rate at {@code seconds}. */
  record Point(double seconds, double opsPerSec) {
    public Point {
      if (!(seconds >= 0) || Double.isInfinite(seconds)) {
        throw new IllegalArgumentException("a point's time is 0 or later");
      }
      positive(opsPerSec, "a point's rate");
    }
  }

  /**
   * Rates at points in time (a file of {@code time,rate} lines), linear between them, the first at
   * 0; the last rate is held past the last point, where the schedule ends. {@code source} names
   * where they came from ({@code @rates.csv}).
   */
  record Points(List<Point> points, String source) implements RateSchedule {
    public Points {
      points = List.copyOf(points);
      if (points.size() < 2) {
        throw new IllegalArgumentException("a rate file needs at least two points");
      }
      if (points.get(0).seconds != 0) {
        throw new IllegalArgumentException("the first point is at time 0");
      }
      for (int i = 1; i < points.size(); i++) {
        if (!(points.get(i).seconds > points.get(i - 1).seconds)) {
          throw new IllegalArgumentException("point times must increase");
        }
      }
    }

    @Override
    public double rateAt(double t) {
      if (t <= 0) {
        return points.get(0).opsPerSec;
      }
      for (int i = 1; i < points.size(); i++) {
        Point b = points.get(i);
        if (t < b.seconds) {
          Point a = points.get(i - 1);
          return a.opsPerSec
              + (b.opsPerSec - a.opsPerSec) * (t - a.seconds) / (b.seconds - a.seconds);
        }
      }
      return points.get(points.size() - 1).opsPerSec;
    }

    @Override
    public double seconds() {
      return points.get(points.size() - 1).seconds;
    }

    @Override
    public String text() {
      return source;
    }

    @Override
    public double peakOpsPerSec() {
      return points.stream().mapToDouble(Point::opsPerSec).max().orElse(0);
    }
  }

  private static void positive(double v, String what) {
    if (!(v > 0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(what + " must be above 0");
    }
  }

  /** A number as people write it: no trailing {@code .0}. */
  static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return String.format(Locale.ROOT, "%s", v);
  }
}
