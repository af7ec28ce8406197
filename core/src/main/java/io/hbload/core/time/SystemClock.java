package io.hbload.core.time;

import java.util.concurrent.TimeUnit;

/** The real clock. The only place in core that reads the system's time or sleeps. Stateless. */
enum SystemClock implements Clock {
  INSTANCE;

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public long epochMillis() {
    return System.currentTimeMillis();
  }

  @Override
  public void sleepNanos(long nanos) throws InterruptedException {
    if (nanos > 0) {
      TimeUnit.NANOSECONDS.sleep(nanos);
    } else if (Thread.interrupted()) {
      throw new InterruptedException();
    }
  }
}
