package io.hbload.cli;

import io.hbload.core.exec.RunListener;
import io.hbload.core.exec.StatusSnapshot;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.trace.ReplayTally;
import java.io.PrintStream;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * A replay's line beside each status line ({@code -s}): the interval's send skew, and a warning in
 * any interval whose skew p99 shows the generator fell behind the trace (with or without {@code
 * -s}). Called on the reporter thread only.
 */
final class ReplayStatus implements RunListener {
  private final ReplayTally tally;
  private final PrintStream out;

  ReplayStatus(ReplayTally tally, PrintStream out) {
    this.tally = tally;
    this.out = out;
  }

  @Override
  public void interval(RunSpec spec, StatusSnapshot snapshot) {
    if (!snapshot.statusDue() || !spec.throttled()) {
      return;
    }
    Histogram h = tally.interval();
    if (h.getTotalCount() == 0) {
      return;
    }
    long seconds = snapshot.elapsedMillis() / 1000;
    if (spec.execution().status()) {
      out.println(
          String.format(
              Locale.ROOT,
              "[REPLAY] %d sec: %d records, SendSkew(us) p50=%d, p99=%d, max=%d",
              seconds,
              h.getTotalCount(),
              h.getValueAtPercentile(50) / 1000,
              h.getValueAtPercentile(99) / 1000,
              h.getMaxValue() / 1000));
    }
    if (h.getValueAtPercentile(99) > ReplayTally.BEHIND_NANOS) {
      out.println(
          String.format(
              Locale.ROOT,
              "hbload replay: WARNING: %d sec: the generator is behind the trace (send skew p99 %.1f"
                  + " ms)",
              seconds,
              h.getValueAtPercentile(99) / 1e6));
    }
  }
}
