package io.hbload.core.binding;

import io.hbload.core.config.FaultSchedule;
import io.hbload.core.config.Phase;
import io.hbload.core.fault.FaultTarget;
import io.hbload.core.server.ServerSampler;
import java.util.List;

/**
 * The state of one run that outlives its workers, shared by all of them (a connection, a
 * server-side metrics reader), as the engine's phase sees it: hooks around the phase the user asked
 * for, and closing. A YCSB binding's is a {@link BindingSession}; a workload with clients of its
 * own has one too. Opened once per run, closed after every worker's cleanup. Thread-safe.
 */
public interface RunSession extends AutoCloseable {
  /**
   * The session's signal to the engine: true when the store it talks to was created empty for this
   * run (an embedded cluster), so the engine loads the records before a {@code run} phase, and says
   * so. That load is not the phase the user asked for: {@link #runStarting} and {@link
   * #runFinished} are not called for it.
   */
  default boolean loadBeforeRun() {
    return false;
  }

  /**
   * Called just before the phase the user asked for starts (e.g. to take a baseline of server
   * counters); never for the load the engine runs first on a store that starts empty.
   */
  default void runStarting(Phase phase) {}

  /**
   * Called after the phase the user asked for ends and before {@link #close()}: extra report lines
   * for this run, e.g. block-cache hit ratios. Printed after YCSB's lines and included in JSON.
   */
  default List<ReportLine> runFinished(Phase phase) {
    return List.of();
  }

  /**
   * After {@link #runFinished}: the same figures as typed values (e.g. the HBase binding's
   * block-cache counters), for callers that compute with them, such as a suite summing its rounds,
   * instead of parsing report lines. Each caller asks {@link
   * io.hbload.core.result.RunResult#figure} for the type it knows.
   */
  default List<Object> runFigures() {
    return List.of();
  }

  /**
   * What reads the servers' own figures (GC pauses, queues, memory) while the requested phase runs,
   * or null when the binding has none: the engine samples it off the hot path at the client's
   * interval, between {@link #runStarting} and {@link #runFinished}.
   */
  default ServerSampler serverSampler() {
    return null;
  }

  /**
   * What carries out the faults of a phase with a fault schedule ({@code hbload.faults}), or null
   * when this binding can carry out none: then such a phase is bad input. Asked once, before the
   * phase starts.
   */
  default FaultTarget faultTarget() {
    return null;
  }

  /**
   * As {@link #faultTarget()}, for {@code schedule}: a binding that reaches servers it does not own
   * carries out its process faults through the schedule's {@code --fault-exec} command when there
   * is one.
   */
  default FaultTarget faultTarget(FaultSchedule schedule) {
    return faultTarget();
  }

  @Override
  default void close() throws BindingException {}
}
