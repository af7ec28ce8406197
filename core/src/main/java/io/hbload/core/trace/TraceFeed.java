package io.hbload.core.trace;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One worker's share of a trace: every n-th record of n workers, in trace order, as the reader's
 * thread deals them, through a bounded queue of recycled {@link TraceBatch}es (at most {@link
 * #BATCHES} batches per worker in memory, whatever the trace's size). The worker peeks at the next
 * record's scheduled time ({@link #peekDueNanos}) before it waits for it, then takes it ({@link
 * #next}) and reads its fields. When the reader is behind, the worker waits for it (and its send
 * skew shows it).
 *
 * <p>Single producer (the reader), single consumer (the worker); allocation-free in steady state.
 */
public final class TraceFeed {
  static final int BATCHES = 8;

  private final BlockingQueue<TraceBatch> full = new ArrayBlockingQueue<>(BATCHES);
  private final BlockingQueue<TraceBatch> free = new ArrayBlockingQueue<>(BATCHES + 2);

  // --- the worker's side
  private TraceBatch current;
  private int position;
  private boolean ended;
  private String error;
  private long lastDue;

  /** The record {@link #next} took. */
  private TraceOperation operation;

  private long keyHash;
  private int valueBytes;
  private long dueNanos;

  TraceFeed() {
    for (int i = 0; i < BATCHES + 2; i++) {
      free.add(new TraceBatch());
    }
  }

  /**
   * The next record's scheduled time in nanoseconds from the replay's start, without taking it;
   * past the end, the last one's (nothing more to wait for). Waits for the reader when it is
   * behind.
   */
  public long peekDueNanos() {
    return ready() ? current.dueNanos[position] : lastDue;
  }

  /**
   * Takes the next record; false when the trace is over (or its reading failed: {@link #error}).
   */
  public boolean next() {
    if (!ready()) {
      return false;
    }
    TraceBatch b = current;
    int i = position++;
    operation = TraceOperation.of(b.operation[i]);
    keyHash = b.keyHash[i];
    valueBytes = b.valueBytes[i];
    dueNanos = lastDue = b.dueNanos[i];
    if (position == b.count) {
      current = null;
      b.count = 0;
      free.offer(b);
    }
    return true;
  }

  /** True once the trace is over for this worker. */
  public boolean ended() {
    return ended;
  }

  /** Why the trace ended early (a damaged line, a read error), else null. */
  public String error() {
    return error;
  }

  public TraceOperation operation() {
    return operation;
  }

  public long keyHash() {
    return keyHash;
  }

  public int valueBytes() {
    return valueBytes;
  }

  public long dueNanos() {
    return dueNanos;
  }

  /**
   * A record is at hand, or the trace is over. An interrupt (the phase stopping) ends the wait and
   * this worker's share, and stays set for the loop to see.
   */
  private boolean ready() {
    while (current == null && !ended) {
      try {
        TraceBatch b = full.poll(50, TimeUnit.MILLISECONDS);
        if (b == null) {
          continue;
        }
        if (b.end) {
          ended = true;
          error = b.error;
        } else {
          current = b;
          position = 0;
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        ended = true;
      }
    }
    return !ended;
  }

  // --- the reader's side

  /** An empty batch to fill; waits while the worker has every one. */
  TraceBatch fresh() throws InterruptedException {
    return free.take();
  }

  /** Hands a filled batch (or the end marker) to the worker; waits while its queue is full. */
  void publish(TraceBatch b) throws InterruptedException {
    full.put(b);
  }

  /** Ends the worker's share, with {@code error} when the trace could not be read to its end. */
  void end(String error) throws InterruptedException {
    TraceBatch b = new TraceBatch();
    b.end = true;
    b.error = error;
    full.put(b);
  }
}
