package io.hbload.core.time;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

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
  public void parkNanos(Object blocker, long nanos) {
    LockSupport.parkNanos(blocker, nanos);
  }

  @Override
  public void unpark(Thread thread) {
    LockSupport.unpark(thread);
  }

  @Override
  public boolean await(CountDownLatch latch, long nanos) throws InterruptedException {
    return latch.await(nanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public Thread newThread(Runnable task, String name) {
    return new Thread(task, name);
  }

  /**
   * Parks until the deadline: {@link Thread#sleep(long, int)} rounds to whole milliseconds, which a
   * pacer of 20,000 ops/s a worker (50 us apart) cannot use.
   */
  @Override
  public void sleepNanos(long nanos) throws InterruptedException {
    long deadline = System.nanoTime() + nanos;
    for (long left = nanos; left > 0; left = deadline - System.nanoTime()) {
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
      LockSupport.parkNanos(left);
    }
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
  }
}
