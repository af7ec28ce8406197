package io.hbload.core.schedule;

import io.hbload.core.config.RateSchedule;

/**
 * A {@link RateSchedule} as the pacer and the report read it: the cumulative count N(t) (the
 * integral of the rate: how many operations are due by t seconds) and its inverse, the intended
 * start of operation n. The curve is piecewise linear in rate (steps: flat pieces; a ramp or a
 * file's points: sloped ones; a sine: 4,096 pieces a period, within {@code amp * 3e-7} of the
 * sine), so that on each piece N is a quadratic solved in closed form, with no iteration; past a
 * finite schedule's end its last rate is held, and a sine repeats its period. Immutable and
 * thread-safe; its {@link Cursor}s are per worker and allocation-free.
 */
public final class RateCurve {
  /** Pieces a sine's period is cut into. */
  static final int SINE_PIECES = 4096;

  /** Per piece: its start (seconds), operations due by then, rate at its start, slope (ops/s²). */
  private final double[] start;

  private final double[] due;
  private final double[] rate;
  private final double[] slope;

  /**
   * A sine's period in seconds (the pieces cover exactly one), or 0 for a curve that does not
   * repeat.
   */
  private final double period;

  /** Operations due in one period. */
  private final double perPeriod;

  private final RateSchedule schedule;

  private RateCurve(
      RateSchedule schedule, double[] start, double[] rate, double[] slope, double period) {
    this.schedule = schedule;
    this.start = start;
    this.rate = rate;
    this.slope = slope;
    this.period = period;
    this.due = new double[start.length];
    for (int i = 1; i < start.length; i++) {
      double len = start[i] - start[i - 1];
      due[i] = due[i - 1] + rate[i - 1] * len + slope[i - 1] * len * len / 2;
    }
    if (period > 0) {
      int last = start.length - 1;
      double len = period - start[last];
      perPeriod = due[last] + rate[last] * len + slope[last] * len * len / 2;
    } else {
      perPeriod = 0;
    }
  }

  /** The curve of {@code schedule}, any rate above 0 (a constant 0 is no schedule). */
  public static RateCurve of(RateSchedule schedule) {
    if (schedule instanceof RateSchedule.Constant c) {
      if (!(c.opsPerSec() > 0)) {
        throw new IllegalArgumentException("a constant rate of 0 paces nothing");
      }
      return new RateCurve(
          schedule, new double[] {0}, new double[] {c.opsPerSec()}, new double[] {0}, 0);
    }
    if (schedule instanceof RateSchedule.Steps s) {
      int n = s.steps().size();
      double[] st = new double[n];
      double[] r = new double[n];
      double t = 0;
      for (int i = 0; i < n; i++) {
        st[i] = t;
        r[i] = s.steps().get(i).opsPerSec();
        t += s.steps().get(i).seconds();
      }
      return new RateCurve(schedule, st, r, new double[n], 0);
    }
    if (schedule instanceof RateSchedule.Ramp r) {
      return new RateCurve(
          schedule,
          new double[] {0, r.seconds()},
          new double[] {r.fromOpsPerSec(), r.toOpsPerSec()},
          new double[] {(r.toOpsPerSec() - r.fromOpsPerSec()) / r.seconds(), 0},
          0);
    }
    if (schedule instanceof RateSchedule.Points p) {
      int n = p.points().size();
      double[] st = new double[n];
      double[] r = new double[n];
      double[] sl = new double[n];
      for (int i = 0; i < n; i++) {
        st[i] = p.points().get(i).seconds();
        r[i] = p.points().get(i).opsPerSec();
        if (i > 0) {
          sl[i - 1] = (r[i] - r[i - 1]) / (st[i] - st[i - 1]);
        }
      }
      return new RateCurve(schedule, st, r, sl, 0);
    }
    RateSchedule.Sine s = (RateSchedule.Sine) schedule;
    int n = SINE_PIECES;
    double[] st = new double[n];
    double[] r = new double[n];
    double[] sl = new double[n];
    double piece = s.periodSeconds() / n;
    for (int i = 0; i < n; i++) {
      st[i] = i * piece;
      r[i] = s.rateAt(st[i]);
    }
    for (int i = 0; i < n; i++) {
      double next = i + 1 < n ? r[i + 1] : r[0];
      sl[i] = (next - r[i]) / piece;
    }
    return new RateCurve(schedule, st, r, sl, s.periodSeconds());
  }

  public RateSchedule schedule() {
    return schedule;
  }

  /** Operations due by {@code seconds} from the start: N(t), 0 at 0. */
  public double dueBy(double seconds) {
    if (!(seconds > 0)) {
      return 0;
    }
    double base = 0;
    double t = seconds;
    if (period > 0) {
      double periods = Math.floor(t / period);
      base = periods * perPeriod;
      t -= periods * period;
    }
    int i = pieceAt(t);
    double tau = t - start[i];
    return base + due[i] + rate[i] * tau + slope[i] * tau * tau / 2;
  }

  /** The seconds from the start at which operation {@code n} (from 0) is due: N⁻¹(n). */
  public double secondsOf(double n) {
    return new Cursor(this).secondsOf(n);
  }

  private int pieceAt(double t) {
    int lo = 0;
    int hi = start.length - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (start[mid] <= t) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /**
   * One worker's walk along the curve: asked for ever later operations, it moves forward piece by
   * piece instead of searching, and starts over when asked for an earlier one (a restart, a new
   * period). Confined to one thread; allocation-free.
   */
  public static final class Cursor {
    private final RateCurve c;
    private int piece;

    public Cursor(RateCurve curve) {
      this.c = curve;
    }

    /** The seconds from the start at which operation {@code n} (from 0) is due. */
    public double secondsOf(double n) {
      double base = 0;
      double rest = n;
      if (c.period > 0) {
        double periods = Math.floor(n / c.perPeriod);
        base = periods * c.period;
        rest = n - periods * c.perPeriod;
      }
      double[] due = c.due;
      int last = due.length - 1;
      int i = piece;
      if (due[i] > rest) {
        i = 0;
      }
      while (i < last && due[i + 1] <= rest) {
        i++;
      }
      piece = i;
      double d = rest - due[i];
      double r0 = c.rate[i];
      double a = c.slope[i];
      double tau;
      if (a == 0) {
        tau = d / r0;
      } else {
        // r0 tau + a tau²/2 = d, in the form that keeps its precision when a is small
        double disc = r0 * r0 + 2 * a * d;
        tau = 2 * d / (r0 + Math.sqrt(Math.max(0, disc)));
      }
      return base + c.start[i] + tau;
    }

    /** Forgets where it was (the schedule restarted). */
    public void reset() {
      piece = 0;
    }
  }
}
