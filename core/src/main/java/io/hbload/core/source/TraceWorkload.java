package io.hbload.core.source;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.ReportLine;
import io.hbload.core.binding.RunSession;
import io.hbload.core.config.Phase;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.trace.ReplayTally;
import io.hbload.core.trace.TraceFeed;
import io.hbload.core.trace.TraceReader;
import io.hbload.core.trace.TraceSpec;
import io.hbload.core.values.RowValues;
import java.io.PrintStream;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A trace replayed on a YCSB binding: each phase (the load pass, the replay) reads the trace once
 * on a {@link TraceReader} thread of its own, started when its first worker opens, which deals the
 * records to the workers' {@link TraceSource}s. Its session is the binding's, except that the
 * engine loads first only when the user asked ({@code --load}), and that the run's report ends with
 * the replay's own lines ({@link ReplayTally}). Thread-safe.
 */
public final class TraceWorkload implements BindingWorkload {
  private final BindingSession bindings;
  private final TraceSpec spec;
  private final ReplayTally tally;
  private final int workers;
  private final RunSession session;
  private final Map<Phase, TraceReader> readers = new EnumMap<>(Phase.class);

  /**
   * The replay's workers' values, made before the phase starts (see {@link TraceSource#values}).
   */
  private final RowValues[] replayValues;

  public TraceWorkload(
      BindingSession bindings,
      TraceSpec spec,
      ReplayTally tally,
      WorkloadSpec workload,
      int workers,
      PrintStream messages) {
    this.bindings = bindings;
    this.spec = spec;
    this.tally = tally;
    this.workers = workers;
    this.session = new ReplaySession(bindings, this, messages);
    // the replay's reader starts now, so that its queues are full before the first record is due
    // (a reader started by the first worker sent the first second's records up to 250 ms late)
    TraceReader replay = reader(Phase.RUN);
    this.replayValues = new RowValues[workers];
    for (int i = 0; i < workers; i++) {
      replayValues[i] = TraceSource.values(workload, replay.feed(i), spec.maxValueBytes());
    }
  }

  @Override
  public BindingSession bindings() {
    return bindings;
  }

  @Override
  public RunSession session() {
    return session;
  }

  /** Never asked: each worker's source is its own share of the trace, made with its index. */
  @Override
  public <S extends Step> OperationSource<S> source(YcsbSteps<S> steps, PhaseContext phase) {
    throw new IllegalStateException("a trace source is made per worker");
  }

  @Override
  public OperationSource<BlockingStep<Binding>> blocking(
      int workerIndex, PhaseContext phase, Binding client, SplittableRandom random) {
    return source(YcsbSteps.BLOCKING, workerIndex, phase);
  }

  @Override
  public OperationSource<PipelinedStep<AsyncBinding>> pipelined(
      int workerIndex, PhaseContext phase, AsyncBinding client, SplittableRandom random) {
    return source(YcsbSteps.PIPELINED, workerIndex, phase);
  }

  private <S extends Step> OperationSource<S> source(
      YcsbSteps<S> steps, int workerIndex, PhaseContext phase) {
    TraceFeed feed = reader(phase.phase()).feed(workerIndex);
    return phase.phase() == Phase.LOAD
        ? new TraceSource<>(
            steps,
            phase,
            feed,
            null,
            TraceSource.values(phase.workload(), feed, spec.maxValueBytes()))
        : new TraceSource<>(steps, phase, feed, tally, replayValues[workerIndex]);
  }

  /** The phase's reader, started by its first worker. */
  private synchronized TraceReader reader(Phase phase) {
    return readers.computeIfAbsent(
        phase,
        p ->
            new TraceReader(spec, p == Phase.LOAD, workers, p == Phase.LOAD ? null : tally)
                .start());
  }

  /** Stops every reader still reading (a phase that stopped early). */
  private synchronized void closeReaders() {
    readers.values().forEach(TraceReader::close);
  }

  /**
   * The binding's session, except that the engine loads first only when asked ({@code --load}), the
   * run's report ends with the replay's lines, and closing stops the readers.
   */
  private static final class ReplaySession extends ForwardingSession {
    private final TraceWorkload workload;
    private final PrintStream messages;

    ReplaySession(RunSession binding, TraceWorkload workload, PrintStream messages) {
      super(binding);
      this.workload = workload;
      this.messages = messages;
    }

    @Override
    public boolean loadBeforeRun() {
      return workload.spec.load();
    }

    @Override
    List<ReportLine> runLines() {
      return workload.tally.lines(messages);
    }

    @Override
    public void close() throws BindingException {
      workload.closeReaders();
      super.close();
    }
  }
}
