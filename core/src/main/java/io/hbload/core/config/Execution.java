package io.hbload.core.config;

import io.hbload.core.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * How a phase runs: how many workers, how fast, for how long, how it starts and stops. Apart from
 * the workload (what each operation does) and the outputs (what is written afterwards) so that a
 * step that changes one, such as the load the engine runs before a run phase, copies it with a
 * {@code with...} method and leaves the rest alone. The engine reads these once when a phase
 * starts, never per operation. Immutable.
 *
 * @param threads workers ({@code threadcount}), already cut to the operation count
 * @param targetOpsPerSec whole-client target, this shard's share; 0 = as fast as possible
 * @param operations operations this phase performs; 0 = until {@code maxExecutionTimeSeconds}
 * @param maxExecutionTimeSeconds {@code maxexecutiontime}; 0 = no limit
 * @param stopGraceSeconds how long a stopping phase waits for calls in progress ({@code
 *     hbload.stopgrace}) before it names the workers still stuck in a binding call and ends without
 *     them
 * @param status whether status lines are printed ({@code -s})
 * @param statusIntervalSeconds {@code status.interval}
 * @param measurementInterval which latency is measured: from the actual or the intended start, or
 *     both
 * @param spinSleep {@code hbload.spinsleep}: pace by spinning instead of parking
 * @param warmup how long the phase runs its workload before it starts measuring ({@code
 *     hbload.warmup}); zero for none. Warm-up operations are counted apart and are in none of the
 *     phase's figures
 * @param inflight operations each worker keeps outstanding ({@code hbload.inflight}); 1 = one
 *     blocking call at a time; more = the binding's async interface, pipelined
 * @param seed seed for every random choice, null = random (YCSB behaviour)
 * @param shard which of N cooperating clients this is ({@code hbload.shard}); operations, target
 *     and (for a load) the records are already this shard's share
 * @param startAt the wall-clock instant the measured phase starts at ({@code hbload.startat}), or
 *     null
 * @param clock where every part of the phase reads time and sleeps: {@link Clock#system()} in a
 *     run, a {@link io.hbload.core.time.VirtualClock} in a test of time-dependent behaviour
 */
public record Execution(
    int threads,
    double targetOpsPerSec,
    long operations,
    long maxExecutionTimeSeconds,
    long stopGraceSeconds,
    boolean status,
    double statusIntervalSeconds,
    MeasurementInterval measurementInterval,
    boolean spinSleep,
    Duration warmup,
    int inflight,
    Long seed,
    ShardSpec shard,
    Instant startAt,
    Clock clock) {

  public Execution {
    if (clock == null) {
      throw new IllegalArgumentException("a phase needs a clock (Clock.system() for a run)");
    }
  }

  /** A copy with this many workers. */
  public Execution withThreads(int threads) {
    return new Execution(
        threads,
        targetOpsPerSec,
        operations,
        maxExecutionTimeSeconds,
        stopGraceSeconds,
        status,
        statusIntervalSeconds,
        measurementInterval,
        spinSleep,
        warmup,
        inflight,
        seed,
        shard,
        startAt,
        clock);
  }

  /** A copy that performs this many operations. */
  public Execution withOperations(long operations) {
    return new Execution(
        threads,
        targetOpsPerSec,
        operations,
        maxExecutionTimeSeconds,
        stopGraceSeconds,
        status,
        statusIntervalSeconds,
        measurementInterval,
        spinSleep,
        warmup,
        inflight,
        seed,
        shard,
        startAt,
        clock);
  }

  /** A copy paced at this rate; 0 for as fast as it goes. */
  public Execution withTargetOpsPerSec(double targetOpsPerSec) {
    return new Execution(
        threads,
        targetOpsPerSec,
        operations,
        maxExecutionTimeSeconds,
        stopGraceSeconds,
        status,
        statusIntervalSeconds,
        measurementInterval,
        spinSleep,
        warmup,
        inflight,
        seed,
        shard,
        startAt,
        clock);
  }

  /** A copy with this warm-up; {@link Duration#ZERO} for none. */
  public Execution withWarmup(Duration warmup) {
    return new Execution(
        threads,
        targetOpsPerSec,
        operations,
        maxExecutionTimeSeconds,
        stopGraceSeconds,
        status,
        statusIntervalSeconds,
        measurementInterval,
        spinSleep,
        warmup,
        inflight,
        seed,
        shard,
        startAt,
        clock);
  }

  /**
   * A copy that stops measuring after this many seconds ({@code maxexecutiontime}); 0 for no limit.
   */
  public Execution withMaxExecutionTimeSeconds(long maxExecutionTimeSeconds) {
    return new Execution(
        threads,
        targetOpsPerSec,
        operations,
        maxExecutionTimeSeconds,
        stopGraceSeconds,
        status,
        statusIntervalSeconds,
        measurementInterval,
        spinSleep,
        warmup,
        inflight,
        seed,
        shard,
        startAt,
        clock);
  }

  /** A copy that starts at this instant; null to start at once. */
  public Execution withStartAt(Instant startAt) {
    return new Execution(
        threads,
        targetOpsPerSec,
        operations,
        maxExecutionTimeSeconds,
        stopGraceSeconds,
        status,
        statusIntervalSeconds,
        measurementInterval,
        spinSleep,
        warmup,
        inflight,
        seed,
        shard,
        startAt,
        clock);
  }

  /** A copy on this clock (a test's virtual clock). */
  public Execution withClock(Clock clock) {
    return new Execution(
        threads,
        targetOpsPerSec,
        operations,
        maxExecutionTimeSeconds,
        stopGraceSeconds,
        status,
        statusIntervalSeconds,
        measurementInterval,
        spinSleep,
        warmup,
        inflight,
        seed,
        shard,
        startAt,
        clock);
  }

  /** True when the phase starts with a warm-up. */
  public boolean warmsUp() {
    return !warmup.isZero();
  }

  /** True when a target rate paces the workers. */
  public boolean throttled() {
    return targetOpsPerSec > 0;
  }
}
