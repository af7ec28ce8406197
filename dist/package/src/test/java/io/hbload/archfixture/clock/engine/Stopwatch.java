package io.hbload.archfixture.clock.engine;

import java.time.Instant;
import java.util.concurrent.locks.LockSupport;

/** Planted: engine code that reads the system's time and sleeps by itself, bypassing the clock. */
public final class Stopwatch {
  public long elapsed(long start) throws InterruptedException {
    Thread.sleep(1);
    LockSupport.parkNanos(1);
    return System.nanoTime() - start + System.currentTimeMillis() + Instant.now().getNano();
  }
}
