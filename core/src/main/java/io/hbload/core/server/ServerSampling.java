package io.hbload.core.server;

import io.hbload.core.time.Clock;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * Runs a {@link ServerSampler} on a daemon thread of its own, at the client's sample interval, so
 * that a slow server read delays neither a worker nor the reporter's tick: one read right away (the
 * baseline of the counters), one per interval, and one last read when stopped (the last interval's
 * point), so at least two reads however short the phase. The reporter {@link #drain drains} the
 * samples at each tick. Thread-safe: one sampling thread writes, one reporter thread drains and
 * stops.
 */
public final class ServerSampling {
  private final ServerSampler sampler;
  private final ConcurrentLinkedQueue<ServerSample> samples = new ConcurrentLinkedQueue<>();
  private final Thread thread;
  private final long intervalNanos;
  private volatile boolean stopping;
  private volatile String error;

  /** The phase's clock: when each read is due, and the waits between them. */
  private final Clock clock;

  private ServerSampling(
      ServerSampler sampler, long intervalNanos, ThreadFactory threads, Clock clock) {
    this.sampler = sampler;
    this.intervalNanos = intervalNanos;
    this.thread = threads.newThread(this::run);
    this.clock = clock;
  }

  /** Starts sampling now and every {@code intervalNanos} of {@code clock} (the phase's). */
  public static ServerSampling start(ServerSampler sampler, long intervalNanos, Clock clock) {
    return start(
        sampler,
        intervalNanos,
        r -> {
          Thread t = clock.newThread(r, "hbload-server-sampler");
          t.setDaemon(true);
          return t;
        },
        clock);
  }

  /**
   * As {@link #start(ServerSampler, long, Clock)}, on a thread {@code threads} makes (a test's, to
   * hold the thread back until the phase has stopped).
   */
  static ServerSampling start(
      ServerSampler sampler, long intervalNanos, ThreadFactory threads, Clock clock) {
    ServerSampling s = new ServerSampling(sampler, intervalNanos, threads, clock);
    s.thread.start();
    return s;
  }

  private void run() {
    long next = clock.nanoTime();
    // the first read is the counters' baseline, never the last: a run shorter than the thread's
    // start (a pe run of 100 reads takes 0.2 s) still gets a read after it, or its counters have
    // no point at all
    boolean baseline = true;
    while (true) {
      // a stop asked during a read gets one more read, started after the stop: the last point
      // holds the run's end
      boolean lastRead = stopping && !baseline;
      baseline = false;
      read();
      if (lastRead || Thread.currentThread().isInterrupted()) {
        return;
      }
      next += intervalNanos;
      long now;
      // parked, not slept: stop() unparks it for the last read
      while (!stopping && (now = clock.nanoTime()) < next) {
        clock.parkNanos(this, next - now);
      }
    }
  }

  private void read() {
    try {
      List<ServerSample> read = sampler.sample();
      if (read.isEmpty()) {
        // said, not silent: a series of no server reads as "nothing happened" otherwise
        error = "a read found no server to sample (" + sampler.source() + ")";
      }
      samples.addAll(read);
    } catch (IOException | RuntimeException e) {
      error = e.getMessage() == null ? e.toString() : e.getMessage();
    }
  }

  /** The samples read since the last call, oldest first. */
  public List<ServerSample> drain() {
    List<ServerSample> out = new ArrayList<>();
    ServerSample s;
    while ((s = samples.poll()) != null) {
      out.add(s);
    }
    return out;
  }

  /**
   * Takes the last read and stops, waiting at most {@code boundMillis} for it: a server that does
   * not answer within the bound loses its last point, not the run its report. Returns whether the
   * last read finished in time.
   */
  public boolean stop(long boundMillis) {
    stopping = true;
    clock.unpark(thread);
    try {
      thread.join(boundMillis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (thread.isAlive()) {
      thread.interrupt();
      error = "the last server read took longer than " + boundMillis + " ms: left out";
      return false;
    }
    return true;
  }

  /** The last failed read's message, or null. */
  public String error() {
    return error;
  }

  /** The sample interval, in milliseconds. */
  public long intervalMillis() {
    return TimeUnit.NANOSECONDS.toMillis(intervalNanos);
  }

  /** Where the figures come from. */
  public String source() {
    return sampler.source();
  }
}
