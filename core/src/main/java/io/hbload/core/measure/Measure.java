package io.hbload.core.measure;

/**
 * The operations of a workload and what is timed, under YCSB's measurement names. The first six are the
 * operations a run phase draws (in YCSB's order of drawing; delete is hbload's addition); VERIFY and CLEANUP are
 * timed but never drawn; the last five are HBase PerformanceEvaluation's ({@code hbload pe}), never drawn by a YCSB
 * workload. READ-MODIFY-WRITE and CLEANUP have no Return lines in YCSB's report; the others count
 * every outcome under their base name.
 */
public enum Measure {
  READ("READ", true),
  UPDATE("UPDATE", true),
  INSERT("INSERT", true),
  SCAN("SCAN", true),
  DELETE("DELETE", true),
  READ_MODIFY_WRITE("READ-MODIFY-WRITE", false),
  VERIFY("VERIFY", true),
  CLEANUP("CLEANUP", false),
  // HBase PerformanceEvaluation's operations YCSB lacks ({@code hbload pe}). After YCSB's, so a YCSB workload's
  // slots, and with them its report, are exactly as before: report order is the order measures are first seen.
  INCREMENT("INCREMENT", true),
  APPEND("APPEND", true),
  CHECK_AND_PUT("CHECK-AND-PUT", true),
  CHECK_AND_MUTATE("CHECK-AND-MUTATE", true),
  CHECK_AND_DELETE("CHECK-AND-DELETE", true);

  public static final int COUNT = values().length;
  private static final Measure[] VALUES = values();

  private final String reportName;
  private final boolean hasReturns;

  Measure(String reportName, boolean hasReturns) {
    this.reportName = reportName;
    this.hasReturns = hasReturns;
  }

  /** The name in reports, e.g. {@code READ-MODIFY-WRITE}. */
  public String reportName() {
    return reportName;
  }

  /** Whether YCSB prints {@code Return=} lines for it. */
  public boolean hasReturns() {
    return hasReturns;
  }

  public static Measure of(int ordinal) {
    return VALUES[ordinal];
  }
}
