package io.hbload.core.testing;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.Status;
import io.hbload.core.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A server with a known capacity for capacity tests: every call joins one FIFO queue served by
 * {@code servers} threads, each taking {@code serviceNanos} per call, so the capacity is {@code
 * servers / serviceNanos} calls a second and, offered more, latency from the intended start grows
 * without bound. A call's completion time is computed, not slept: it starts when it arrived or when
 * its server finished the previous one, whichever is later, and ends a service time after; the
 * server thread then parks until that instant. A late wake-up (the scheduler of a busy machine)
 * delays that one completion, never the next one's start, so the capacity stays exact. A fresh
 * queue per session; its threads end when the session closes. {@link #shared} makes one queue for
 * every session (many clients, such as the shards of one search, against one server), which ends
 * when the last of them closes. {@link #pausing} adds a server-side stall at every Nth call (a GC
 * pause, a flush), so that a few operations find every client slot busy.
 */
public final class ServiceQueueProvider extends AsyncTestProvider {
  private final int servers;
  private final long serviceNanos;
  private final boolean shared;
  private final long pauseEveryCalls;
  private final long pauseNanos;
  private Server sharedServer;
  private int sharedSessions;

  public ServiceQueueProvider(int servers, long serviceNanos) {
    this(servers, serviceNanos, false);
  }

  private ServiceQueueProvider(int servers, long serviceNanos, boolean shared) {
    this(servers, serviceNanos, shared, 0, 0);
  }

  private ServiceQueueProvider(
      int servers, long serviceNanos, boolean shared, long pauseEveryCalls, long pauseNanos) {
    this.servers = servers;
    this.serviceNanos = serviceNanos;
    this.shared = shared;
    this.pauseEveryCalls = pauseEveryCalls;
    this.pauseNanos = pauseNanos;
  }

  /**
   * One server thread that, before every {@code everyCalls}-th call of a session, stops serving for
   * {@code pauseNanos}: the calls queued meanwhile (and their service time) wait it out.
   */
  public static ServiceQueueProvider pausing(long serviceNanos, long everyCalls, long pauseNanos) {
    return new ServiceQueueProvider(1, serviceNanos, false, everyCalls, pauseNanos);
  }

  /** One queue that every session opened on this provider joins. */
  public static ServiceQueueProvider shared(int servers, long serviceNanos) {
    return new ServiceQueueProvider(servers, serviceNanos, true);
  }

  /** Calls a second the server completes when its queue is never empty. */
  public double capacityOpsPerSec() {
    return servers * 1e9 / serviceNanos;
  }

  @Override
  public BindingSession open(BindingContext context) {
    Clock clock = context.execution().clock();
    if (!shared) {
      return new Server(clock);
    }
    synchronized (this) {
      if (sharedSessions++ == 0) {
        sharedServer = new Server(clock);
      }
      Server server = sharedServer;
      return new BindingSession() {
        @Override
        public Binding newBinding(int workerIndex) throws BindingException {
          return server.newBinding(workerIndex);
        }

        @Override
        public AsyncBinding newAsyncBinding(int workerIndex) {
          return server.newAsyncBinding(workerIndex);
        }

        @Override
        public void close() {
          synchronized (ServiceQueueProvider.this) {
            if (--sharedSessions == 0) {
              server.close();
            }
          }
        }
      };
    }
  }

  private record Call(long arrivalNanos, int slot, AsyncBinding.Completion done) {}

  /**
   * The servers' threads wait on the run's clock (an idle one parks until a call unparks it), so
   * that on an {@link io.hbload.core.time.EventClock} the queue runs in virtual time with the
   * engine.
   */
  private final class Server implements BindingSession {
    private static final long IDLE_NANOS = 1_000_000_000L;
    private final ConcurrentLinkedQueue<Call> queue = new ConcurrentLinkedQueue<>();
    private final List<Thread> threads = new ArrayList<>();
    private final Clock clock;

    Server(Clock clock) {
      this.clock = clock;
      for (int i = 0; i < servers; i++) {
        Thread t = clock.newThread(this::serve, "service-queue-" + i);
        t.setDaemon(true);
        t.start();
        threads.add(t);
      }
    }

    private void serve() {
      long free = 0;
      long served = 0;
      try {
        while (!Thread.currentThread().isInterrupted()) {
          Call c = queue.poll();
          if (c == null) {
            clock.parkNanos(this, IDLE_NANOS);
            continue;
          }
          long start = free == 0 ? c.arrivalNanos() : Math.max(c.arrivalNanos(), free);
          if (pauseEveryCalls > 0 && ++served % pauseEveryCalls == 0) {
            start = Math.max(start, clock.nanoTime()) + pauseNanos;
          }
          free = start + serviceNanos;
          clock.sleepNanos(free - clock.nanoTime());
          c.done().complete(c.slot(), Status.OK);
        }
      } catch (InterruptedException e) {
        // the session closed
      }
    }

    @Override
    public Binding newBinding(int workerIndex) throws BindingException {
      throw new BindingException("async only");
    }

    @Override
    public AsyncBinding newAsyncBinding(int workerIndex) {
      return new OneCallAsyncBinding() {
        @Override
        protected void call(int slot, Completion done) {
          queue.add(new Call(clock.nanoTime(), slot, done));
          threads.forEach(clock::unpark); // an idle server takes it
        }
      };
    }

    @Override
    public void close() {
      threads.forEach(Thread::interrupt);
    }
  }
}
