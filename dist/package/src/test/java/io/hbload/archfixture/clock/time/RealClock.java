package io.hbload.archfixture.clock.time;

/** Planted: the clock package itself, the one place allowed to read the system's time. */
public final class RealClock {
  public long nanoTime() {
    return System.nanoTime();
  }
}
