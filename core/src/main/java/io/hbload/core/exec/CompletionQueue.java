package io.hbload.core.exec;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands completed operations' slot numbers from the binding's I/O threads to their worker: many
 * producers, one consumer, bounded, allocation-free. Bounded by construction rather than by a
 * check: a slot is completed once per issue and reissued only after the worker took it off this
 * queue, so at most {@code capacity} entries are ever pending and a producer never laps the
 * consumer.
 *
 * <p>A producer claims a cell with one atomic increment and publishes the slot with a volatile
 * store; the consumer reads cells in claim order and sees an empty cell (0) until its producer has
 * published. A producer that claimed but has not yet stored holds back the entries behind it until
 * it does: the worker then waits, and is woken by that producer like by any other.
 */
final class CompletionQueue {
  private final AtomicIntegerArray cells; // slot + 1, 0 = empty
  private final int mask;
  private final AtomicLong tail = new AtomicLong();
  private long head; // consumer only

  CompletionQueue(int capacity) {
    int size = Integer.highestOneBit(Math.max(1, capacity - 1)) << 1;
    cells = new AtomicIntegerArray(size);
    mask = size - 1;
  }

  /**
   * Any thread. Returns the entry's position in the order of all entries ever offered (0, 1, 2,
   * ...).
   */
  long offer(int slot) {
    long t = tail.getAndIncrement();
    cells.set((int) (t & mask), slot + 1);
    return t;
  }

  /** The next completed slot, or -1 when none is ready. Consumer thread only. */
  int poll() {
    int i = (int) (head & mask);
    int v = cells.get(i);
    if (v == 0) {
      return -1;
    }
    // ordered store: the cell is claimed again only after the slot it held is reissued, which
    // happens after this
    cells.lazySet(i, 0);
    head++;
    return v - 1;
  }

  /** The position of the next entry {@link #poll} returns. Consumer only. */
  long head() {
    return head;
  }

  /** How many entries producers have claimed so far (published or about to be). Any thread. */
  long claimed() {
    return tail.get();
  }
}
