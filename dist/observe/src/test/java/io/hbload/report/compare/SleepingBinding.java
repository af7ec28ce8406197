package io.hbload.report.compare;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.Values;
import io.hbload.core.time.Clock;
import java.util.SplittableRandom;

/**
 * A server whose service time is known: every call sleeps a time drawn from a seeded log-normal
 * distribution (median {@code medianMicros}, sigma 0.5, cut at 8 medians) times {@code factor}, on
 * the run's clock. On an {@link io.hbload.core.time.EventClock} a call takes exactly its draw, so
 * two runs with the same factor differ by their draws only, and a factor of 1.3 is a known 30 %
 * slowdown; on the system clock the timer's jitter and the machine's load come on top. Each worker
 * draws from its own generator (seed + worker index), so a run is reproducible in its draws.
 * Thread-safe: a worker's binding is its own.
 */
public final class SleepingBinding implements BindingProvider {
  private final long medianMicros;
  private final double factor;
  private final long seed;

  public SleepingBinding(long medianMicros, double factor, long seed) {
    this.medianMicros = medianMicros;
    this.factor = factor;
    this.seed = seed;
  }

  @Override
  public String name() {
    return "sleeping";
  }

  @Override
  public String description() {
    return "test binding: seeded log-normal sleeps";
  }

  @Override
  public BindingSession open(BindingContext context) {
    Clock clock = context.execution().clock();
    return workerIndex ->
        new Binding() {
          private final SplittableRandom random =
              new SplittableRandom(seed * 1_000_003L + workerIndex);

          private Status call() {
            double z = random.nextGaussian();
            double micros = medianMicros * Math.min(Math.exp(0.5 * z), 8.0) * factor;
            long nanos = (long) (micros * 1000);
            long end = clock.nanoTime() + nanos;
            try {
              for (long left = nanos; left > 0; left = end - clock.nanoTime()) {
                clock.sleepNanos(left); // it may return early: sleep again for what is left
              }
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              return Status.ERROR;
            }
            return Status.OK;
          }

          @Override
          public Status read(String table, Key key, Fields fields, RowSink result) {
            return call();
          }

          @Override
          public Status scan(
              String table, Key startKey, int recordCount, Fields fields, ScanSink result) {
            return call();
          }

          @Override
          public Status update(String table, Key key, Values values) {
            return call();
          }

          @Override
          public Status insert(String table, Key key, Values values) {
            return call();
          }

          @Override
          public Status delete(String table, Key key) {
            return call();
          }
        };
  }
}
