package io.hbload.core.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What is timed, under YCSB's measurement names. Core knows YCSB's: the first six are the
 * operations a run phase draws (in YCSB's order of drawing; delete is hbload's addition); VERIFY
 * and CLEANUP are timed but never drawn. An operation source with operations of its own (hbload
 * pe's increment, append, check-and-*) registers their names with {@link #register}, as custom
 * outcomes register their {@link io.hbload.core.binding.Status} names. READ-MODIFY-WRITE and
 * CLEANUP have no Return lines in YCSB's report; the others count every outcome under their base
 * name.
 *
 * <p>Every distinct name gets a small dense {@link #ordinal()} (core's first, in the order above,
 * then the registered ones in the order of registration), so recorders index plain arrays without a
 * map lookup on the hot path. Report order is the order measures are first seen, so a name
 * registered by another source changes nothing in a YCSB report. Instances are immutable and
 * thread-safe; register once (a static constant), not per operation.
 */
public final class Measure {
  /** Upper bound on distinct measures in one JVM: sizes the recorders' arrays. */
  public static final int COUNT = 24;

  private static final ConcurrentHashMap<String, Measure> BY_NAME = new ConcurrentHashMap<>();
  private static final Measure[] VALUES = new Measure[COUNT];
  private static int registered;

  // The ordinals of core's measures as constants, for a switch on the hot path (a tableswitch, like
  // an enum's).
  public static final int READ_ID = 0;
  public static final int UPDATE_ID = 1;
  public static final int INSERT_ID = 2;
  public static final int SCAN_ID = 3;
  public static final int DELETE_ID = 4;
  public static final int READ_MODIFY_WRITE_ID = 5;
  public static final int VERIFY_ID = 6;
  public static final int CLEANUP_ID = 7;

  public static final Measure READ = register("READ", true);
  public static final Measure UPDATE = register("UPDATE", true);
  public static final Measure INSERT = register("INSERT", true);
  public static final Measure SCAN = register("SCAN", true);
  public static final Measure DELETE = register("DELETE", true);
  public static final Measure READ_MODIFY_WRITE = register("READ-MODIFY-WRITE", false);
  public static final Measure VERIFY = register("VERIFY", true);
  public static final Measure CLEANUP = register("CLEANUP", false);

  private final String reportName;
  private final boolean hasReturns;
  private final int ordinal;

  private Measure(String reportName, boolean hasReturns, int ordinal) {
    this.reportName = reportName;
    this.hasReturns = hasReturns;
    this.ordinal = ordinal;
  }

  /**
   * The measure named {@code reportName}: the one registered under that name, else a new one with
   * the next ordinal.
   *
   * @param hasReturns whether YCSB-style {@code Return=} lines count its outcomes
   * @throws IllegalArgumentException when the name is registered with the other {@code hasReturns}
   * @throws IllegalStateException when {@link #COUNT} measures are registered already
   */
  public static synchronized Measure register(String reportName, boolean hasReturns) {
    Objects.requireNonNull(reportName, "reportName");
    Measure known = BY_NAME.get(reportName);
    if (known != null) {
      if (known.hasReturns != hasReturns) {
        throw new IllegalArgumentException(
            reportName + " is registered with hasReturns=" + known.hasReturns);
      }
      return known;
    }
    if (registered == COUNT) {
      throw new IllegalStateException("more than " + COUNT + " measures: " + reportName);
    }
    Measure m = new Measure(reportName, hasReturns, registered);
    VALUES[registered] = m;
    BY_NAME.put(reportName, m);
    registered++; // after the array write: a reader that sees the count sees the measure
    // (synchronized publishes)
    return m;
  }

  /** The name in reports, e.g. {@code READ-MODIFY-WRITE}. */
  public String reportName() {
    return reportName;
  }

  /** Whether YCSB prints {@code Return=} lines for it. */
  public boolean hasReturns() {
    return hasReturns;
  }

  /** Dense index, in [0, {@link #COUNT}). */
  public int ordinal() {
    return ordinal;
  }

  /** The measure of an ordinal; only ordinals of registered measures. */
  public static Measure of(int ordinal) {
    return VALUES[ordinal];
  }

  /**
   * Whether the latencies under {@code latencyName} (a measure's report name, or one of its
   * outcomes' such as {@code READ-FAILED}) are of operations drawn on the schedule, so that an
   * intended start means something for them: every measure's but {@link #VERIFY}'s and {@link
   * #CLEANUP}'s, steps timed inside or after an operation whose intended start is their start.
   */
  public static boolean scheduled(String latencyName) {
    return !isOf(latencyName, VERIFY) && !isOf(latencyName, CLEANUP);
  }

  private static boolean isOf(String latencyName, Measure m) {
    return latencyName.startsWith(m.reportName)
        && (latencyName.length() == m.reportName.length()
            || latencyName.charAt(m.reportName.length()) == '-');
  }

  /** The measure registered under {@code reportName}, or null. */
  public static Measure named(String reportName) {
    return BY_NAME.get(reportName);
  }

  /** Every measure registered so far, in ordinal order. */
  public static synchronized List<Measure> registered() {
    List<Measure> out = new ArrayList<>(registered);
    for (int i = 0; i < registered; i++) {
      out.add(VALUES[i]);
    }
    return out;
  }

  @Override
  public String toString() {
    return reportName;
  }
}
