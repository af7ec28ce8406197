package io.hbload.core.capacity;

import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.ReportLine;
import io.hbload.core.config.Execution;
import io.hbload.core.config.Phase;
import io.hbload.core.exec.PhaseRun;
import io.hbload.core.exec.RunListener;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.result.RunResult;
import io.hbload.core.spec.RunSpec;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 * <p>The client can be the limit: operations waiting for a free {@code hbload.inflight} slot, an
 * achieved rate well below the offered one while latency held (the pacer fell behind), or this
 * process's CPU near saturation in a step that broke the bound (a step that held shows the client
 * kept up, whatever its CPU). Such a step ends the search with the generator's rate instead of a
 * server capacity, since nothing above it measures the server.
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
  private final List<CapacityStep> steps = new ArrayList<>();
  private volatile PhaseRun current;
  private volatile boolean stopRequested;

  /**
   * @param spec a run phase; its target, operation count, time limit and warm-up are replaced by
   *     each step's
   * @param messages a line per step as it ends, the table at the end
   */
  public CapacitySearch(RunSpec spec, LatencyBound bound, Settings settings, PrintStream messages) {
    if (spec.phase() != Phase.RUN) {
      throw new IllegalArgumentException("find-max searches a run phase, not " + spec.phase());
    }
    this.spec = spec;
    this.bound = bound;
    this.settings = settings;
    this.messages = messages;
  }

  /** Runs the search; BindingException when the binding cannot open. */
  public CapacityResult run() throws BindingException {
    BindingSession session = spec.binding().provider().open(spec.bindingContext(messages));
    try {
      if (session.loadBeforeRun()) {
        RunSpec load = SpecParser.loadBefore(spec);
        messages.println(
            "hbload: find-max: the store starts empty: loading "
                + load.execution().operations()
                + " records first, once for every step");
        new PhaseRun(load, session, new RunListener() {}, quiet, false).execute();
      }
      CapacityResult result = search(session);
      result.table().forEach(messages::println);
      return result;
    } finally {
      session.close();
    }
  }

  /** Stops the running step and the search after it; safe from any thread. */
  public void requestStop(String reason) {
    stopRequested = true;
    PhaseRun phase = current;
    if (phase != null) {
      phase.requestStop(reason);
    }
  }

  private CapacityResult search(BindingSession session) {
    double rate = settings.startOpsPerSec() > 0 ? settings.startOpsPerSec() : probe(session) / 2;
    double held = Double.NaN;
    double brokenAt = Double.NaN;
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
      if (!step.held() && step.generatorLimit() == null && steps.size() < settings.maxSteps()) {
        step = measure(session, rate, true); // confirmed only when the repeat breaks it too
      }
      if (step.generatorLimit() != null) {
        return new CapacityResult(
            bound.text(), held, brokenAt, step.achievedOpsPerSec(), steps, "generator limit");
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
    return new CapacityResult(bound.text(), held, brokenAt, Double.NaN, steps, note);
  }

  /** A short unthrottled phase: what the closed loop achieves, from which the first step starts. */
  private double probe(BindingSession session) {
    RunResult r = phase(session, 0);
    messages.println(
        String.format(
            Locale.ROOT,
            "hbload: find-max: unthrottled probe achieved %.0f ops/s",
            r.throughputOpsPerSec()));
    if (!(r.throughputOpsPerSec() >= 2)) {
      throw new io.hbload.core.config.SpecException(
          "--find-max: the unthrottled probe completed "
              + r.operations()
              + " operations: nothing to search from (give a starting rate)");
    }
    return r.throughputOpsPerSec();
  }

  /**
   * One step at {@code rate}: its phase, judged against the bound and for the generator's limit.
   */
  private CapacityStep measure(BindingSession session, double rate, boolean repeat) {
    long cpuBefore = processCpuNanos();
    long wallBefore = System.nanoTime();
    RunResult r = phase(session, rate);
    long cpu = processCpuNanos();
    double cpuLoad =
        cpuBefore < 0 || cpu < 0
            ? -1
            : (cpu - cpuBefore)
                / ((double) (System.nanoTime() - wallBefore)
                    * Runtime.getRuntime().availableProcessors());
    Histogram intended = LatencyBound.latencies(r, null, false);
    Histogram service = LatencyBound.latencies(r, null, true);
    long[] i = new long[CapacityStep.PERCENTILES.length];
    long[] s = new long[CapacityStep.PERCENTILES.length];
    for (int k = 0; k < i.length; k++) {
      i[k] = intended.getValueAtPercentile(CapacityStep.PERCENTILES[k]);
      s[k] = service.getValueAtPercentile(CapacityStep.PERCENTILES[k]);
    }
    String broken = bound.broken(r);
    double achieved = r.throughputOpsPerSec();
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
            generatorLimit(r, rate, achieved, broken == null, cpuLoad),
            cpuLoad);
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
            repeat ? " (repeat)" : ""));
    return step;
  }

  /** Why the client, not the server, limited this step; null when it kept up. */
  static String generatorLimit(
      RunResult r, double offered, double achieved, boolean held, double cpuLoad) {
    long slotWaits = 0;
    for (ReportLine line : r.extra()) {
      if (line.metric().equals("OPEN-LOOP")
          && line.measurement().equals("SlotWaits")
          && line.value() instanceof Number n) {
        slotWaits = n.longValue();
      }
    }
    if (slotWaits > 0) {
      return slotWaits + " operations came due with every hbload.inflight slot busy";
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
    // rate shows the
    // client kept up, whatever its JVM (JIT compilation at the start, other threads) cost
    if (!held && cpuLoad >= CPU_SATURATED) {
      return String.format(
          Locale.ROOT, "client process CPU at %.0f %% of every processor", cpuLoad * 100);
    }
    return null;
  }

  /** One engine phase at this target (0: unthrottled), warm-up then the measured time. */
  private RunResult phase(BindingSession session, double rate) {
    Execution e =
        spec.execution()
            .withTargetOpsPerSec(rate)
            .withOperations(0)
            .withWarmup(settings.warmup())
            .withMaxExecutionTimeSeconds(settings.measured().toSeconds())
            .withStartAt(null);
    PhaseRun phase =
        new PhaseRun(spec.withExecution(e), session, new RunListener() {}, quiet, true);
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
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return sun.getProcessCpuTime();
    }
    return -1;
  }
}
