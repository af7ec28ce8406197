package io.hbload.core.fault;

import io.hbload.core.config.FaultSchedule;
import io.hbload.core.config.ScheduledFault;
import io.hbload.core.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Fires a {@link FaultSchedule} at its target on a daemon thread of its own, on the phase's clock,
 * beside the load (as {@link io.hbload.core.server.ServerSampling} reads the servers): each fault
 * when it is due, one at a time, so one that takes longer than the gap to the next delays that one
 * (its due time is kept beside its start). An action that fails is recorded with its error and the
 * schedule goes on: a fault never stops the load. Thread-safe: the fault thread records, the
 * phase's thread {@link #stop stops} and reads.
 */
public final class FaultRunner {
  private final FaultSchedule schedule;
  private final FaultTarget target;
  private final long startNanos;
  private final Clock clock;
  private final Consumer<String> messages;
  private final Thread thread;
  private final List<InjectedFault> done = new ArrayList<>();
  private volatile boolean stopping;

  /** The fault in progress, or null; written by the fault thread. */
  private volatile InjectedFault running;

  private FaultRunner(
      FaultSchedule schedule,
      FaultTarget target,
      long startNanos,
      Clock clock,
      Consumer<String> messages) {
    this.schedule = schedule;
    this.target = target;
    this.startNanos = startNanos;
    this.clock = clock;
    this.messages = messages;
    this.thread = clock.newThread(this::run, "hbload-faults");
    thread.setDaemon(true);
  }

  /**
   * Starts firing {@code schedule}'s faults at {@code target}, their offsets counted from {@code
   * startNanos} of {@code clock} (the phase's: when measuring starts); {@code messages} hears a
   * line as each fault starts and ends.
   */
  public static FaultRunner start(
      FaultSchedule schedule,
      FaultTarget target,
      long startNanos,
      Clock clock,
      Consumer<String> messages) {
    FaultRunner r = new FaultRunner(schedule, target, startNanos, clock, messages);
    r.thread.start();
    return r;
  }

  private void run() {
    List<ScheduledFault> entries = schedule.faults();
    long[] fired = new long[entries.size()];
    long startMillis =
        clock.epochMillis() - TimeUnit.NANOSECONDS.toMillis(clock.nanoTime() - startNanos);
    while (!stopping) {
      int next = -1;
      Duration at = null;
      for (int i = 0; i < entries.size(); i++) {
        Duration d = entries.get(i).firing(fired[i]);
        if (d != null && (at == null || d.compareTo(at) < 0)) {
          next = i;
          at = d;
        }
      }
      if (next < 0) {
        return; // every one-off has fired and nothing repeats
      }
      long due = startNanos + at.toNanos();
      long now;
      while (!stopping && (now = clock.nanoTime()) < due) {
        clock.parkNanos(this, due - now); // parked, not slept: stop() unparks it
      }
      if (stopping) {
        return;
      }
      fired[next]++;
      fire(entries.get(next), startMillis + at.toMillis());
    }
  }

  private void fire(ScheduledFault scheduled, long dueMillis) {
    int number;
    synchronized (done) {
      number = done.size() + 1;
    }
    long injected = clock.epochMillis();
    InjectedFault start = new InjectedFault(number, scheduled, dueMillis, injected, -1, null, null);
    running = start;
    messages.accept("hbload: fault " + start.label() + ": injecting");
    String detail = null;
    String error = null;
    try {
      detail = target.inject(scheduled.action());
    } catch (Exception | Error e) {
      error = e.getMessage() == null ? e.toString() : e.getMessage();
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
    }
    long ended = clock.epochMillis();
    InjectedFault f =
        new InjectedFault(number, scheduled, dueMillis, injected, ended, detail, error);
    synchronized (done) {
      done.add(f);
      running = null;
    }
    messages.accept(
        "hbload: fault "
            + f.label()
            + (error == null ? ": done in " : ": FAILED after ")
            + (ended - injected)
            + " ms"
            + (error == null ? (detail == null ? "" : ": " + detail) : ": " + error));
  }

  /**
   * Fires no more faults and waits at most {@code boundMillis} for one in progress; returns every
   * fault fired, in order, one still running marked so ({@link InjectedFault#ended()} false).
   */
  public List<InjectedFault> stop(long boundMillis) {
    stopping = true;
    clock.unpark(thread);
    try {
      thread.join(boundMillis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (done) {
      List<InjectedFault> out = new ArrayList<>(done);
      InjectedFault still = running;
      if (still != null) {
        out.add(still);
        messages.accept(
            "hbload: fault " + still.label() + " was still running when the phase ended");
      }
      return out;
    }
  }

  /** Where the faults go, as the target says. */
  public String target() {
    return target.describe();
  }
}
