package io.hbload.hbase.pe;

import io.hbload.core.measure.Measures;

/**
 * The measures of a PE run: core's, and the command's own when YCSB has none for it (INCREMENT,
 * APPEND, CHECK-AND-PUT, CHECK-AND-MUTATE, CHECK-AND-DELETE), which the run then reports in YCSB's
 * report, the JSON and the HdrHistogram log like core's. Each counts its outcomes ({@code Return=}
 * lines), as YCSB's operations do.
 */
final class PeMeasures {
  private PeMeasures() {}

  static Measures of(PeTest test) {
    return Measures.CORE.named(test.measureName()) != null
        ? Measures.CORE
        : Measures.CORE.and(test.measureName(), true);
  }
}
