package io.hbload.core.keys;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Run-phase insert numbers with an acknowledged limit, the contract of YCSB's {@code
 * AcknowledgedCounterGenerator}: numbers are handed out from {@code start} upward and {@link
 * #limit()} is the highest number below which every handed-out number has been acknowledged, so
 * readers never pick a key whose insert may still be in flight.
 *
 * <p>Thread-safe and lock-free (YCSB uses a lock). Acknowledgements land in a window of
 * 2<sup>20</sup> slots; a slot holds the "lap" of its number ({@code (n - start) >>> 20}, plus one
 * so that zero means empty), so a stale mark from an earlier lap can never be mistaken for the
 * current one. Whoever finds the slot after the limit filled moves the limit by CAS and empties
 * that slot; because both the slot write of an acknowledgement and the limit CAS are volatile, at
 * least one of two racing threads sees the other's write, so no acknowledgement is left stranded. A
 * mark the limit has already passed is stale (its clearer may be descheduled between its CAS and
 * the clearing) and may be overwritten by the next lap's acknowledgement. Allocates 4 MiB once;
 * nothing after.
 */
final class AcknowledgedCounter {
  static final int WINDOW_SIZE = 1 << 20;
  private static final int WINDOW_MASK = WINDOW_SIZE - 1;
  private static final int WINDOW_BITS = 20;

  private final long start;
  private final AtomicLong next;
  private final AtomicLong limit;
  private final AtomicIntegerArray slots = new AtomicIntegerArray(WINDOW_SIZE);

  AcknowledgedCounter(long start) {
    this.start = start;
    this.next = new AtomicLong(start);
    this.limit = new AtomicLong(start - 1);
  }

  /** The next number to insert. */
  long next() {
    return next.getAndIncrement();
  }

  /** Highest number such that it and all numbers below it from {@code start} are acknowledged. */
  long limit() {
    return limit.get();
  }

  /**
   * Marks {@code value} as done (the insert returned, successfully or not).
   *
   * @throws IllegalStateException if {@code value} is 2<sup>20</sup> or more ahead of the limit
   *     ("Too many unacknowledged insertion keys.", YCSB's message)
   * @throws IllegalArgumentException if {@code value} was never handed out or is already
   *     acknowledged
   */
  void acknowledge(long value) {
    long offset = value - start;
    long current = limit.get();
    if (offset < 0 || value <= current) {
      throw new IllegalArgumentException("insert key number " + value + " is not outstanding");
    }
    if (value - current > WINDOW_SIZE) {
      throw new IllegalStateException("Too many unacknowledged insertion keys.");
    }
    int slot = (int) (offset & WINDOW_MASK);
    int tag = lapTag(offset);
    for (; ; ) {
      int held = slots.get(slot);
      if (held == tag) {
        throw new IllegalArgumentException("insert key number " + value + " is not outstanding");
      }
      if (held != 0) {
        // A mark from an earlier lap. The thread that moved the limit past it clears it after its
        // CAS; if
        // that thread was descheduled in between, the mark is stale and ours to overwrite. Only a
        // mark the
        // limit has not passed yet means the window is really full.
        long heldNumber = start + ((long) (held - 1) << WINDOW_BITS) + slot;
        if (heldNumber > limit.get()) {
          throw new IllegalStateException("Too many unacknowledged insertion keys.");
        }
      }
      if (slots.compareAndSet(slot, held, tag)) {
        break;
      }
    }
    advance();
  }

  private void advance() {
    for (; ; ) {
      long current = limit.get();
      long offset = current + 1 - start;
      int slot = (int) (offset & WINDOW_MASK);
      int tag = lapTag(offset);
      if (slots.get(slot) != tag) {
        return;
      }
      if (limit.compareAndSet(current, current + 1)) {
        // Only the CAS winner frees the slot, so each slot is emptied exactly once per lap.
        slots.compareAndSet(slot, tag, 0);
      }
    }
  }

  private static int lapTag(long offset) {
    return (int) (offset >>> WINDOW_BITS) + 1;
  }
}
