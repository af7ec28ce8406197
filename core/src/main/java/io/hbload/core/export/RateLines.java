package io.hbload.core.export;

import io.hbload.core.schedule.RateReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A paced phase's schedule against what was done, in YCSB's line form: the text report's {@code
 * [RATE]} section. A header line names the columns, then one line per interval (its end, seconds
 * from the start of measuring): the rate the schedule asked of this client, the rate achieved, the
 * backlog (operations due and not done) and, with an objective, its percentiles; then the largest
 * backlog and, with an objective, the first interval that broke it and the rate asked for then.
 * Stateless.
 */
public final class RateLines {
  public static final String METRIC = "RATE";

  private RateLines() {}

  public static List<ReportRecord> of(RateReport report) {
    List<ReportRecord> out = new ArrayList<>();
    out.add(new ReportRecord(METRIC, "Schedule", report.schedule()));
    if (report.slo() != null) {
      out.add(new ReportRecord(METRIC, "SLO", report.slo()));
    }
    StringBuilder header = new StringBuilder("Intended(ops/sec) Achieved(ops/sec) Backlog");
    if (report.slo() != null) {
      for (String limit : report.slo().split(",")) {
        header.append(' ').append(limit.substring(0, limit.indexOf('<'))).append("(ms)");
      }
    }
    out.add(new ReportRecord(METRIC, "Interval(s)", header.toString()));
    for (RateReport.Interval in : report.intervals()) {
      StringBuilder line =
          new StringBuilder(
              String.format(
                  Locale.ROOT,
                  "%.0f %.0f %d",
                  in.intendedOpsPerSec(),
                  in.achievedOpsPerSec(),
                  in.backlog()));
      for (long nanos : in.latencyNanos()) {
        line.append(String.format(Locale.ROOT, " %.3f", nanos / 1e6));
      }
      out.add(new ReportRecord(METRIC, seconds(in.endSeconds()), line.toString()));
    }
    out.add(new ReportRecord(METRIC, "MaxBacklog", report.maxBacklog()));
    List<RateReport.Interval> l = report.intervals();
    out.add(
        new ReportRecord(METRIC, "FinalBacklog", l.isEmpty() ? 0L : l.get(l.size() - 1).backlog()));
    if (report.slo() != null) {
      RateReport.Interval b = report.broken();
      if (b == null) {
        out.add(
            new ReportRecord(
                METRIC, "SLOBroken", "never: " + report.slo() + " held in every interval"));
      } else {
        out.add(new ReportRecord(METRIC, "SLOBrokenAt(s)", seconds(b.endSeconds())));
        out.add(
            new ReportRecord(
                METRIC, "SLOBrokenAtRate(ops/sec)", Math.round(b.scheduleOpsPerSec())));
        out.add(
            new ReportRecord(
                METRIC,
                "SLOBrokenBy",
                report.brokenBy()
                    + ": this store stops coping at ~"
                    + Math.round(b.scheduleOpsPerSec())
                    + " ops/s"));
        RateReport.Interval g = report.brokenForGood();
        out.add(
            new ReportRecord(
                METRIC,
                "SLONeverHeldAgainFrom(s)",
                g == null ? "it held again by the end" : seconds(g.endSeconds())));
        if (g != null) {
          out.add(
              new ReportRecord(
                  METRIC, "SLONeverHeldAgainFromRate(ops/sec)", Math.round(g.scheduleOpsPerSec())));
        }
      }
    }
    return out;
  }

  /** Seconds as the interval lines name them: whole when whole, else to the millisecond. */
  static String seconds(double s) {
    double ms = Math.round(s * 1000) / 1000.0;
    return ms == Math.rint(ms) ? Long.toString((long) ms) : String.format(Locale.ROOT, "%.3f", ms);
  }
}
