package io.hbload.core.time;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * A virtual clock for code run by many threads, such as an engine phase (a reporter and its
 * workers): a discrete-event scheduler. The threads that take part are registered ({@link #join}
 * for the calling thread, {@link #newThread} for the ones the code starts); time stands still while
 * any of them runs and jumps to the earliest wake-up once every one of them waits on the clock (a
 * sleep, a park, a latch wait). So a phase of a minute on a server of known service time runs in
 * milliseconds, and the waits happen in the same order every time; threads that wake at the same
 * instant run in the order the system schedules them, as they would on a real clock.
 *
 * <p>A thread waiting on anything else (a lock held across a sleep, I/O, a thread that is not
 * registered) stops time: the clock cannot tell such a wait from work. Unregistered threads may
 * read the time; a wait by one is refused. An interrupt wakes a waiting thread at once, as a real
 * sleep; a park is woken by {@link #unpark} on this clock (not by {@code LockSupport.unpark}).
 */
public final class EventClock implements Clock {
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition moved = lock.newCondition();
  private final long epochMillisAtZero;
  private volatile long now;

  /** The threads that take part; time moves only when each of them waits. */
  private final Set<Thread> registered = Collections.newSetFromMap(new IdentityHashMap<>());

  /** The registered threads waiting now, with what wakes them. */
  private final Map<Thread, Wait> waiting = new IdentityHashMap<>();

  /** Threads unparked while not parked: their next park returns at once, as LockSupport's. */
  private final Set<Thread> permits = Collections.newSetFromMap(new IdentityHashMap<>());

  /** A wait's end: its deadline, or sooner when its latch opens or (a park) it is unparked. */
  private record Wait(long deadline, CountDownLatch latch, boolean park) {
    boolean due(Thread t, long now) {
      return deadline <= now || t.isInterrupted() || (latch != null && latch.getCount() == 0);
    }
  }

  /** At nanoTime 0, whose wall clock reads 2026-01-01T00:00:00Z there. */
  public EventClock() {
    this(1_767_225_600_000L);
  }

  public EventClock(long epochMillisAtZero) {
    this.epochMillisAtZero = epochMillisAtZero;
  }

  @Override
  public long nanoTime() {
    return now;
  }

  @Override
  public long epochMillis() {
    return epochMillisAtZero + now / 1_000_000L;
  }

  /**
   * Registers the calling thread (a test's, which runs the code under test) until {@link #leave}.
   */
  public void join() {
    register(Thread.currentThread());
  }

  /**
   * Runs {@code task} on the calling thread {@link #join joined} to this clock, and leaves after:
   * for a test, or a library user, that runs a phase on virtual time from its own thread.
   */
  public <T> T run(Supplier<T> task) {
    join();
    try {
      return task.get();
    } finally {
      leave();
    }
  }

  /** The calling thread takes no more part: time no longer waits for it. */
  public void leave() {
    lock.lock();
    try {
      registered.remove(Thread.currentThread());
      waiting.remove(Thread.currentThread());
      permits.remove(Thread.currentThread());
      step();
    } finally {
      lock.unlock();
    }
  }

  /** Registered now, before it starts (so that time cannot pass it by), until its task ends. */
  @Override
  public Thread newThread(Runnable task, String name) {
    Thread t =
        new Thread(
            () -> {
              try {
                task.run();
              } finally {
                leave();
              }
            },
            name);
    register(t);
    return t;
  }

  private void register(Thread t) {
    lock.lock();
    try {
      registered.add(t);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void sleepNanos(long nanos) throws InterruptedException {
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
    if (nanos > 0) {
      waitFor(new Wait(now + nanos, null, false));
    }
  }

  @Override
  public void parkNanos(Object blocker, long nanos) {
    if (nanos <= 0 || Thread.currentThread().isInterrupted()) {
      return;
    }
    lock.lock();
    try {
      if (permits.remove(Thread.currentThread())) {
        return;
      }
      waitFor(new Wait(now + nanos, null, true));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // a park returns on an interrupt and keeps the flag
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void unpark(Thread thread) {
    lock.lock();
    try {
      Wait w = waiting.get(thread);
      if (w != null && w.park) {
        waiting.remove(thread);
        moved.signalAll();
      } else if (w == null) {
        permits.add(thread);
      }
    } finally {
      lock.unlock();
    }
  }

  @Override
  public boolean await(CountDownLatch latch, long nanos) throws InterruptedException {
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
    if (latch.getCount() > 0 && nanos > 0) {
      waitFor(new Wait(now + nanos, latch, false));
    }
    return latch.getCount() == 0;
  }

  private void waitFor(Wait w) throws InterruptedException {
    Thread me = Thread.currentThread();
    lock.lock();
    try {
      if (!registered.contains(me)) {
        throw new IllegalStateException(
            me.getName() + " waits on an EventClock it is not registered with (join or newThread)");
      }
      waiting.put(me, w);
      step();
      while (waiting.get(me) == w) {
        try {
          // bounded: a latch opened by a thread that goes on running is seen within this
          moved.await(1, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
          waiting.remove(me);
          step();
          throw e;
        }
        step();
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * Under the lock: releases the waiters due now (latch open, interrupted, deadline come); when
   * none is and every registered thread waits, moves time to the earliest deadline and releases the
   * waiters due then.
   */
  private void step() {
    if (release() > 0 || waiting.isEmpty() || waiting.size() < registered.size()) {
      return;
    }
    long earliest = Long.MAX_VALUE;
    for (Wait w : waiting.values()) {
      earliest = Math.min(earliest, w.deadline);
    }
    now = earliest;
    release();
  }

  private int release() {
    List<Thread> due = new ArrayList<>();
    waiting.forEach(
        (t, w) -> {
          if (w.due(t, now)) {
            due.add(t);
          }
        });
    due.forEach(waiting::remove);
    if (!due.isEmpty()) {
      moved.signalAll();
    }
    return due.size();
  }

  /** Time since nanoTime 0. */
  public java.time.Duration elapsed() {
    return java.time.Duration.ofNanos(now);
  }
}
