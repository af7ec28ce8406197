package io.hbload.core.trace;

/**
 * Up to {@link #CAPACITY} records handed from the reader's thread to one worker as parallel
 * primitive arrays, recycled once the worker has taken them: the worker reads plain fields and
 * nothing is allocated per record. The last batch of a pass is a marker: {@link #end}, with {@link
 * #error} when the trace could not be read to its end. Published through a queue, which orders the
 * reader's writes before the worker's reads.
 */
final class TraceBatch {
  static final int CAPACITY = 1024;

  final long[] dueNanos = new long[CAPACITY];
  final byte[] operation = new byte[CAPACITY];
  final long[] keyHash = new long[CAPACITY];
  final int[] valueBytes = new int[CAPACITY];
  int count;
  boolean end;
  String error;

  boolean full() {
    return count == CAPACITY;
  }

  void add(long due, TraceOperation op, long key, int bytes) {
    dueNanos[count] = due;
    operation[count] = (byte) op.ordinal();
    keyHash[count] = key;
    valueBytes[count] = bytes;
    count++;
  }
}
