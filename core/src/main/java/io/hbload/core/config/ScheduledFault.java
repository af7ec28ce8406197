package io.hbload.core.config;

import java.time.Duration;

/**
 * One entry of a {@link FaultSchedule}: {@code action} once at {@code offset} after measuring
 * starts ({@code at 30s flush}), or, when {@code repeats}, every {@code offset} from then on
 * ({@code every 60s flush}: at 60 s, 120 s, ...). Immutable.
 */
public record ScheduledFault(Duration offset, boolean repeats, FaultAction action) {
  public ScheduledFault {
    if (offset == null || offset.isNegative() || action == null) {
      throw new IllegalArgumentException("a scheduled fault needs an offset >= 0 and an action");
    }
    if (repeats && offset.isZero()) {
      throw new IllegalArgumentException("a repeated fault needs a period above 0");
    }
  }

  /** As written in a schedule: {@code at 30s restart-regionserver}. */
  public String describe() {
    return timing() + " " + action.shortName();
  }

  /** When, as written: {@code at 30s}, {@code every 60s}. */
  public String timing() {
    return (repeats ? "every " : "at ") + FaultSchedule.format(offset);
  }

  /**
   * When it fires for the {@code n}th time (from 0), as an offset from the start: never again
   * (null) for a one-off past its first.
   */
  public Duration firing(long n) {
    if (!repeats) {
      return n == 0 ? offset : null;
    }
    return offset.multipliedBy(n + 1);
  }
}
