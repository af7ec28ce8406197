package io.hbload.core.exec;

import io.hbload.core.audit.WriteAudit;
import io.hbload.core.binding.ReportLine;
import io.hbload.core.binding.RunSession;
import io.hbload.core.config.Execution;
import io.hbload.core.config.FaultAction;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.SpecException;
import io.hbload.core.fault.FaultImpact;
import io.hbload.core.fault.FaultReport;
import io.hbload.core.fault.FaultRunner;
import io.hbload.core.fault.FaultTarget;
import io.hbload.core.fault.InjectedFault;
import io.hbload.core.keys.KeySpace;
import io.hbload.core.measure.Aggregator;
import io.hbload.core.measure.IntervalView;
import io.hbload.core.measure.LatencyNames;
import io.hbload.core.measure.WorkerRecorder;
import io.hbload.core.result.ClientInfo;
import io.hbload.core.result.RunResult;
import io.hbload.core.server.HostCpuSampler;
import io.hbload.core.server.ServerSample;
import io.hbload.core.server.ServerSampler;
import io.hbload.core.server.ServerSampling;
import io.hbload.core.server.ServerSeries;
import io.hbload.core.source.PhaseContext;
import io.hbload.core.source.Workload;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.time.Clock;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Runs one phase on an open binding session: starts the workers, samples every second (or every
 * status interval when that is shorter) from the calling thread (which is the only reader of the
 * recorders), enforces {@code maxexecutiontime}, and after the workers stop collects the last
 * interval and the binding's extra lines. {@link #requestStop} may be called from any thread
 * (Ctrl-C): workers finish their current call and the phase returns its result for what was done.
 */
public final class PhaseRun {
  /**
   * The longest sample interval: one point a second is what a person reads in a chart of a short
   * run.
   */
  static final long SAMPLE_NANOS = TimeUnit.SECONDS.toNanos(1);

  /** The stop reason of a run that reached the end of its finite target schedule. */
  static final String SCHEDULE_ENDED = "the target schedule ended";

  /** The longest wait for the servers' last read after the workers stopped. */
  static final long SERVER_LAST_READ_MILLIS = 3_000;

  private final RunSpec spec;

  /** The spec's execution part, read only while the phase starts and stops. */
  private final Execution execution;

  private final Workload<?, ?> workload;
  private final RunSession session;
  private final RunListener listener;
  private final PrintStream messages;
  private final boolean requested;
  private final PhaseState state;

  /** The phase's one source of time ({@link Execution#clock}), for the reporter and workers. */
  private final Clock clock;

  private final List<Thread> threads = new ArrayList<>();

  /**
   * Workers whose loop has returned: not stuck, though their thread may not have ended yet (a
   * thread ends a moment after its task, and on a virtual clock the grace can pass in that moment).
   */
  private final java.util.Set<Thread> returned = java.util.concurrent.ConcurrentHashMap.newKeySet();

  private final List<WorkerLoop> workers = new ArrayList<>();
  private boolean interrupted;
  private volatile boolean abandoned;

  /** The binding's server sampling while the requested phase runs, or null; reporter thread. */
  private ServerSampling serverSampling;

  private final ServerSeries.Recorder serverSeries = new ServerSeries.Recorder();

  /** The client's own host's figures ({@link HostCpuSampler}): causes of slow intervals only. */
  private final ServerSeries.Recorder hostSeries = new ServerSeries.Recorder();

  /** Each measured interval's tail, for the outliers the servers may explain (reporter thread). */
  private final IntervalTails tails;

  /** The phase's faults, fired beside the load, or null; started and stopped by the reporter. */
  private FaultRunner faultRunner;

  /** The intervals the faults' cost is read from, kept only when the phase has faults. */
  private FaultSeries faultSeries;

  /** The run's acknowledged-write audit ({@code --verify}), or null. */
  private final WriteAudit audit;

  /**
   * The schedule against what was done, kept when a paced phase has a schedule or an objective, or
   * null; reporter thread.
   */
  private RateSeries rates;

  /** Where the schedule started again when the warm-up ended, or 0; reporter thread. */
  private long restartNanos;

  /** Fewer measured intervals than this make no median to stand out from. */
  private static final int TAIL_INTERVALS = 5;

  /**
   * @param requested false for the load the engine runs first on a store that starts empty: the
   *     session's phase hooks are then not called (they belong to the phase the user asked for)
   */
  public PhaseRun(
      RunSpec spec,
      Workload<?, ?> workload,
      RunListener listener,
      PrintStream messages,
      boolean requested) {
    this(spec, workload, listener, messages, requested, null);
  }

  /** As above, its workers' writes remembered in {@code audit} (null for none). */
  public PhaseRun(
      RunSpec spec,
      Workload<?, ?> workload,
      RunListener listener,
      PrintStream messages,
      boolean requested,
      WriteAudit audit) {
    this.audit = audit;
    this.spec = spec;
    this.execution = spec.execution();
    this.workload = workload;
    this.session = workload.session();
    this.listener = listener;
    this.messages = messages;
    this.requested = requested;
    this.clock = execution.clock();
    this.state = new PhaseState(clock);
    this.tails = new IntervalTails(spec.measures());
  }

  /** Asks the workers to stop after their current call; safe from any thread. */
  public void requestStop(String reason) {
    state.requestStop(reason);
    synchronized (threads) {
      for (int i = 0; i < workers.size(); i++) {
        if (workers.get(i).pacing()) {
          threads.get(i).interrupt();
        }
      }
    }
  }

  /**
   * Samples of at most a second, a whole number of them per status interval: the log's and the
   * report's series stay readable for short runs whatever status.interval is, and each status line
   * still covers its interval.
   */
  private static int samplesPerStatus(Execution execution) {
    return (int) Math.max(1, Math.ceil(statusNanos(execution) / (double) SAMPLE_NANOS));
  }

  private static long statusNanos(Execution execution) {
    return Math.max(1_000_000L, (long) (execution.statusIntervalSeconds() * 1e9));
  }

  /** The client's sample interval, which the server sampling follows too. */
  private static long sampleNanos(Execution execution) {
    return statusNanos(execution) / samplesPerStatus(execution);
  }

  public RunResult execute() {
    KeySpace keySpace = new KeySpace(spec.workload(), execution.shard());
    // every shard draws from the run's seed: the shards take different operation numbers
    long seed = execution.seed() != null ? execution.seed() : new SplittableRandom().nextLong();
    PhaseContext phase =
        new PhaseContext(spec.phase(), spec.workload(), keySpace, clock, seed, spec.measures());
    long lateMillis = requested ? awaitStartAt() : 0;
    LatencyNames names =
        new LatencyNames(
            spec.measures(),
            spec.outputs().reportLatencyForEachError(),
            spec.outputs().latencyTrackedErrors());
    int n = execution.threads();
    java.util.concurrent.atomic.AtomicReferenceArray<WorkerRecorder> recorders =
        new java.util.concurrent.atomic.AtomicReferenceArray<>(n);
    CountDownLatch done = new CountDownLatch(n);
    long startMillis = clock.epochMillis();
    long startNanos = clock.nanoTime();
    Warmup warmup = null;
    listener.phaseStarting(spec, startMillis);
    if (requested) {
      session.runStarting(spec.phase());
      // the servers are every shard's: one client (shard 0) samples them, so that a run split
      // over many hosts or map tasks does not multiply the reads each server answers
      ServerSampler sampler = execution.shard().index() == 0 ? session.serverSampler() : null;
      if (sampler != null) {
        // the client's host beside the servers: a slow interval while other processes held its
        // CPUs is explained by that; its figures label outliers only, they are no server's
        serverSampling =
            ServerSampling.start(
                HostCpuSampler.beside(sampler, ClientInfo.localHost(), clock),
                sampleNanos(execution),
                clock);
      }
      if (!execution.faults().isEmpty()) {
        FaultTarget target = faultTarget(spec, session);
        faultSeries =
            new FaultSeries(
                spec.measures(), TimeUnit.NANOSECONDS.toMillis(sampleNanos(execution)) / 2);
        // offsets count from the start of measuring: after the warm-up
        faultRunner =
            FaultRunner.start(
                execution.faults(),
                target,
                startNanos + execution.warmup().toNanos(),
                clock,
                messages::println);
      }
    }
    if (execution.maxExecutionTimeSeconds() > 0) {
      messages.println(
          "Maximum execution time specified as: " + execution.maxExecutionTimeSeconds() + " secs");
    }
    synchronized (threads) {
      for (int i = 0; i < n; i++) {
        long operations = execution.operations();
        long quota = operations == 0 ? 0 : operations / n + (i < operations % n ? 1 : 0);
        WorkerLoop worker =
            WorkerLoop.create(
                i,
                quota,
                workload,
                new WorkerSetup(spec, phase, recorders, names, state, startNanos, audit));
        workers.add(worker);
        Thread t =
            clock.newThread(
                () -> {
                  try {
                    worker.run();
                  } finally {
                    returned.add(Thread.currentThread());
                    done.countDown();
                  }
                },
                "hbload-worker-" + i);
        t.setDaemon(true);
        threads.add(t);
      }
      threads.forEach(Thread::start);
    }
    Aggregator aggregator = new Aggregator(names, spec.throttled(), startMillis, clock);
    int samplesPerStatus = samplesPerStatus(execution);
    long intervalNanos = sampleNanos(execution);
    if (requested && spec.throttled() && (execution.scheduled() || execution.slo() != null)) {
      rates = new RateSeries(execution, spec.measures(), startNanos, intervalNanos / 2);
    }
    int samples = 0;
    // the warm-up does not eat the measured time: maxexecutiontime counts from its end
    long warmupNanos = execution.warmup().toNanos();
    long warmupEnd = spec.warmsUp() ? startNanos + warmupNanos : Long.MAX_VALUE;
    long maxDeadline =
        execution.maxExecutionTimeSeconds() > 0
            ? startNanos
                + warmupNanos
                + TimeUnit.SECONDS.toNanos(execution.maxExecutionTimeSeconds())
            : Long.MAX_VALUE;
    // a run on a finite schedule (steps, a ramp, a file) lasts as long as the schedule
    double scheduleSeconds = execution.target().seconds();
    long scheduleEnd =
        spec.phase() == io.hbload.core.config.Phase.RUN
                && execution.scheduled()
                && Double.isFinite(scheduleSeconds)
            ? startNanos + warmupNanos + (long) (scheduleSeconds * 1e9)
            : Long.MAX_VALUE;
    long previousOps = tick(aggregator, recorders, startMillis, 0, true);
    long nextTick = startNanos + intervalNanos;
    long graceNanos = TimeUnit.SECONDS.toNanos(execution.stopGraceSeconds());
    boolean allDone = false;
    while (!allDone) {
      long graceDeadline =
          state.stopRequested() ? state.stopRequestedNanos() + graceNanos : Long.MAX_VALUE;
      long wakeAt =
          Math.min(
              Math.min(Math.min(Math.min(nextTick, maxDeadline), warmupEnd), graceDeadline),
              scheduleEnd);
      allDone = awaitUntil(done, wakeAt);
      long now = clock.nanoTime();
      if (!allDone && now >= graceDeadline) {
        abandonStuckWorkers();
        break;
      }
      if (!allDone && now >= warmupEnd) {
        // the schedule starts again right before the collection that ends the warm-up, not after
        // the warm-up's bookkeeping: an operation the workers do in between is then measured and
        // due alike (after it, the old schedule's operations of those milliseconds would be
        // measured against a schedule that had not started)
        restartNanos = clock.nanoTime();
        state.restartSchedule(restartNanos);
        tick(aggregator, recorders, startMillis, previousOps, true);
        samples = 0;
        warmup = endWarmup(aggregator, startMillis, startNanos);
        startMillis = warmup.measuredStartMillis;
        startNanos = warmup.measuredStartNanos;
        previousOps = 0;
        warmupEnd = Long.MAX_VALUE;
      }
      if (!allDone && now >= scheduleEnd && !state.stopRequested()) {
        messages.println(
            "The -target schedule ended ("
                + io.hbload.core.config.RateSchedule.number(scheduleSeconds)
                + " s). Requesting stop for the workload.");
        requestStop(SCHEDULE_ENDED);
        scheduleEnd = Long.MAX_VALUE;
      }
      if (!allDone && now >= maxDeadline && !state.stopRequested()) {
        messages.println("Maximum time elapsed. Requesting stop for the workload.");
        requestStop("maxexecutiontime of " + execution.maxExecutionTimeSeconds() + " s reached");
        maxDeadline = Long.MAX_VALUE;
      }
      if (!allDone && now >= nextTick) {
        samples++;
        previousOps =
            tick(aggregator, recorders, startMillis, previousOps, samples % samplesPerStatus == 0);
        nextTick += intervalNanos;
      }
    }
    long runtimeMillis = Math.max(1, TimeUnit.NANOSECONDS.toMillis(clock.nanoTime() - startNanos));
    tick(aggregator, recorders, startMillis, previousOps, true);
    if (warmupEnd
        != Long.MAX_VALUE) { // the phase ended before its warm-up did: nothing was measured
      warmup = endWarmup(aggregator, startMillis, startNanos);
      startMillis = warmup.measuredStartMillis;
      runtimeMillis = 1;
      messages.println(
          "hbload: the phase ended during its warm-up ("
              + execution.warmup()
              + "): nothing was measured");
    }
    List<ReportLine> extra = new ArrayList<>();
    if (warmup != null) {
      extra.add(new ReportLine("WARMUP", "Operations", warmup.operations));
      extra.add(new ReportLine("WARMUP", "RunTime(ms)", warmup.millis));
    }
    extra.addAll(slotWaits());
    List<Object> figures = new ArrayList<>();
    if (faultRunner != null) {
      figures.add(finishFaults(startMillis));
    }
    ServerSeries servers = serverSampling != null ? finishServerSeries() : null;
    if (servers != null) {
      figures.add(servers);
    }
    if (servers != null && tails.size() >= TAIL_INTERVALS) {
      ServerSeries host =
          hostSeries.hasSamples()
              ? hostSeries.build(serverSampling.source(), serverSampling.intervalMillis(), null)
              : null;
      figures.add(tails.find(servers, host, !spec.warmsUp()));
    }
    try {
      if (requested) {
        extra.addAll(session.runFinished(spec.phase()));
        figures.addAll(session.runFigures());
      }
    } catch (RuntimeException e) {
      messages.println("hbload: binding metrics unavailable: " + WorkerLoop.oneLine(e));
    }
    String reason = state.reason();
    if (SCHEDULE_ENDED.equals(reason)) {
      reason = null; // the run lasted its schedule, as asked
    }
    if (rates != null) {
      figures.add(rates.report());
    }
    if (reason != null && reason.startsWith("maxexecutiontime")) {
      // a time-boxed run that reached its time completed as asked; a load cut short did not load
      // its records
      reason =
          spec.phase() == io.hbload.core.config.Phase.RUN
              ? null
              : reason
                  + " before the load finished: "
                  + aggregator.totalOperations()
                  + " of "
                  + execution.operations()
                  + " records inserted";
    }
    if (interrupted) {
      Thread.currentThread().interrupt(); // the caller's interrupt, kept for it to see
    }
    RunResult result =
        new RunResult(
            spec,
            startMillis,
            runtimeMillis,
            aggregator.totalOperations(),
            aggregator.totals(),
            gcTotals(),
            extra,
            reason,
            new ClientInfo(
                execution.shard(),
                ClientInfo.localHost(),
                execution.startAt() == null ? null : execution.startAt().toEpochMilli(),
                lateMillis),
            workerResults(aggregator),
            figures);
    listener.phaseFinished(result);
    return result;
  }

  /**
   * Each worker's own figures, for the workers whose source opened: its recorder's measures, its
   * elapsed time and its source's figures. A worker left stuck in a call has not ended: its elapsed
   * time is 0 and its source gave none.
   */
  private List<RunResult.Worker> workerResults(Aggregator aggregator) {
    List<RunResult.Worker> out = new ArrayList<>();
    synchronized (threads) {
      for (WorkerLoop w : workers) {
        if (w.sourceOpened()) {
          out.add(
              new RunResult.Worker(
                  w.index,
                  aggregator.workerOperations(w.index),
                  w.elapsedNanos(),
                  aggregator.workerService(w.index),
                  w.figures()));
        }
      }
    }
    return out;
  }

  /**
   * Waits for {@code hbload.startat}, so that shards on many hosts start their measured phase
   * together; a stop request ends the wait. Returns how late the start is (0 when on time):
   * reported, never hidden.
   */
  private long awaitStartAt() {
    if (execution.startAt() == null) {
      return 0;
    }
    long at = execution.startAt().toEpochMilli();
    long now = clock.epochMillis();
    if (now < at) {
      messages.println(
          "hbload: shard "
              + execution.shard()
              + " waiting "
              + (at - now)
              + " ms until "
              + execution.startAt()
              + " (--start-at)");
      // in steps of at most 100 ms, so that a stop request ends the wait soon
      while ((now = clock.epochMillis()) < at && !state.stopRequested()) {
        try {
          clock.sleepNanos(TimeUnit.MILLISECONDS.toNanos(Math.min(at - now, 100)));
        } catch (InterruptedException e) {
          interrupted = true;
          requestStop("interrupted");
        }
      }
      return 0;
    }
    long late = now - at;
    messages.println(
        "hbload: shard "
            + execution.shard()
            + " starts "
            + late
            + " ms after --start-at "
            + execution.startAt());
    return late;
  }

  /**
   * A binding call that never returns must not hold the run hostage (nor Ctrl-C's report): once the
   * grace after the stop has passed, the workers still alive are named with the call they are in,
   * interrupted as a last resort, and left behind (they are daemon threads). Their recorders are
   * read as they are: every call that returned is in the report, the stuck ones are not, and the
   * reason says so, which fails the phase.
   */
  private void abandonStuckWorkers() {
    List<String> stuck = new ArrayList<>();
    synchronized (threads) {
      for (Thread t : threads) {
        if (t.isAlive() && !returned.contains(t)) {
          stuck.add(t.getName() + " in " + StuckCall.describe(t.getStackTrace()));
          t.interrupt();
        }
      }
    }
    if (stuck.isEmpty()) {
      return; // they finished just now
    }
    abandoned = true;
    String why =
        stuck.size()
            + " of "
            + threads.size()
            + " workers still in a binding call "
            + execution.stopGraceSeconds()
            + " s after the stop ("
            + state.reason()
            + "; hbload.stopgrace): "
            + String.join(", ", stuck)
            + "; the report holds every call that returned";
    messages.println("hbload: " + why);
    state.failOver(why);
  }

  /**
   * Open loop on the pipelined path: when operations came due with every {@code hbload.inflight}
   * slot busy, the generator's bound, not the system, held the schedule back (their intended
   * latency holds the wait, service latency does not). Said on stderr and as two report lines, so
   * that a gap between intended and service latency is not read as the system's. Nothing when the
   * bound never held an operation back.
   */
  private List<ReportLine> slotWaits() {
    long waits = 0;
    long nanos = 0;
    synchronized (threads) {
      for (WorkerLoop w : workers) {
        waits += w.slotWaits();
        nanos += w.slotWaitNanos();
      }
    }
    if (waits == 0) {
      return List.of();
    }
    long millis = TimeUnit.NANOSECONDS.toMillis(nanos);
    messages.println(
        "hbload: "
            + waits
            + " operations came due with all "
            + execution.inflight()
            + " hbload.inflight slots busy, the schedule held back "
            + millis
            + " ms in all: they went out late, their intended latency includes the wait;"
            + " a larger hbload.inflight keeps the -target schedule");
    return List.of(
        new ReportLine("OPEN-LOOP", "SlotWaits", waits),
        new ReportLine("OPEN-LOOP", "SlotWaitTime(ms)", millis));
  }

  /**
   * Operations the workers have outstanding now (see {@link WorkerLoop#inFlight}); any thread, for
   * a gauge.
   */
  public long inFlight() {
    long n = 0;
    synchronized (threads) {
      for (WorkerLoop w : workers) {
        n += w.inFlight();
      }
    }
    return n;
  }

  /** True when workers were left stuck in a binding call (the session may not close cleanly). */
  public boolean abandonedWorkers() {
    return abandoned;
  }

  /** The warm-up as it happened, and the instant measuring started. */
  private record Warmup(
      long operations, long millis, long measuredStartMillis, long measuredStartNanos) {}

  /**
   * The warm-up boundary, right after a collection: the aggregator drops the warm-up totals and the
   * listeners hear where measuring starts (the hlog tags what came before as warm-up).
   */
  private Warmup endWarmup(Aggregator aggregator, long startMillis, long startNanos) {
    long nowNanos = clock.nanoTime();
    long nowMillis = clock.epochMillis();
    long operations = aggregator.endWarmup();
    tails.clear(); // the warm-up's intervals are the cold start's, not the measured system's
    if (faultSeries != null) {
      faultSeries.clear();
    }
    if (rates != null) {
      rates.restart(restartNanos != 0 ? restartNanos : nowNanos);
    }
    Warmup w =
        new Warmup(
            operations, TimeUnit.NANOSECONDS.toMillis(nowNanos - startNanos), nowMillis, nowNanos);
    messages.println(
        "hbload: warm-up done: "
            + operations
            + " operations in "
            + w.millis
            + " ms, not counted;"
            + " measuring from now"
            + (spec.throttled() ? " (the -target schedule starts again from here)" : ""));
    listener.warmupFinished(spec, nowMillis, operations);
    return w;
  }

  /** Whether a worker failed (binding could not start, threw, or failed to clean up). */
  public boolean failed() {
    return state.failed();
  }

  private long tick(
      Aggregator aggregator,
      java.util.concurrent.atomic.AtomicReferenceArray<WorkerRecorder> recorders,
      long startMillis,
      long previousOps,
      boolean statusDue) {
    // by worker index, null for a worker not recording yet: the aggregator keeps each worker's own
    // figures too
    List<WorkerRecorder> started = new ArrayList<>(recorders.length());
    for (int i = 0; i < recorders.length(); i++) {
      started.add(recorders.get(i));
    }
    long collecting = clock.nanoTime();
    IntervalView view = aggregator.collect(started);
    if (rates != null) {
      // the workers' intervals end as each is swapped, between these two readings: their midpoint
      // is the end the operations due are counted to
      rates.add(view, collecting + (clock.nanoTime() - collecting) / 2);
    }
    tails.add(view);
    if (faultSeries != null) {
      faultSeries.add(view);
    }
    if (serverSampling != null) {
      recordServerSamples();
    }
    long total = aggregator.totalOperations();
    long remaining = execution.operations() == 0 ? 0 : Math.max(0, execution.operations() - total);
    if (state.stopRequested()) {
      remaining = 0;
    }
    StatusSnapshot snapshot =
        new StatusSnapshot(
            view.endEpochMillis(),
            view.endEpochMillis() - startMillis,
            total,
            previousOps,
            view.endEpochMillis() - view.startEpochMillis(),
            remaining,
            view,
            statusDue);
    listener.interval(spec, snapshot);
    return total;
  }

  /**
   * The target that carries out {@code spec}'s faults, from the session; bad input (a {@link
   * SpecException}) when the binding has none or it cannot carry out one of them. The runner asks
   * before anything starts; the phase again as it starts its faults.
   */
  static FaultTarget faultTarget(RunSpec spec, RunSession session) {
    FaultTarget target = session.faultTarget(spec.execution().faults());
    String name = spec.binding().provider().name();
    if (target == null) {
      throw SpecException.forProperty(
          PropertyNames.FAULTS, "the " + name + " binding cannot carry out faults (hbase can)");
    }
    List<String> cannot =
        spec.execution().faults().actions().stream()
            .filter(a -> !target.supports().contains(a))
            .map(FaultAction::shortName)
            .toList();
    if (!cannot.isEmpty()) {
      boolean process =
          spec.execution().faults().actions().stream()
              .anyMatch(
                  a -> a.kind() == FaultAction.Kind.PROCESS && cannot.contains(a.shortName()));
      throw SpecException.forProperty(
          PropertyNames.FAULTS,
          String.join(", ", cannot)
              + " cannot be carried out by "
              + target.describe()
              + " (it can: "
              + String.join(", ", target.supports().stream().map(FaultAction::shortName).toList())
              + ")"
              + (process
                  ? "; process faults need the in-process cluster (no cluster configured) or, on a"
                      + " configured one, --fault-exec 'COMMAND {host}'"
                  : ""));
    }
    return target;
  }

  /**
   * Stops the faults (waiting for one in progress at most the stop grace) and reads what each cost
   * from the measured intervals.
   */
  private FaultReport finishFaults(long measuredStartMillis) {
    List<InjectedFault> fired =
        faultRunner.stop(TimeUnit.SECONDS.toMillis(execution.stopGraceSeconds()));
    List<FaultImpact.Interval> series = faultSeries.intervals();
    return new FaultReport(
        faultRunner.target(),
        measuredStartMillis,
        FaultImpact.Settings.DEFAULT,
        execution.faults().recoveryLimit(),
        series,
        FaultImpact.of(series, fired, FaultImpact.Settings.DEFAULT),
        FaultReport.notFired(execution.faults().faults(), fired));
  }

  /** The server samples read since the last tick, into the series and to the listeners. */
  private void recordServerSamples() {
    List<ServerSeries.Value> values = new ArrayList<>();
    for (ServerSample s : serverSampling.drain()) {
      if (HostCpuSampler.isHost(s)) {
        hostSeries.add(s);
      } else {
        values.addAll(serverSeries.add(s));
      }
    }
    if (!values.isEmpty()) {
      listener.serverValues(spec, values);
    }
  }

  /**
   * The last server read, started after the workers stopped so that the last interval has its
   * point. It is bounded: a server that does not answer costs at most this, not the run's report.
   */
  private ServerSeries finishServerSeries() {
    serverSampling.stop(SERVER_LAST_READ_MILLIS);
    recordServerSamples();
    String error = serverSampling.error();
    if (!serverSeries.hasSamples() && error != null) {
      messages.println("hbload: server figures unavailable: " + error);
    }
    return serverSeries.build(serverSampling.source(), serverSampling.intervalMillis(), error);
  }

  /**
   * Waits for the workers until the deadline. An interrupt of the thread running the phase (an
   * embedding test's timeout, an executor's cancel) asks the workers to stop, as Ctrl-C does, and
   * the wait goes on until they have: the phase still returns what was done, and the interrupt is
   * restored on the way out.
   */
  private boolean awaitUntil(CountDownLatch done, long deadlineNanos) {
    long now;
    while ((now = clock.nanoTime()) < deadlineNanos) {
      try {
        if (clock.await(done, deadlineNanos - now)) {
          return true;
        }
      } catch (InterruptedException e) {
        interrupted = true;
        requestStop("interrupted");
      }
    }
    return done.getCount() == 0;
  }

  /**
   * YCSB iterates a HashMap of collector names; doing the same keeps the report's GC line order.
   */
  private static List<RunResult.GcTotals> gcTotals() {
    Map<String, RunResult.GcTotals> byName = new HashMap<>();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      byName.put(
          gc.getName(),
          new RunResult.GcTotals(
              gc.getName(),
              Math.max(0, gc.getCollectionCount()),
              Math.max(0, gc.getCollectionTime())));
    }
    return new ArrayList<>(byName.values());
  }
}
