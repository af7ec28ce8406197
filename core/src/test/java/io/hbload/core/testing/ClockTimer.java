package io.hbload.core.testing;

import io.hbload.core.time.Clock;
import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * Runs tasks a given time from now on one thread that waits on the run's clock: the completions a
 * test's async binding delivers "from the network" after a delay. On an {@link
 * io.hbload.core.time.EventClock} they come in virtual time, in order with the engine's waits, as a
 * thread pool's timer cannot (it waits in real time, where the virtual clock cannot see it). Tasks
 * due at the same instant run in the order they were scheduled. {@link #close} ends the thread (the
 * session's end): left running on an event clock, its idle waits would move time on by themselves.
 */
public final class ClockTimer implements AutoCloseable {
  private static final long IDLE_NANOS = 1_000_000_000L;

  private record Task(long due, long order, Runnable run) {}

  private final PriorityQueue<Task> queue =
      new PriorityQueue<>(Comparator.comparingLong(Task::due).thenComparingLong(Task::order));
  private final Clock clock;
  private final Thread thread;
  private long scheduled;

  public ClockTimer(Clock clock, String name) {
    this.clock = clock;
    this.thread = clock.newThread(this::loop, name);
    thread.setDaemon(true);
    thread.start();
  }

  /** Runs {@code task} on the timer's thread once {@code delayNanos} have passed on the clock. */
  public void schedule(Runnable task, long delayNanos) {
    synchronized (queue) {
      queue.add(new Task(clock.nanoTime() + delayNanos, scheduled++, task));
    }
    clock.unpark(thread); // it may be waiting for a later task, or for none
  }

  private void loop() {
    while (!Thread.currentThread().isInterrupted()) {
      Task due;
      long wait;
      // the lock is never held across a wait: the clock would take a thread blocked on it for one
      // at work
      synchronized (queue) {
        Task head = queue.peek();
        long now = clock.nanoTime();
        due = head != null && head.due() <= now ? queue.poll() : null;
        wait = head == null ? IDLE_NANOS : head.due() - now;
      }
      if (due != null) {
        due.run().run();
      } else {
        clock.parkNanos(this, wait);
      }
    }
  }

  @Override
  public void close() {
    thread.interrupt();
  }
}
