package io.hbload.core.trace;

/**
 * One parsed trace line: its time in the trace (seconds), what it does, its key's 64-bit hash (the
 * row key is made from it) and its value size in bytes. A reusable carrier the reader's thread
 * fills line after line; not thread-safe.
 */
final class TraceRecord {
  double seconds;
  TraceOperation operation;
  long keyHash;
  int valueBytes;

  /**
   * Where each field of the line being parsed ends: the parser's scratch, reused line after line.
   */
  final int[] ends = new int[8];
}
