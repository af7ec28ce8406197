package io.hbload.core.exec;

import io.hbload.core.result.RunResult;
import io.hbload.core.server.ServerSeries;
import io.hbload.core.spec.RunSpec;
import java.util.List;

/**
 * Hears a phase's progress: the status line and the HdrHistogram log are listeners. Called on the
 * reporter thread, one call at a time; an implementation must not block for long.
 */
public interface RunListener {
  default void phaseStarting(RunSpec spec, long startEpochMillis) {}

  /** Every {@code status.interval}, once right at the start and once after the workers stop. */
  default void interval(RunSpec spec, StatusSnapshot snapshot) {}

  /**
   * The phase's warm-up ({@code hbload.warmup}) ended at {@code epochMillis} after {@code
   * operations} operations; intervals heard before were warm-up, later ones are measured.
   */
  default void warmupFinished(RunSpec spec, long epochMillis, long operations) {}

  /**
   * The server figures read since the last interval ({@link io.hbload.core.server}), a counter's as
   * its growth; called on the reporter thread before that tick's {@link #interval}. Never for a
   * binding without a server sampler.
   */
  default void serverValues(RunSpec spec, List<ServerSeries.Value> values) {}

  default void phaseFinished(RunResult result) {}

  /** Calls each listener in turn. */
  static RunListener all(List<RunListener> listeners) {
    return new RunListener() {
      @Override
      public void phaseStarting(RunSpec spec, long startEpochMillis) {
        listeners.forEach(l -> l.phaseStarting(spec, startEpochMillis));
      }

      @Override
      public void interval(RunSpec spec, StatusSnapshot snapshot) {
        listeners.forEach(l -> l.interval(spec, snapshot));
      }

      @Override
      public void warmupFinished(RunSpec spec, long epochMillis, long operations) {
        listeners.forEach(l -> l.warmupFinished(spec, epochMillis, operations));
      }

      @Override
      public void serverValues(RunSpec spec, List<ServerSeries.Value> values) {
        listeners.forEach(l -> l.serverValues(spec, values));
      }

      @Override
      public void phaseFinished(RunResult result) {
        listeners.forEach(l -> l.phaseFinished(result));
      }
    };
  }
}
