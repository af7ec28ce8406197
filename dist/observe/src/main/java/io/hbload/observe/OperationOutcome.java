package io.hbload.observe;

import io.hbload.core.measure.Measure;
import io.hbload.core.measure.Measures;

/**
 * Splits a measurement name of the report into its operation and outcome: {@code READ} is READ/OK,
 * {@code READ-FAILED} READ/FAILED, {@code UPDATE-NOT_FOUND} UPDATE/NOT_FOUND, {@code
 * READ-MODIFY-WRITE} its own operation (the longest operation name that fits wins, since that one
 * has dashes in it). Immutable.
 */
record OperationOutcome(String operation, String status) {

  /** The operation and outcome of {@code measurementName}, one of a run with {@code measures}. */
  static OperationOutcome of(String measurementName, Measures measures) {
    Measure best = null;
    for (Measure m : measures.all()) {
      String op = m.reportName();
      boolean fits = measurementName.equals(op) || measurementName.startsWith(op + "-");
      if (fits && (best == null || op.length() > best.reportName().length())) {
        best = m;
      }
    }
    if (best == null) {
      return new OperationOutcome(measurementName, "OK");
    }
    String op = best.reportName();
    return new OperationOutcome(
        op,
        measurementName.length() == op.length()
            ? "OK"
            : measurementName.substring(op.length() + 1));
  }

  boolean ok() {
    return status.equals("OK");
  }
}
