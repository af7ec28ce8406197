package io.hbload.hbase.async;

import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * One reusable object per in-flight slot, made the first time its slot is used: a callback handed
 * to HBase's async client is registered once per operation, and reusing the slot's own keeps an
 * operation's issue free of allocation (a slot is busy until its completion is handed back, so its
 * object is never in two operations at once).
 *
 * <p>Confined to the worker's thread, as the slots are.
 */
public final class PerSlot<T> {
  private final IntFunction<T> make;
  private Object[] items = new Object[0];

  public PerSlot(IntFunction<T> make) {
    this.make = make;
  }

  /** The slot's object, made on first use; the table grows (doubling) as the engine's slots do. */
  @SuppressWarnings("unchecked")
  public T at(int slot) {
    if (slot >= items.length) {
      items = Arrays.copyOf(items, Math.max(slot + 1, items.length * 2));
    }
    Object item = items[slot];
    if (item == null) {
      item = items[slot] = make.apply(slot);
    }
    return (T) item;
  }
}
