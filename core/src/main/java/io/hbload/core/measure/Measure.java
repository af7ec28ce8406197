package io.hbload.core.measure;

/**
 * What is timed, under YCSB's measurement names. Core knows YCSB's: the first six are the
 * operations a run phase draws (in YCSB's order of drawing; delete is hbload's addition); VERIFY
 * and CLEANUP are timed but never drawn. A workload with operations of its own (hbload pe's
 * increment, append, check-and-*) declares their names in its run's {@link Measures}, which gives
 * each the next ordinal after core's: measure names belong to a run, not to the JVM.
 * READ-MODIFY-WRITE and CLEANUP have no Return lines in YCSB's report; the others count every
 * outcome under their base name.
 *
 * <p>Every measure of a run has a small dense {@link #ordinal()} (core's first, in the order above,
 * then the workload's own), so recorders index plain arrays without a map lookup on the hot path.
 * Instances are immutable and thread-safe.
 */
public final class Measure {
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

  public static final Measure READ = new Measure("READ", true, READ_ID);
  public static final Measure UPDATE = new Measure("UPDATE", true, UPDATE_ID);
  public static final Measure INSERT = new Measure("INSERT", true, INSERT_ID);
  public static final Measure SCAN = new Measure("SCAN", true, SCAN_ID);
  public static final Measure DELETE = new Measure("DELETE", true, DELETE_ID);
  public static final Measure READ_MODIFY_WRITE =
      new Measure("READ-MODIFY-WRITE", false, READ_MODIFY_WRITE_ID);
  public static final Measure VERIFY = new Measure("VERIFY", true, VERIFY_ID);
  public static final Measure CLEANUP = new Measure("CLEANUP", false, CLEANUP_ID);

  private final String reportName;
  private final boolean hasReturns;
  private final int ordinal;

  Measure(String reportName, boolean hasReturns, int ordinal) {
    this.reportName = reportName;
    this.hasReturns = hasReturns;
    this.ordinal = ordinal;
  }

  /** The name in reports, e.g. {@code READ-MODIFY-WRITE}. */
  public String reportName() {
    return reportName;
  }

  /** Whether YCSB prints {@code Return=} lines for it. */
  public boolean hasReturns() {
    return hasReturns;
  }

  /** Dense index within its run's {@link Measures}. */
  public int ordinal() {
    return ordinal;
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

  @Override
  public String toString() {
    return reportName;
  }
}
