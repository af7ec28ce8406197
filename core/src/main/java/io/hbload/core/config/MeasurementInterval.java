package io.hbload.core.config;

/**
 * YCSB's {@code measurement.interval}: which latency the text report prints under the plain names.
 * hbload always records both; this only selects the report's shape.
 */
public enum MeasurementInterval {
  /** Service time, from just before the call (YCSB default). */
  OP,
  /** From the intended start on the target-rate schedule (coordinated-omission corrected). */
  INTENDED,
  /** Service time under plain names plus {@code Intended-<OP>} blocks. */
  BOTH
}
