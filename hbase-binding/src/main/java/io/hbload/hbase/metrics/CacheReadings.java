package io.hbload.hbase.metrics;

import io.hbload.core.time.Clock;
import java.io.IOException;
import java.io.PrintStream;

/**
 * The two reads a run's block-cache figures are made of, before the run and after it, each one that
 * every server answered with its bean. Two things make a read wrong, and both are waited out,
 * bounded and said:
 *
 * <ul>
 *   <li>a bean that is away ({@link MissingBeanException}): HBase restarts its metrics system about
 *       5 s after regions open or close, and the beans are unregistered for half a second or more.
 *       Such a read is "not yet", read again every 250 ms for up to {@link #ABSENT_BOUND_MILLIS};
 *       after that the figures are unavailable, with the reason. Counted as zeros, one absent read
 *       right after a run made its 2,000 reads report no lookups (issue 32 §0).
 *   <li>/jmx trailing the counters ({@link MetricsLag}): the read after the run waits until the
 *       counters move from what they said right after it (a refresh after its end), or until a
 *       whole lag has passed, when any read holds all of the run.
 * </ul>
 *
 * Not thread-safe: the engine's controller thread calls it; time comes from the {@link Clock}.
 */
public final class CacheReadings {
  /** How long a server's bean may be away before the figures are called unavailable. */
  public static final long ABSENT_BOUND_MILLIS = 10_000;

  /** A wait longer than this is said in one line, with why. */
  private static final long SAY_AFTER_MILLIS = 2_000;

  private static final long POLL_MILLIS = 250;

  private final BlockCacheReader reader;
  private final Clock clock;
  private final PrintStream messages;

  public CacheReadings(BlockCacheReader reader, Clock clock, PrintStream messages) {
    this.reader = reader;
    this.clock = clock;
    this.messages = messages;
  }

  /**
   * One read's outcome: the counters, or why there are none (one line).
   *
   * @param snapshot the counters, or null
   * @param unavailable why there are none, or null
   */
  public record Reading(BlockCacheSnapshot snapshot, String unavailable) {
    static Reading of(BlockCacheSnapshot s) {
      return new Reading(s, null);
    }

    static Reading none(String why) {
      return new Reading(null, why);
    }
  }

  /** The counters before a run: the first read every server answers with its bean. */
  public Reading before() {
    long start = clock.nanoTime();
    boolean said = false;
    while (true) {
      try {
        return Reading.of(reader.read());
      } catch (MissingBeanException e) {
        long waited = clock.millisSince(start);
        if (waited >= ABSENT_BOUND_MILLIS) {
          return Reading.none(absentFor(waited, e));
        }
        said = sayAbsent(said, waited);
      } catch (IOException | RuntimeException e) {
        return Reading.none(e.getMessage());
      }
      if (!pause(POLL_MILLIS)) {
        return Reading.none("interrupted");
      }
    }
  }

  /**
   * The counters once they include a run's last calls: reads every 250 ms until they move from the
   * first read after the run, or until {@code lag} has passed since the run ended (any read then
   * holds all of it). Reads without a bean are skipped, for up to {@link #ABSENT_BOUND_MILLIS} past
   * the lag.
   */
  public Reading after(MetricsLag lag) {
    long start = clock.nanoTime();
    long bound = lag.boundMillis();
    if (bound > SAY_AFTER_MILLIS) {
      messages.printf(
          "[hbase] waiting for the RegionServers' metrics to include the run's last calls (at most"
              + " %.1f s: %s)%n",
          bound / 1000.0, lag.why());
    }
    BlockCacheSnapshot first = null;
    boolean said = false;
    while (true) {
      try {
        BlockCacheSnapshot s = reader.read();
        if (first != null && !s.equals(first)) {
          return Reading.of(s); // refreshed after the run ended: the run's calls are all in
        }
        first = first == null ? s : first;
        if (clock.millisSince(start) >= bound) {
          return Reading.of(s); // a whole lag after the run: it holds every call
        }
      } catch (MissingBeanException e) {
        long waited = clock.millisSince(start);
        if (waited >= bound + ABSENT_BOUND_MILLIS) {
          return Reading.none(absentFor(waited, e));
        }
        said = sayAbsent(said, waited);
      } catch (IOException | RuntimeException e) {
        return Reading.none(e.getMessage());
      }
      long left = bound - clock.millisSince(start);
      if (!pause(left > 0 ? Math.min(POLL_MILLIS, left) : POLL_MILLIS)) {
        return first != null ? Reading.of(first) : Reading.none("interrupted");
      }
    }
  }

  private boolean sayAbsent(boolean said, long waitedMillis) {
    if (!said && waitedMillis >= SAY_AFTER_MILLIS) {
      messages.printf(
          "[hbase] a RegionServer's metrics bean is away (HBase restarts its metrics after regions"
              + " open or close): reading again for up to %d s%n",
          ABSENT_BOUND_MILLIS / 1000);
      return true;
    }
    return said;
  }

  private static String absentFor(long waitedMillis, MissingBeanException e) {
    return String.format(
        "%s for %.1f s (HBase restarting its metrics, or a server still starting)",
        e.getMessage(), waitedMillis / 1000.0);
  }

  /** False when interrupted (the flag is kept for the caller). */
  private boolean pause(long millis) {
    try {
      clock.sleepNanos(millis * 1_000_000L);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
