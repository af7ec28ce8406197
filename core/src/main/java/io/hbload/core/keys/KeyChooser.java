package io.hbload.core.keys;

/**
 * Picks the key number of a run-phase read, update, scan, read-modify-write or delete, following
 * the workload's {@code requestdistribution}. Obtain one per worker from {@link
 * KeySpace#newChooser}.
 *
 * <p>Not thread-safe: each worker thread owns its chooser. {@link #next()} allocates nothing.
 */
public interface KeyChooser {
  /** The next key number; never above the key space's current {@link KeySpace#insertLimit()}. */
  long next();
}
