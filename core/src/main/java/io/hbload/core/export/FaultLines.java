package io.hbload.core.export;

import io.hbload.core.config.ScheduledFault;
import io.hbload.core.fault.FaultImpact;
import io.hbload.core.fault.FaultReport;
import io.hbload.core.fault.InjectedFault;
import java.util.ArrayList;
import java.util.List;

/**
 * A phase's faults in YCSB's line form, the text report's {@code [FAULT]} section: per fault
 * (numbered as they fired) its action and schedule, when it was injected and ended (seconds from
 * the start of measuring), what the target did, and what it cost the clients. Stateless.
 */
public final class FaultLines {
  public static final String METRIC = "FAULT";

  private FaultLines() {}

  public static List<ReportRecord> of(FaultReport report) {
    List<ReportRecord> out = new ArrayList<>();
    out.add(new ReportRecord(METRIC, "Target", report.target()));
    out.add(new ReportRecord(METRIC, "Faults", (long) report.costs().size()));
    for (ScheduledFault s : report.notFired()) {
      out.add(new ReportRecord(METRIC, "NotFired", s.describe() + " (the run ended first)"));
    }
    for (FaultImpact.Cost c : report.costs()) {
      InjectedFault f = c.fault();
      String n = f.number() + ".";
      out.add(
          new ReportRecord(
              METRIC,
              n + "Action",
              f.scheduled().action().shortName() + " (" + f.scheduled().timing() + ")"));
      out.add(
          new ReportRecord(METRIC, n + "InjectedAt(s)", report.secondsIn(f.injectedEpochMillis())));
      out.add(
          new ReportRecord(
              METRIC,
              n + "EndedAt(s)",
              f.ended() ? report.secondsIn(f.endedEpochMillis()) : "still running at the end"));
      out.add(
          new ReportRecord(
              METRIC,
              n + "Result",
              !f.ended()
                  ? "unknown"
                  : f.error() != null
                      ? "FAILED: " + f.error()
                      : f.detail() == null ? "done" : f.detail()));
      if (c.baselineIntervals() == 0) {
        out.add(new ReportRecord(METRIC, n + "BaselineP99(ms)", "no baseline before the fault"));
      } else {
        out.add(new ReportRecord(METRIC, n + "BaselineP99(ms)", c.baselineP99Nanos() / 1e6));
        out.add(new ReportRecord(METRIC, n + "BaselineThroughput(ops/sec)", c.baselineOpsPerSec()));
      }
      out.add(new ReportRecord(METRIC, n + "WindowP99(ms)", c.windowP99Nanos() / 1e6));
      out.add(new ReportRecord(METRIC, n + "WorstLatency(ms)", c.worstLatencyNanos() / 1e6));
      out.add(new ReportRecord(METRIC, n + "SecondsWithoutService", c.secondsWithoutService()));
      out.add(
          new ReportRecord(
              METRIC,
              n + "TimeToRecover(s)",
              c.recovered()
                  ? (Object) (c.recoveryMillis() / 1000.0)
                  : c.baselineIntervals() == 0
                      ? "not judged: no baseline"
                      : c.endedSteady()
                          ? "not judged: the run ended before "
                              + report.settings().stableIntervals()
                              + " steady intervals"
                          : "did not recover"));
    }
    return out;
  }
}
