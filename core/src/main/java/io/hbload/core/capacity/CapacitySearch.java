package io.hbload.core.capacity;

import com.sun.management.OperatingSystemMXBean;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.ReportLine;
import io.hbload.core.config.Execution;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.SpecException;
import io.hbload.core.exec.PhaseRun;
import io.hbload.core.exec.RunListener;
import io.hbload.core.export.HlogWriter;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.result.RunResult;
import io.hbload.core.source.Workload;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.time.Clock;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The highest rate a system holds under a {@link LatencyBound}: open-loop phases at rising target
 * rates (times {@code stepFactor}) until one breaks the bound, then bisection between the last rate
 * that held and the first that broke until they are within {@code precision} of each other. Each
 * step is a normal engine phase (a {@link PhaseRun} on one binding session for the whole search,
 * with a {@code with...} copy of the run's spec at the step's target, warm-up and measured time),
 * so every figure comes from the engine's histograms, latency measured from each operation's
 * intended start. A step that breaks the bound is run once more and counts as broken only when the
 * repeat breaks it too: one scheduler hiccup on a shared machine does not end a search.
 *
 * <p>The client can be the limit: operations waiting for a free {@code hbload.inflight} slot when
 * that wait is what broke the bound (see {@link #generatorLimit}), an achieved rate well below the
 * offered one while latency held (the pacer fell behind), or this process's CPU near saturation in
 * a step that broke the bound (a step that held shows the client kept up, whatever its CPU). Such a
 * step ends the search with the generator's rate instead of a server capacity, since nothing above
 * it measures the server.
 *
 * <p>Runs on the calling thread; {@link #requestStop} is safe from any other.
 */
public final class CapacitySearch {
  /**
   * An achieved rate below this fraction of the offered one, latency holding, means the generator
   * fell behind.
   */
  static final double BEHIND_FRACTION = 0.9;

  /**
   * Process CPU (over every processor) at or above this: the client has no headroom left to offer
   * more.
   */
  static final double CPU_SATURATED = 0.9;

  /**
   * How the search walks.
   *
   * @param startOpsPerSec the first rate tried; 0 for half of what a short unthrottled probe
   *     achieved
   * @param stepFactor the factor between rates before the first broken one (2: doubling)
   * @param precision bisection ends when (first broken - last held) / last held is at most this
   * @param warmup each step's warm-up (not measured; the server's queue it builds is)
   * @param measured each step's measured time, whole seconds (maxexecutiontime), at least 1
   * @param maxSteps the most phases the search runs, repeats included
   */
  public record Settings(
      double startOpsPerSec,
      double stepFactor,
      double precision,
      Duration warmup,
      Duration measured,
      int maxSteps) {
    public Settings {
      if (!(startOpsPerSec >= 0)
          || !(stepFactor > 1)
          || !(precision > 0)
          || warmup.isNegative()
          || measured.toSeconds() < 1
          || maxSteps < 1) {
        throw new IllegalArgumentException(
            "find-max settings: start >= 0, step factor > 1, precision > 0, warm-up"
                + " >= 0, measured >= 1 s, max steps >= 1; got "
                + this);
      }
    }

    /** Short steps: 1 s warm-up, 5 s measured, doubling, to 5 %, at most 40 phases. */
    public static Settings defaults() {
      return new Settings(0, 2, 0.05, Duration.ofSeconds(1), Duration.ofSeconds(5), 40);
    }
  }

  private final RunSpec spec;
  private final LatencyBound bound;
  private final Settings settings;
  private final PrintStream messages;
  private final PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
  private final ShardExchange exchange;

  /** The spec's clock: the search's own time reads (a step's wall time, for its CPU load). */
  private final Clock clock;

  private final List<CapacityStep> steps = new ArrayList<>();
  private volatile PhaseRun current;
  private volatile boolean stopRequested;

  /** When the next phase starts, for a sharded search; null to start at once. */
  private Instant nextStart;

  /** Phases run, the probe included: the exchange's step numbers. */
  private int phases;

  /** The highest rate that held, the lowest that broke (confirmed) so far; NaN for none. */
  private double held = Double.NaN;

  private double brokenAt = Double.NaN;

  /**
   * @param spec a run phase; its target, operation count, time limit and warm-up are replaced by
   *     each step's
   * @param messages a line per step as it ends, the table at the end
   */
  public CapacitySearch(RunSpec spec, LatencyBound bound, Settings settings, PrintStream messages) {
    this(spec, bound, settings, messages, null);
  }

  /**
   * A search by many clients: this one is {@code exchange}'s shard (the spec's {@code hbload.shard}
   * too), offers its share of each step's rate, and takes every decision on the steps merged from
   * every shard (see {@link ShardExchange}). Every shard prints and returns the same curve.
   *
   * @param exchange null for a search by this client alone
   */
  public CapacitySearch(
      RunSpec spec,
      LatencyBound bound,
      Settings settings,
      PrintStream messages,
      ShardExchange exchange) {
    if (spec.phase() != Phase.RUN) {
      throw new IllegalArgumentException("find-max searches a run phase, not " + spec.phase());
    }
    if (!spec.execution().faults().isEmpty()) {
      // each step would fire the schedule again: a capacity curve under faults is no one curve
      throw SpecException.forProperty(
          PropertyNames.FAULTS, "find-max searches a rate without faults: run --faults on its own");
    }
    if (exchange != null && !exchange.shard().equals(spec.execution().shard())) {
      throw new IllegalArgumentException(
          "the exchange is shard " + exchange.shard() + "'s, the spec " + spec.execution().shard());
    }
    this.spec = spec;
    this.bound = bound;
    this.settings = settings;
    this.messages = messages;
    this.exchange = exchange;
    this.clock = spec.execution().clock();
  }

  /** Runs the search; BindingException when the binding cannot open. */
  public CapacityResult run() throws BindingException {
    try {
      CapacityResult result = searchOnASession();
      if (exchange != null && stopRequested) {
        exchange.stop("interrupted");
      }
      return result;
    } catch (ShardExchangeException e) {
      if (!steps.isEmpty()) {
        stopped().table().forEach(messages::println); // the curve measured together so far
      }
      exchange.stop(e.getMessage());
      throw e;
    } catch (BindingException | RuntimeException | Error e) {
      if (exchange != null) {
        // the other shards end now, not at their deadline
        exchange.stop("shard " + exchange.shard() + " failed: " + e);
      }
      throw e;
    }
  }

  private CapacityResult searchOnASession() throws BindingException {
    messages.println(
        "hbload: find-max: each step warms up "
            + seconds(settings.warmup())
            + ", then measures "
            + seconds(settings.measured()));
    if (spec.provenance().sets(PropertyNames.OPERATION_COUNT)) {
      // a step's length is its time, so that every step's figures weigh alike
      messages.println(
          "hbload: find-max: operationcount "
              + spec.workload().operationCount()
              + " is ignored: each step runs for its measured time");
    }
    Workload<?, ?> session = spec.binding().open(spec.bindingContext(messages));
    try {
      if (session.session().loadBeforeRun()) {
        RunSpec load = SpecParser.loadBefore(spec);
        messages.println(
            "hbload: find-max: the store starts empty: loading "
                + load.execution().operations()
                + " records first, once for every step");
        new PhaseRun(load, session, new RunListener() {}, quiet, false).execute();
      }
      if (exchange != null) {
        messages.println(
            "hbload: find-max: shard "
                + exchange.shard()
                + " waiting for the other shards to join");
        nextStart = exchange.join(fingerprint(), () -> stopRequested);
      }
      CapacityResult result = nextStart == null && exchange != null ? stopped() : search(session);
      result.table().forEach(messages::println);
      return result;
    } finally {
      session.session().close();
    }
  }

  private static String seconds(Duration d) {
    return LatencyBound.trim(d.toMillis() / 1000.0) + " s";
  }

  /** What every shard must search alike, as text. */
  private String fingerprint() {
    return bound.text() + " " + settings + " shards " + exchange.shard().count();
  }

  /** The curve so far, when the search ends before its precision. */
  private CapacityResult stopped() {
    return new CapacityResult(
        bound.text(),
        held,
        brokenAt,
        Double.NaN,
        steps,
        "stopped before the search ended",
        shards(),
        settings);
  }

  /** Stops the running step and the search after it; safe from any thread. */
  public void requestStop(String reason) {
    stopRequested = true;
    PhaseRun phase = current;
    if (phase != null) {
      phase.requestStop(reason);
    }
  }

  private CapacityResult search(Workload<?, ?> session) {
    double rate = settings.startOpsPerSec() > 0 ? settings.startOpsPerSec() : probe(session) / 2;
    if (Double.isNaN(rate)) {
      return stopped(); // stopped while the shards exchanged the probe
    }
    String note = null;
    while (true) {
      if (stopRequested) {
        note = "stopped before the search ended";
        break;
      }
      if (steps.size() >= settings.maxSteps()) {
        note = "stopped after " + settings.maxSteps() + " phases, before reaching the precision";
        break;
      }
      CapacityStep step = measure(session, rate, false);
      if (step != null
          && !step.held()
          && step.generatorLimit() == null
          && steps.size() < settings.maxSteps()) {
        step = measure(session, rate, true); // confirmed only when the repeat breaks it too
      }
      if (step == null) {
        note = "stopped before the search ended";
        break;
      }
      if (step.generatorLimit() != null) {
        return new CapacityResult(
            bound.text(),
            held,
            brokenAt,
            step.achievedOpsPerSec(),
            steps,
            "generator limit",
            shards(),
            settings);
      }
      if (step.held()) {
        held = rate;
      } else {
        brokenAt = rate;
      }
      if (!Double.isNaN(held) && !Double.isNaN(brokenAt)) {
        if ((brokenAt - held) / held <= settings.precision()) {
          break;
        }
        rate = (held + brokenAt) / 2;
      } else if (Double.isNaN(brokenAt)) {
        rate = held * settings.stepFactor();
      } else {
        rate = brokenAt / settings.stepFactor();
        if (rate < 1) {
          note = "no rate of 1 ops/s or more held the bound";
          break;
        }
      }
    }
    return new CapacityResult(
        bound.text(), held, brokenAt, Double.NaN, steps, note, shards(), settings);
  }

  /** How many clients offer each step together. */
  private int shards() {
    return exchange == null ? 1 : exchange.shard().count();
  }

  /** A short unthrottled phase: what the closed loop achieves, from which the first step starts. */
  private double probe(Workload<?, ?> session) {
    Together t = together(session, 0);
    if (t == null) {
      return Double.NaN;
    }
    RunResult r = t.merged();
    messages.println(
        String.format(
            Locale.ROOT,
            "hbload: find-max: unthrottled probe achieved %.0f ops/s",
            r.throughputOpsPerSec()));
    if (!(r.throughputOpsPerSec() >= 2)) {
      throw new SpecException(
          "--find-max: the unthrottled probe completed "
              + r.operations()
              + " operations: nothing to search from (give a starting rate)");
    }
    return r.throughputOpsPerSec();
  }

  /**
   * One step at {@code rate}: its phase, judged against the bound and for the generator's limit.
   */
  private CapacityStep measure(Workload<?, ?> session, double rate, boolean repeat) {
    Together t = together(session, rate);
    if (t == null) {
      return null;
    }
    RunResult r = t.merged();
    Histogram intended = LatencyBound.latencies(r, null, false);
    Histogram service = LatencyBound.latencies(r, null, true);
    long[] i = new long[CapacityStep.PERCENTILES.length];
    long[] s = new long[CapacityStep.PERCENTILES.length];
    for (int k = 0; k < i.length; k++) {
      i[k] = intended.getValueAtPercentile(CapacityStep.PERCENTILES[k]);
      s[k] = service.getValueAtPercentile(CapacityStep.PERCENTILES[k]);
    }
    String broken = bound.broken(r);
    boolean serverHeld = broken == null || bound.onServiceTime().broken(r) == null;
    double achieved = r.throughputOpsPerSec();
    String limit = null;
    double cpuLoad = -1;
    long slotWaited = 0;
    for (ShardExchange.ShardFigures f : t.shards()) {
      String why =
          generatorLimit(
              f.slotWaits(),
              f.operations(),
              bound.intendedTailFraction(),
              broken == null,
              serverHeld,
              f.offeredOpsPerSec(),
              f.achievedOpsPerSec(),
              f.cpuLoad());
      slotWaited += f.slotWaits();
      if (limit == null && why != null) {
        // any one shard that could not offer its share leaves the step short of its rate
        limit = t.shards().size() > 1 ? "shard " + f.shard() + ": " + why : why;
      }
      cpuLoad = Math.max(cpuLoad, f.cpuLoad());
    }
    CapacityStep step =
        new CapacityStep(
            rate,
            achieved,
            r.operations(),
            i,
            s,
            LatencyBound.errorFraction(r),
            broken,
            repeat,
            limit,
            cpuLoad,
            slotWaited);
    steps.add(step);
    messages.println(
        String.format(
                Locale.ROOT,
                "hbload: find-max step %d: offered %.0f ops/s, achieved %.0f, intended p99 %.2f ms, service p99 %.2f ms: %s%s",
                steps.size(),
                rate,
                achieved,
                i[1] / 1e6,
                s[1] / 1e6,
                step.verdict(),
                repeat ? " (repeat)" : "")
            + (slotWaited > 0 ? "; " + step.slotWaitText() : "")
            + shardsNote(r, t.shards().size()));
    return step;
  }

  /**
   * For a step of many shards: how many, and how late the latest started after the agreed instant
   * (their load overlaps only when that is small against the step).
   */
  private static String shardsNote(RunResult merged, int shards) {
    if (shards < 2) {
      return "";
    }
    Object late = "?";
    for (ReportLine line : merged.extra()) {
      if (line.metric().equals("SHARDS") && line.measurement().equals("MaxStartLate(ms)")) {
        late = line.value();
      }
    }
    return " [" + shards + " shards, the latest started " + late + " ms late]";
  }

  /**
   * One phase at {@code rate} (0: unthrottled), by this client alone or by every shard together:
   * the result to judge (merged from every shard's log) and each client's own figures. Null when
   * the search was stopped while the shards exchanged their files.
   */
  private Together together(Workload<?, ?> session, double rate) {
    long cpuBefore = processCpuNanos();
    long wallBefore = clock.nanoTime();
    if (exchange == null) {
      RunResult r = phase(session, rate, null);
      double cpuLoad = cpuLoad(cpuBefore, wallBefore, clock.nanoTime());
      return new Together(
          r,
          List.of(
              new ShardExchange.ShardFigures(
                  0, rate, r.throughputOpsPerSec(), slotWaits(r), r.operations(), cpuLoad, 0, 0)));
    }
    int step = ++phases;
    Instant start = nextStart;
    RunResult r;
    try (HlogWriter log = new HlogWriter(exchange.stepLog(step))) {
      r = phase(session, rate, log);
    } catch (IOException e) {
      throw new UncheckedIOException("find-max: " + e.getMessage(), e);
    }
    if (stopRequested) {
      return null; // a step cut short is no one's figure: the others stop at this shard's file
    }
    exchange.publish(
        step,
        new ShardExchange.ShardFigures(
            exchange.shard().index(),
            r.spec().execution().targetOpsPerSec(),
            r.throughputOpsPerSec(),
            slotWaits(r),
            r.operations(),
            cpuLoad(cpuBefore, wallBefore, clock.nanoTime()),
            start.toEpochMilli(),
            0));
    Execution e = spec.execution();
    long deadline =
        start.toEpochMilli()
            + settings.warmup().toMillis()
            + settings.measured().toMillis()
            + TimeUnit.SECONDS.toMillis(e.stopGraceSeconds())
            + exchange.waitMillis();
    ShardExchange.MergedStep merged = exchange.gather(step, start, deadline, () -> stopRequested);
    if (merged == null) {
      return null;
    }
    nextStart = merged.nextStart();
    return new Together(merged.merged(), merged.shards());
  }

  /** A phase's result to judge and each client's own figures, by shard index. */
  private record Together(RunResult merged, List<ShardExchange.ShardFigures> shards) {}

  /**
   * This process's CPU since {@code cpuBefore}, over the wall time from {@code wallBefore} to
   * {@code wallNow} and every processor. On a virtual clock, whose time is not the CPU's, it is not
   * measured (-1).
   */
  private double cpuLoad(long cpuBefore, long wallBefore, long wallNow) {
    long cpu = processCpuNanos();
    return cpuBefore < 0 || cpu < 0 || clock != Clock.system()
        ? -1
        : (cpu - cpuBefore)
            / ((double) (wallNow - wallBefore) * Runtime.getRuntime().availableProcessors());
  }

  /** Operations that came due with every {@code hbload.inflight} slot busy. */
  private static long slotWaits(RunResult r) {
    long slotWaits = 0;
    for (ReportLine line : r.extra()) {
      if (line.metric().equals("OPEN-LOOP")
          && line.measurement().equals("SlotWaits")
          && line.value() instanceof Number n) {
        slotWaits = n.longValue();
      }
    }
    return slotWaits;
  }

  /**
   * Why one client, not the server, limited this step; null when it kept up.
   *
   * <p>Operations that waited for a free {@code hbload.inflight} slot went out late, and their
   * latency from the intended start holds that wait; the bound is on that latency, so the waits are
   * judged by what they did to it, not by whether there were any (one wait in 60,000 operations
   * ended searches on an embedded HBase that held the bound). They are the generator's limit only
   * when all of these hold:
   *
   * <ul>
   *   <li>the step broke the bound: a step that held did so with every wait counted against it, so
   *       the client cost it nothing (the same reason CPU is judged only in a step that broke);
   *   <li>the bound judged on service time holds ({@code serverHeld}): service time is what the
   *       server took from when each call went out, without the wait for a slot, so when it breaks
   *       the bound too the server broke it by itself;
   *   <li>at least the bound's tail of the operations waited ({@code tailFraction}: 1 % for {@code
   *       p99}, 0.1 % for {@code p99.9}): fewer cannot fill the tail above the percentile by
   *       themselves, so operations that never waited for a slot are over the bound too, and more
   *       slots would not have kept it.
   * </ul>
   *
   * @param slotWaits this client's measured operations that waited for a slot
   * @param operations this client's measured operations
   */
  static String generatorLimit(
      long slotWaits,
      long operations,
      double tailFraction,
      boolean held,
      boolean serverHeld,
      double offered,
      double achieved,
      double cpuLoad) {
    if (!held && serverHeld && slotWaits > 0 && slotWaits >= tailFraction * operations) {
      return CapacityStep.slotWaitText(slotWaits, operations)
          + " (every hbload.inflight slot busy), and the bound holds on service time:"
          + " the wait for a slot broke it";
    }
    if (held && achieved < BEHIND_FRACTION * offered) {
      return String.format(
          Locale.ROOT,
          "achieved %.0f of %.0f ops/s offered while latency held: the client fell"
              + " behind its schedule",
          achieved,
          offered);
    }
    // CPU explains a step that broke the bound, never one that held it: a step that held at its
    // rate shows the client kept up, whatever its JVM (JIT compilation at the start, other threads)
    // cost
    if (!held && cpuLoad >= CPU_SATURATED) {
      return String.format(
          Locale.ROOT, "client process CPU at %.0f %% of every processor", cpuLoad * 100);
    }
    return null;
  }

  /**
   * One engine phase at this target (0: unthrottled) for every shard together, of which this client
   * offers its share, warm-up then the measured time, starting at {@link #nextStart} (at once when
   * null); {@code log} (or null) gets its intervals.
   */
  private RunResult phase(Workload<?, ?> session, double rate, RunListener log) {
    Execution e =
        spec.execution().toBuilder()
            .runTargetOpsPerSec(rate)
            .operations(0)
            .warmup(settings.warmup())
            .maxExecutionTimeSeconds(settings.measured().toSeconds())
            .startAt(nextStart)
            .build();
    PhaseRun phase =
        new PhaseRun(
            spec.withExecution(e), session, log == null ? new RunListener() {} : log, quiet, true);
    current = phase;
    if (stopRequested) {
      phase.requestStop("stopped");
    }
    try {
      return phase.execute();
    } finally {
      current = null;
    }
  }

  /** This process's CPU time in nanoseconds, -1 when the JVM does not say. */
  private static long processCpuNanos() {
    try {
      return ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class).getProcessCpuTime();
    } catch (IllegalArgumentException notThisJvm) {
      return -1;
    }
  }
}
