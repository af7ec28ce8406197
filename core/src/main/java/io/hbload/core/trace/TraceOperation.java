package io.hbload.core.trace;

/**
 * What a trace record does to its key on HBase: a read of the row, a write (a put of the record's
 * value size, replacing the row's value) or a delete of the row.
 */
public enum TraceOperation {
  READ,
  WRITE,
  DELETE;

  private static final TraceOperation[] BY_CODE = values();

  /** The operation stored as {@link #ordinal()} in a batch; allocation-free. */
  static TraceOperation of(byte code) {
    return BY_CODE[code];
  }
}
