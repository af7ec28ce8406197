package io.hbload.hbase.pe;

import io.hbload.core.measure.Measure;

/**
 * The measurement names of PE's operations YCSB has none for, registered with the engine by PE's
 * source: they appear in YCSB's report, the JSON and the HdrHistogram log like core's, and core
 * knows nothing of them. Each counts its outcomes ({@code Return=} lines), as YCSB's operations do.
 */
final class PeMeasures {
  static final Measure INCREMENT = Measure.register("INCREMENT", true);
  static final Measure APPEND = Measure.register("APPEND", true);
  static final Measure CHECK_AND_PUT = Measure.register("CHECK-AND-PUT", true);
  static final Measure CHECK_AND_MUTATE = Measure.register("CHECK-AND-MUTATE", true);
  static final Measure CHECK_AND_DELETE = Measure.register("CHECK-AND-DELETE", true);

  private PeMeasures() {}
}
