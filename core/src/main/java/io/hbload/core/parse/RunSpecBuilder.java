package io.hbload.core.parse;

import io.hbload.core.binding.BindingKind;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.PropertySources;
import io.hbload.core.config.RateSchedule;
import io.hbload.core.source.WorkloadType;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.time.Clock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Builds a {@link RunSpec} in code with the same {@link SpecParser} the CLI uses, so the Java API
 * and the command line cannot drift apart: same defaults, same checks, same one-line messages.
 * Later settings win, and settings win over workload files, as on YCSB's command line. A typed
 * setter hands the parser its value as it is (never a string to parse back) and renders it once as
 * the property it stands for: the merged properties are the run's provenance (result documents and
 * the hlog echo them, and a merge rebuilds the spec from the hlog's properties), so every setting
 * is one there. Not thread-safe.
 */
public final class RunSpecBuilder {
  private final PropertySources sources = new PropertySources();
  private Clock clock;

  /**
   * Starts from a bundled workload: a, b, c, d, e, f, updateonly, mixgraph or mixgraph_allrandom.
   */
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
    return value(PropertyNames.THREADS, threads);
  }

  /** The whole run's target rate, over every shard ({@code target}); 0 = as fast as possible. */
  public RunSpecBuilder target(double opsPerSecond) {
    return value(PropertyNames.TARGET, opsPerSecond);
  }

  /**
   * The whole run's target as {@code -target} takes it: a rate or a schedule ({@link
   * io.hbload.core.config.RateScheduleParser}), parsed with the rest of the spec.
   */
  public RunSpecBuilder target(String schedule) {
    return property(PropertyNames.TARGET, schedule);
  }

  /** A schedule made in code, handed to the parser as it is. */
  public RunSpecBuilder target(RateSchedule schedule) {
    return value(PropertyNames.TARGET, schedule, schedule.text());
  }

  /** Divides every time of the target schedule ({@code hbload.timescale}). */
  public RunSpecBuilder timeScale(double factor) {
    return value(PropertyNames.TIME_SCALE, factor);
  }

  public RunSpecBuilder recordCount(long records) {
    return value(PropertyNames.RECORD_COUNT, records);
  }

  public RunSpecBuilder operationCount(long operations) {
    return value(PropertyNames.OPERATION_COUNT, operations);
  }

  /** Runs for this long instead of a fixed operation count (whole seconds, rounded up). */
  public RunSpecBuilder duration(Duration duration) {
    long seconds = Math.max(1, (duration.toMillis() + 999) / 1000);
    value(PropertyNames.OPERATION_COUNT, 0L);
    // rendered as YCSB's whole seconds, as a script would give it
    sources.set(
        PropertyNames.MAX_EXECUTION_TIME, Duration.ofSeconds(seconds), Long.toString(seconds));
    return this;
  }

  public RunSpecBuilder seed(long seed) {
    return value(PropertyNames.SEED, seed);
  }

  public RunSpecBuilder dataIntegrity(boolean verify) {
    return value(PropertyNames.DATA_INTEGRITY, verify);
  }

  public RunSpecBuilder status(boolean status) {
    return value(PropertyNames.STATUS, status);
  }

  /** hbload's JSON result file ({@code hbload.json}). */
  public RunSpecBuilder json(Path file) {
    return value(PropertyNames.JSON_FILE, file);
  }

  /** The tagged HdrHistogram interval log ({@code hbload.hlog}). */
  public RunSpecBuilder hlog(Path file) {
    return value(PropertyNames.HLOG_FILE, file);
  }

  /** A typed setting, its property rendered once, for the provenance. */
  private RunSpecBuilder value(String key, Object value) {
    return value(key, value, String.valueOf(value));
  }

  private RunSpecBuilder value(String key, Object value, String rendering) {
    sources.set(key, value, rendering);
    return this;
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
    return onClock(SpecParser.parse(sources, phase, (BindingProvider) null));
  }

  /** {@link #build(Phase)} for a binding given as an instance rather than by name. */
  public RunSpec build(Phase phase, BindingProvider provider) {
    return onClock(SpecParser.parse(sources, phase, provider));
  }

  /**
   * {@link #build(Phase)} for a workload with clients of its own: {@code kind} parses its settings,
   * {@code workload} opens it.
   */
  public RunSpec build(Phase phase, BindingKind kind, WorkloadType workload) {
    return onClock(SpecParser.parse(sources, phase, kind, workload));
  }

  private RunSpec onClock(RunSpec spec) {
    return clock == null ? spec : spec.withClock(clock);
  }
}
