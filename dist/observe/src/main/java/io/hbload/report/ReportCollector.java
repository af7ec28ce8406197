package io.hbload.report;

import io.hbload.core.exec.RunListener;
import io.hbload.core.exec.StatusSnapshot;
import io.hbload.core.export.JsonResult;
import io.hbload.core.measure.IntervalView;
import io.hbload.core.result.RunResult;
import io.hbload.core.spec.RunSpec;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Keeps a copy of every interval histogram of the last phase, as the {@code --hlog} writer sees
 * them, so that {@code --html} needs no log file; with the phase's result it makes the report's
 * input. A copy per measurement per interval, on the reporter thread: a 1-hour run at 10 s
 * intervals keeps a few hundred small histograms. Only the last phase is kept (the load an embedded
 * run does first is not the phase asked for). Reporter thread only.
 */
public final class ReportCollector implements RunListener {
  private final List<TaggedInterval> intervals = new ArrayList<>();
  private RunResult result;

  @Override
  public void phaseStarting(RunSpec spec, long startEpochMillis) {
    intervals.clear();
    result = null;
  }

  @Override
  public void interval(RunSpec spec, StatusSnapshot snapshot) {
    IntervalView v = snapshot.interval();
    long end = Math.max(v.endEpochMillis(), v.startEpochMillis());
    for (IntervalView.Latency l : v.latencies()) {
      keep(l.name() + ".service", v.startEpochMillis(), end, l.service());
      keep(l.name() + ".intended", v.startEpochMillis(), end, l.intended());
    }
  }

  private void keep(String tag, long start, long end, Histogram h) {
    if (h.getTotalCount() > 0) {
      intervals.add(new TaggedInterval(tag, start, end, h.copy()));
    }
  }

  @Override
  public void phaseFinished(RunResult r) {
    this.result = r;
  }

  /** The report's input for the phase that finished, or null when none did. */
  public RunInput input(String label) {
    return result == null ? null : RunInput.of(label, false, JsonResult.render(result), intervals);
  }
}
