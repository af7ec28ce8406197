package io.hbload.core.binding.builtin;

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
import io.hbload.core.config.BindingSettings;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyReader;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.time.Clock;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * {@code basic}: does nothing and answers OK, like YCSB's BasicDB, to measure the engine itself.
 * Honors {@code basicdb.simulatedelay} (ms) and {@code basicdb.randomizedelay} (default true:
 * uniform in [0, delay)) to stand in for a slow store. {@code basicdb.verbose} is ignored: printing
 * every call would measure the terminal.
 */
public final class BasicBindingProvider implements BindingProvider {
  @Override
  public String name() {
    return "basic";
  }

  @Override
  public Set<String> aliases() {
    return Set.of("site.ycsb.BasicDB", "com.yahoo.ycsb.BasicDB");
  }

  @Override
  public String description() {
    return "no-op binding (YCSB's BasicDB): measures the engine; basicdb.simulatedelay=MS adds a delay";
  }

  /**
   * @param delayNanos {@code basicdb.simulatedelay}, given in ms
   * @param randomize {@code basicdb.randomizedelay}: uniform in [0, delay) instead of the full
   *     delay
   */
  record Settings(long delayNanos, boolean randomize) implements BindingSettings {}

  @Override
  public BindingSettings settings(PropertyReader properties, WorkloadSpec workload, Phase phase) {
    double delayMillis = properties.doubleValue("basicdb.simulatedelay", 0, 0, 86_400_000);
    return new Settings(
        (long) (delayMillis * 1e6), properties.bool("basicdb.randomizedelay", true));
  }

  @Override
  public BindingSession open(BindingContext context) {
    Settings s = context.settings(Settings.class);
    return worker -> new Basic(s.delayNanos(), s.randomize(), context.execution().clock());
  }

  /** One per worker; allocation-free. */
  static final class Basic implements Binding {
    private final long delayNanos;
    private final boolean randomize;
    private final SplittableRandom random = new SplittableRandom();
    private final Clock clock;

    Basic(long delayNanos, boolean randomize, Clock clock) {
      this.delayNanos = delayNanos;
      this.randomize = randomize;
      this.clock = clock;
    }

    private Status delayThenOk() {
      if (delayNanos > 0) {
        long d = randomize ? (long) (random.nextDouble() * delayNanos) : delayNanos;
        try {
          clock.sleepNanos(d);
        } catch (InterruptedException e) {
          // the call ends early, as a stopping phase's interrupt asks; the flag stays for the loop
          Thread.currentThread().interrupt();
        }
      }
      return Status.OK;
    }

    @Override
    public Status read(String table, Key key, Fields fields, RowSink result) {
      return delayThenOk();
    }

    @Override
    public Status scan(
        String table, Key startKey, int recordCount, Fields fields, ScanSink result) {
      return delayThenOk();
    }

    @Override
    public Status update(String table, Key key, Values values) {
      return delayThenOk();
    }

    @Override
    public Status insert(String table, Key key, Values values) {
      return delayThenOk();
    }

    @Override
    public Status delete(String table, Key key) {
      return delayThenOk();
    }
  }
}
