package io.hbload.core.measure;

import io.hbload.core.binding.Status;
import org.HdrHistogram.Histogram;

/** What a test of another package reads from an interval's data: its histograms and counts. */
public final class IntervalReads {
  private IntervalReads() {}

  /** Service times of {@code m}'s successful calls. */
  public static Histogram service(IntervalData d, Measure m) {
    return d.service[LatencyNames.okSlot(m)];
  }

  /** Times from the intended start of {@code m}'s successful calls. */
  public static Histogram intended(IntervalData d, Measure m) {
    return d.intended[LatencyNames.okSlot(m)];
  }

  /** How many of {@code m}'s calls ended with {@code status}. */
  public static long returns(IntervalData d, Measure m, Status status) {
    return d.returns[m.ordinal() * Status.MAX_IDS + status.id()];
  }
}
