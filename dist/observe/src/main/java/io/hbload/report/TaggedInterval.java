package io.hbload.report;

import org.HdrHistogram.Histogram;

/**
 * One interval histogram of a run (nanoseconds) under its log tag, {@code READ.service} or {@code
 * READ.intended}, with wall-clock bounds in epoch milliseconds. Immutable by convention: the
 * histogram is a private copy.
 */
public record TaggedInterval(
    String tag, long startEpochMillis, long endEpochMillis, Histogram histogram) {

  /** The measurement name, {@code READ} of {@code READ.service}. */
  public String measurement() {
    int dot = tag.lastIndexOf('.');
    return dot < 0 ? tag : tag.substring(0, dot);
  }

  /** {@code service} or {@code intended}. */
  public String kind() {
    int dot = tag.lastIndexOf('.');
    return dot < 0 ? "service" : tag.substring(dot + 1);
  }
}
