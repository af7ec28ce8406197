package io.hbload.core.testing;

import io.hbload.core.time.EventClock;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * A test's scene on a virtual clock: start a thread (a phase, a runner), let {@code after} pass,
 * then act on it (a stop, an interrupt). The thread is started from inside the clock's run, once
 * the test's own thread is on the clock: started before, its waits alone would move time, and the
 * act would land before the thread got going.
 */
public final class ClockScene {
  private ClockScene() {}

  /**
   * Starts {@code thread}, waits {@code after} on {@code clock}, then returns what {@code then}
   * gives.
   */
  public static <T> T startThenAfter(
      EventClock clock, Thread thread, Duration after, Supplier<T> then) {
    return clock.run(
        () -> {
          thread.start();
          try {
            clock.sleep(after);
          } catch (InterruptedException e) {
            throw new IllegalStateException(e);
          }
          return then.get();
        });
  }
}
