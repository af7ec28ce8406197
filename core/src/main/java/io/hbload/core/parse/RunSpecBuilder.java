package io.hbload.core.parse;

import io.hbload.core.binding.BindingProvider;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.PropertySources;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.time.Clock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Builds a {@link RunSpec} in code by setting the same properties the CLI sets, then parsing them
 * with the same {@link SpecParser}: the Java API and the command line cannot drift apart. Later
 * settings win, and settings win over workload files, as on YCSB's command line. Typed arguments
 * become property strings rather than values set on the spec: the merged properties are the run's
 * provenance (result documents and the hlog echo them, and a merge rebuilds the spec from the
 * hlog's properties), so a setting that is not a property would be lost there. Not thread-safe.
 */
public final class RunSpecBuilder {
  private final PropertySources sources = new PropertySources();
  private Clock clock;

  /** Starts from a bundled workload: a, b, c, d, e, f or updateonly. */
  public RunSpecBuilder workload(String name) {
    sources.bundled(name);
    return this;
  }

  /** Adds a YCSB workload file, as {@code -P}. */
  public RunSpecBuilder workloadFile(Path file) {
    sources.file(file);
    return this;
  }

  public RunSpecBuilder property(String key, String value) {
    sources.set(key, value);
    return this;
  }

  public RunSpecBuilder properties(Map<String, String> properties) {
    properties.forEach(sources::set);
    return this;
  }

  public RunSpecBuilder binding(String nameOrClass) {
    return property(PropertyNames.DB, nameOrClass);
  }

  public RunSpecBuilder threads(int threads) {
    return property(PropertyNames.THREADS, Integer.toString(threads));
  }

  /** Whole-client target rate; 0 = as fast as possible. */
  public RunSpecBuilder target(double opsPerSecond) {
    return property(PropertyNames.TARGET, Double.toString(opsPerSecond));
  }

  public RunSpecBuilder recordCount(long records) {
    return property(PropertyNames.RECORD_COUNT, Long.toString(records));
  }

  public RunSpecBuilder operationCount(long operations) {
    return property(PropertyNames.OPERATION_COUNT, Long.toString(operations));
  }

  /** Runs for this long instead of a fixed operation count (whole seconds, rounded up). */
  public RunSpecBuilder duration(Duration duration) {
    long seconds = Math.max(1, (duration.toMillis() + 999) / 1000);
    property(PropertyNames.OPERATION_COUNT, "0");
    return property(PropertyNames.MAX_EXECUTION_TIME, Long.toString(seconds));
  }

  public RunSpecBuilder seed(long seed) {
    return property(PropertyNames.SEED, Long.toString(seed));
  }

  public RunSpecBuilder dataIntegrity(boolean verify) {
    return property(PropertyNames.DATA_INTEGRITY, Boolean.toString(verify));
  }

  public RunSpecBuilder status(boolean status) {
    return property(PropertyNames.STATUS, Boolean.toString(status));
  }

  /** hbload's JSON result file ({@code hbload.json}). */
  public RunSpecBuilder json(Path file) {
    return property(PropertyNames.JSON_FILE, file.toString());
  }

  /** The tagged HdrHistogram interval log ({@code hbload.hlog}). */
  public RunSpecBuilder hlog(Path file) {
    return property(PropertyNames.HLOG_FILE, file.toString());
  }

  /** The merged properties so far. */
  public Map<String, String> properties() {
    return sources.merge();
  }

  /**
   * The clock the run reads and waits on, {@link Clock#system()} unless set: a test's {@link
   * io.hbload.core.time.EventClock} runs the phase on virtual time. Not a property, unlike every
   * other setting: it says where time comes from, not what was run, so it has no place in the run's
   * provenance.
   */
  public RunSpecBuilder clock(Clock clock) {
    if (clock == null) {
      throw new IllegalArgumentException("clock is null");
    }
    this.clock = clock;
    return this;
  }

  /** Parses and validates; throws {@link SpecException} listing every problem. */
  public RunSpec build(Phase phase) {
    return onClock(SpecParser.parse(sources.merge(), phase));
  }

  /** {@link #build(Phase)} for a binding given as an instance rather than by name. */
  public RunSpec build(Phase phase, BindingProvider provider) {
    return onClock(SpecParser.parse(sources.merge(), phase, provider));
  }

  private RunSpec onClock(RunSpec spec) {
    return clock == null
        ? spec
        : spec.withExecution(spec.execution().toBuilder().clock(clock).build());
  }
}
