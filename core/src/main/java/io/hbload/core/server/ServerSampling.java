package io.hbload.core.server;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs a {@link ServerSampler} on a daemon thread of its own, at the client's sample interval, so
 * that a slow server read delays neither a worker nor the reporter's tick: one read right away (the
 * baseline of the counters), one per interval, and one last read when stopped (the last interval's
 * point). The reporter {@link #drain drains} the samples at each tick. Thread-safe: one sampling
 * thread writes, one reporter thread drains and stops.
 */
public final class ServerSampling {
  private final ServerSampler sampler;
  private final ConcurrentLinkedQueue<ServerSample> samples = new ConcurrentLinkedQueue<>();
  private final Thread thread;
  private final long intervalNanos;
  private volatile boolean stopping;
  private volatile String error;

  private ServerSampling(ServerSampler sampler, long intervalNanos) {
    this.sampler = sampler;
    this.intervalNanos = intervalNanos;
    this.thread = new Thread(this::run, "hbload-server-sampler");
    thread.setDaemon(true);
  }

  /** Starts sampling now and every {@code intervalNanos}. */
  public static ServerSampling start(ServerSampler sampler, long intervalNanos) {
    ServerSampling s = new ServerSampling(sampler, intervalNanos);
    s.thread.start();
    return s;
  }

  private void run() {
    long next = System.nanoTime();
    while (true) {
      // a stop asked during a read gets one more read, started after the stop: the last point
      // holds the run's end
      boolean lastRead = stopping;
      read();
      if (lastRead || Thread.currentThread().isInterrupted()) {
        return;
      }
      next += intervalNanos;
      long now;
      while (!stopping && (now = System.nanoTime()) < next) {
        LockSupport.parkNanos(this, next - now);
      }
    }
  }

  private void read() {
    try {
      samples.addAll(sampler.sample());
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
    LockSupport.unpark(thread);
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
