package io.hbload.core;

import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingKind;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.capacity.CapacityResult;
import io.hbload.core.capacity.CapacitySearch;
import io.hbload.core.capacity.LatencyBound;
import io.hbload.core.capacity.ShardExchange;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.RateSchedule;
import io.hbload.core.launch.Launcher;
import io.hbload.core.parse.RunSpecBuilder;
import io.hbload.core.result.RunResult;
import io.hbload.core.source.WorkloadType;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.time.Clock;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * The Java API: describe a run fluently, run it against a binding, assert on the {@link RunResult}.
 *
 * <pre>{@code
 * RunResult r = Hbload.workload("a").binding("memory").recordCount(10_000)
 *     .threads(2).duration(Duration.ofSeconds(5)).run();
 * assertThat(r.errorCount()).isZero();
 * assertThat(r.op("READ").p99Micros()).isLessThan(5_000);
 * }</pre>
 *
 * It builds the same {@link RunSpec} the CLI builds (through the same properties and parser) and
 * launches it the same way ({@link Launcher}), so {@link #json} and {@link #hlog} write what {@code
 * --json} and {@code --hlog} do. Not thread-safe; one builder per run, though {@link #load()} then
 * {@link #run()} on the same builder is the usual pair.
 */
public final class Hbload {
  /** The longest duration: {@code maxexecutiontime} is counted in nanoseconds in a long. */
  private static final long MAX_SECONDS = Long.MAX_VALUE / 1_000_000_000L;

  private final RunSpecBuilder builder = new RunSpecBuilder();
  private BindingProvider provider;

  /** A workload with clients of its own, with the binding kind that parses its settings. */
  private BindingKind kind;

  private WorkloadType workloadType;
  private PrintStream messages = new PrintStream(OutputStream.nullOutputStream());

  private Hbload() {}

  /**
   * An argument the engine would only trip over later, in a thread or a parser far from the call:
   * refused here.
   */
  private static <T> T notNull(String argument, T value) {
    if (value == null) {
      throw new IllegalArgumentException(argument + " is null");
    }
    return value;
  }

  /** A bundled workload: a, b, c, d, e, f, updateonly, mixgraph or mixgraph_allrandom. */
  public static Hbload workload(String name) {
    Hbload h = new Hbload();
    notNull("name", name);
    h.builder.workload(name);
    return h;
  }

  /** A YCSB workload file. */
  public static Hbload workloadFile(Path file) {
    Hbload h = new Hbload();
    notNull("file", file);
    h.builder.workloadFile(file);
    return h;
  }

  public Hbload binding(String nameOrClass) {
    if (notNull("nameOrClass", nameOrClass).isBlank()) {
      throw new IllegalArgumentException(
          "nameOrClass is blank: name a binding (e.g. hbase, basic, memory)");
    }
    builder.binding(nameOrClass);
    provider = null;
    kind = null;
    return this;
  }

  /** A provider instance, e.g. one wired to a test's cluster. */
  public Hbload binding(BindingProvider bindingProvider) {
    builder.binding(notNull("bindingProvider", bindingProvider).name());
    provider = bindingProvider;
    kind = null;
    return this;
  }

  /**
   * A workload with clients and calls of its own instead of YCSB's CoreWorkload on a binding (as
   * hbload pe's commands are): {@code kind} parses its settings, {@code workload} opens its {@link
   * io.hbload.core.source.Workload}, whose typed steps the engine runs on either loop and records
   * under their measures.
   */
  public Hbload workload(BindingKind kind, WorkloadType workload) {
    builder.binding(notNull("kind", kind).name());
    this.kind = kind;
    this.workloadType = notNull("workload", workload);
    provider = null;
    return this;
  }

  public Hbload property(String key, String value) {
    builder.property(notNull("key", key), notNull("value of " + key, value));
    return this;
  }

  public Hbload properties(Map<String, String> properties) {
    notNull("properties", properties)
        .forEach((k, v) -> notNull("value of " + notNull("a key of properties", k), v));
    builder.properties(properties);
    return this;
  }

  public Hbload threads(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, got " + threads);
    }
    builder.threads(threads);
    return this;
  }

  public Hbload target(double opsPerSecond) {
    if (!(opsPerSecond >= 0) || Double.isInfinite(opsPerSecond)) {
      throw new IllegalArgumentException(
          "opsPerSecond must be a finite rate >= 0 (0: as fast as possible), got " + opsPerSecond);
    }
    builder.target(opsPerSecond);
    return this;
  }

  /**
   * A target rate that changes over time, as {@code -target} takes it: steps {@code
   * "1000@60s,2000@60s"}, {@code "ramp:100..5000/10m"}, {@code "sine:mean=2000,amp=1500,period=1h"}
   * or {@code "@rates.csv"} (or a plain number). Checked when the spec is built.
   */
  public Hbload target(String schedule) {
    builder.target(notNull("schedule", schedule));
    return this;
  }

  /** A schedule built in code; see {@link RateSchedule}. */
  public Hbload target(RateSchedule schedule) {
    builder.target(notNull("schedule", schedule));
    return this;
  }

  /**
   * Divides every time of the target schedule ({@code --time-scale}): 24 plays a day's curve in an
   * hour.
   */
  public Hbload timeScale(double factor) {
    if (!(factor > 0) || Double.isInfinite(factor)) {
      throw new IllegalArgumentException("factor must be a finite number above 0, got " + factor);
    }
    builder.timeScale(factor);
    return this;
  }

  /**
   * Judges every interval against a latency objective ({@code --slo}), e.g. {@code "p99<10ms"}: the
   * report names the first interval that breaks it and the rate asked for then.
   */
  public Hbload slo(String objective) {
    builder.property(PropertyNames.SLO, notNull("objective", objective));
    return this;
  }

  public Hbload recordCount(long records) {
    if (records < 0) {
      throw new IllegalArgumentException("records must be >= 0, got " + records);
    }
    builder.recordCount(records);
    return this;
  }

  public Hbload operationCount(long operations) {
    if (operations < 0) {
      throw new IllegalArgumentException(
          "operations must be >= 0 (0: until the duration ends), got " + operations);
    }
    builder.operationCount(operations);
    return this;
  }

  public Hbload duration(Duration duration) {
    if (notNull("duration", duration).isNegative() || duration.isZero()) {
      throw new IllegalArgumentException("duration must be positive, got " + duration);
    }
    if (duration.getSeconds() >= MAX_SECONDS) { // maxexecutiontime counts nanoseconds in a long
      throw new IllegalArgumentException(
          "duration must be under " + MAX_SECONDS + " s, got " + duration);
    }
    builder.duration(duration);
    return this;
  }

  /**
   * Injects faults beside the run, as {@code --faults} does: {@code "at 5s restart-regionserver;
   * every 60s flush"} or {@code "@FILE"}; the report then says what each cost. Checked when the
   * spec is built.
   */
  public Hbload faults(String schedule) {
    builder.property(PropertyNames.FAULTS, notNull("schedule", schedule));
    return this;
  }

  /**
   * With {@link #faults}: a fault not recovered this long after its injection fails the run's
   * recovery gate ({@link io.hbload.core.launch.Launcher.Outcome#slowRecoveries}), as {@code
   * --fail-if-recovery-exceeds} does.
   */
  public Hbload failIfRecoveryExceeds(Duration limit) {
    if (notNull("limit", limit).isNegative()) {
      throw new IllegalArgumentException("limit must be >= 0, got " + limit);
    }
    builder.property(PropertyNames.FAULT_RECOVERY_LIMIT, limit.toMillis() + "ms");
    return this;
  }

  /**
   * Audits the acknowledged writes, as {@code --verify} does: every write the store acknowledged is
   * remembered and read back after the run; what was found is {@code
   * result.figure(AuditReport.class)} ({@link io.hbload.core.audit.AuditReport}), a lost or changed
   * write {@link io.hbload.core.launch.Launcher.Outcome#auditFailure}. Checked when the spec is
   * built: the binding must read back what it wrote.
   */
  public Hbload verify() {
    builder.property(PropertyNames.VERIFY, "true");
    return this;
  }

  public Hbload seed(long seed) {
    builder.seed(seed);
    return this;
  }

  public Hbload dataIntegrity(boolean verify) {
    builder.dataIntegrity(verify);
    return this;
  }

  /** Writes hbload's JSON result here, as {@code --json} does. */
  public Hbload json(Path file) {
    builder.json(notNull("file", file));
    return this;
  }

  /** Writes a tagged HdrHistogram interval log here, as {@code --hlog} does. */
  public Hbload hlog(Path file) {
    builder.hlog(notNull("file", file));
    return this;
  }

  /** Where banners and (with {@code status(true)}) status lines go; silent by default. */
  public Hbload messages(PrintStream stream) {
    messages = notNull("stream", stream);
    return this;
  }

  public Hbload status(boolean status) {
    builder.status(status);
    return this;
  }

  /**
   * Runs on this clock instead of the system's: with an {@link io.hbload.core.time.EventClock} (the
   * calling thread joined to it, e.g. by {@link io.hbload.core.time.EventClock#run}), a phase of
   * minutes against a binding that waits on the same clock runs in milliseconds, the same way every
   * time.
   */
  public Hbload clock(Clock clock) {
    builder.clock(notNull("clock", clock));
    return this;
  }

  /** The spec for a phase, as the CLI would build it. */
  public RunSpec spec(Phase phase) {
    if (kind != null) {
      return builder.build(phase, kind, workloadType);
    }
    return provider != null ? builder.build(phase, provider) : builder.build(phase);
  }

  /** Runs the load phase (inserts the records). */
  public RunResult load() {
    return execute(spec(Phase.LOAD));
  }

  /** Runs the transaction phase (loading first if the store starts empty). */
  public RunResult run() {
    return execute(spec(Phase.RUN));
  }

  /**
   * Searches the highest rate the run phase holds under {@code bound} (e.g. {@code p99<10ms}), as
   * {@code hbload run --find-max} does: steps of this spec at rising then bisected targets; the
   * curve goes to {@link #messages}.
   */
  public CapacityResult findMax(String bound, CapacitySearch.Settings settings) {
    return findMax(bound, settings, null);
  }

  /**
   * {@link #findMax(String, CapacitySearch.Settings)} by many clients, as {@code hbload run
   * --find-max --shard I/N --find-max-exchange DIR} does: this one is the shard the properties name
   * ({@code hbload.shard}), offers its share of each step's rate, and every shard decides on the
   * steps merged from all of them through {@code exchange}, a directory they all read and write
   * (see {@link ShardExchange}); null for a search by this client alone.
   */
  public CapacityResult findMax(String bound, CapacitySearch.Settings settings, Path exchange) {
    LatencyBound parsed = LatencyBound.parse(notNull("bound", bound));
    RunSpec spec = spec(Phase.RUN);
    ShardExchange shards =
        exchange == null
            ? null
            : new ShardExchange(
                exchange,
                spec.execution().shard(),
                ShardExchange.DEFAULT_WAIT,
                spec.execution().clock());
    try {
      return new CapacitySearch(spec, parsed, notNull("settings", settings), messages, shards)
          .run();
    } catch (BindingException e) {
      throw new HbloadException(e.getMessage(), e);
    }
  }

  /**
   * Launches as the CLI does (same status lines, hlog and JSON outputs), without printing YCSB's
   * report.
   */
  private RunResult execute(RunSpec spec) {
    try {
      // the spec holds the provider: the one given here, or the one db names
      return new Launcher(spec, messages, null).launch().result();
    } catch (BindingException e) {
      throw new HbloadException(e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
