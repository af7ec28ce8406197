package io.hbload.core.export;

import io.hbload.core.measure.Measure;
import io.hbload.core.measure.MeasurementTotals;
import io.hbload.core.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * After a throttled phase, one line per operation type comparing the p99 from the intended start
 * with the p99 of service time. YCSB's report prints service time only, which hides every wait a
 * caller at the target rate saw while the client was behind its schedule; these lines put the
 * corrected figure where the user reads, without changing YCSB's own lines. A line whose ratio
 * exceeds the factor, by more than {@link #FLOOR_MILLIS}, is a warning; when the phase had no
 * warm-up, the warning says that part of the gap may be the client's own cold start. Stateless.
 */
public final class IntendedLatencyNote {
  /** The percentile compared: the one nearly every published latency figure quotes. */
  static final double PERCENTILE = 99;

  /** Above this ratio the gap is more than noise between two histograms of the same calls. */
  public static final double DEFAULT_WARN_FACTOR = 2;

  /**
   * Nor is a gap below this: a paced worker on a shared machine wakes up to about a millisecond
   * late (timer slack, the scheduler), so a smaller gap is the client's own timing, not a backlog.
   * Without it a healthy run of no-op calls (0.4 us of service time) warned of a 2,400x gap.
   */
  public static final double FLOOR_MILLIS = 1.0;

  private IntendedLatencyNote() {}

  /**
   * The lines for {@code result}; none when the phase was not throttled (its intended start is its
   * actual start).
   *
   * @param warnFactor intended/service ratio above which a line is a warning ({@code
   *     hbload.intendedwarnfactor})
   */
  public static List<String> lines(RunResult result, double warnFactor) {
    List<String> lines = new ArrayList<>();
    if (!result.spec().throttled()) {
      return lines;
    }
    for (MeasurementTotals m : result.measurements()) {
      // one line per operation type, not per outcome (READ-FAILED), and only for scheduled ones
      if (result.spec().measures().named(m.name()) == null
          || !Measure.scheduled(m.name())
          || m.count() == 0) {
        continue;
      }
      double intended = m.intended().getValueAtPercentile(PERCENTILE) / 1e6;
      double service = m.service().getValueAtPercentile(PERCENTILE) / 1e6;
      double ratio = service > 0 ? intended / service : Double.POSITIVE_INFINITY;
      boolean warn = warns(intended, service, warnFactor);
      StringBuilder line =
          new StringBuilder(warn ? "WARNING: " : "")
              .append('[')
              .append(m.name())
              .append("] p99 from the intended start ")
              .append(millis(intended))
              .append(", service time ")
              .append(millis(service))
              .append(" (")
              .append(
                  Double.isFinite(ratio)
                      ? String.format(Locale.ROOT, "%.1fx", ratio)
                      : "service time 0")
              .append(')');
      if (warn) {
        boolean ownTimes = !result.spec().execution().throttled();
        line.append(": callers at ")
            .append(
                ownTimes
                    // paced by its operations' own times (a trace replay), not by a target
                    ? "the trace's times ([REPLAY], send skew)"
                    : result.spec().execution().scheduled()
                        // a schedule's rate changes: name it, and where it fell behind ([RATE])
                        ? "the schedule " + result.spec().execution().target().text() + " ([RATE])"
                        : String.format(
                                Locale.ROOT, "%.0f", result.spec().execution().targetOpsPerSec())
                            + " ops/sec")
            .append(
                " waited longer than the report's service-time figures say, because the client ran behind"
                    + " its schedule");
        if (!result.spec().warmsUp() && !ownTimes) {
          line.append(
              "; the phase had no warm-up, so part of this may be the client's own cold start"
                  + " (-p hbload.warmup=10s leaves it out)");
        }
      }
      lines.add(line.toString());
    }
    return lines;
  }

  /**
   * Whether an intended-start p99 of {@code intendedMillis} against a service-time p99 of {@code
   * serviceMillis} is worth a warning: more than {@code warnFactor} times, and by more than {@link
   * #FLOOR_MILLIS}.
   */
  static boolean warns(double intendedMillis, double serviceMillis, double warnFactor) {
    boolean ratioAbove = serviceMillis > 0 ? intendedMillis / serviceMillis > warnFactor : true;
    return ratioAbove && intendedMillis - serviceMillis > FLOOR_MILLIS;
  }

  private static String millis(double ms) {
    return String.format(Locale.ROOT, ms < 10 ? "%.2f ms" : "%.1f ms", ms);
  }
}
