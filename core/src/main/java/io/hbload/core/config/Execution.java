package io.hbload.core.config;

import io.hbload.core.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * How a phase runs: how many workers, how fast, for how long, how it starts and stops. Apart from
 * the workload (what each operation does) and the outputs (what is written afterwards) so that a
 * step that changes one, such as the load the engine runs before a run phase, copies it through
 * {@link #toBuilder()} and leaves the rest alone. The engine reads these once when a phase starts,
 * never per operation. Immutable.
 *
 * @param threads workers ({@code threadcount}), already cut to the operation count
 * @param target {@code target}: the whole run's rate over time, over every shard: a constant (0 =
 *     as fast as possible) or a schedule. This client is paced at its share, {@link
 *     #targetOpsPerSec()} when constant
 * @param slo {@code hbload.slo}: the latency bound each interval of a paced run is judged against,
 *     the first one to break it reported with the rate asked for then; null for none
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
 * @param shard which of N cooperating clients this is ({@code hbload.shard}); operations and (for a
 *     load) the records are already this shard's share
 * @param startAt the wall-clock instant the measured phase starts at ({@code hbload.startat}), or
 *     null
 * @param clock where every part of the phase reads time and sleeps: {@link Clock#system()} in a
 *     run, a {@link io.hbload.core.time.VirtualClock} in a test of time-dependent behaviour
 * @param faults what the phase injects beside its load ({@code hbload.faults}); {@link
 *     FaultSchedule#NONE} for nothing
 * @param audit the acknowledged-write audit ({@code hbload.verify}); {@link AuditSpec#NONE} for
 *     none
 */
public record Execution(
    int threads,
    RateSchedule target,
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
    Clock clock,
    FaultSchedule faults,
    AuditSpec audit,
    Slo slo) {

  public Execution {
    if (target == null) {
      throw new IllegalArgumentException("a phase needs a target (RateSchedule.constant(0): none)");
    }
    if (clock == null) {
      throw new IllegalArgumentException("a phase needs a clock (Clock.system() for a run)");
    }
    if (faults == null) {
      throw new IllegalArgumentException("a phase needs a fault schedule (FaultSchedule.NONE)");
    }
    if (audit == null) {
      throw new IllegalArgumentException("a phase needs an audit spec (AuditSpec.NONE)");
    }
  }

  /**
   * An empty builder, for the parser: it sets every value, with the defaults it declares, so none
   * is declared here too.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this execution's values, to change some and build a copy. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * The one place an {@link Execution} is copied, so that a new component is added to a copy once
   * and not to every method that changes one value. Not thread-safe.
   */
  public static final class Builder {
    private int threads;
    private RateSchedule target = RateSchedule.constant(0);
    private long operations;
    private long maxExecutionTimeSeconds;
    private long stopGraceSeconds;
    private boolean status;
    private double statusIntervalSeconds;
    private MeasurementInterval measurementInterval;
    private boolean spinSleep;
    private Duration warmup;
    private int inflight;
    private Long seed;
    private ShardSpec shard;
    private Instant startAt;
    private Clock clock;
    private FaultSchedule faults = FaultSchedule.NONE;
    private AuditSpec audit = AuditSpec.NONE;
    private Slo slo;

    private Builder() {}

    private Builder(Execution e) {
      threads = e.threads;
      target = e.target;
      operations = e.operations;
      maxExecutionTimeSeconds = e.maxExecutionTimeSeconds;
      stopGraceSeconds = e.stopGraceSeconds;
      status = e.status;
      statusIntervalSeconds = e.statusIntervalSeconds;
      measurementInterval = e.measurementInterval;
      spinSleep = e.spinSleep;
      warmup = e.warmup;
      inflight = e.inflight;
      seed = e.seed;
      shard = e.shard;
      startAt = e.startAt;
      clock = e.clock;
      faults = e.faults;
      audit = e.audit;
      slo = e.slo;
    }

    public Builder threads(int threads) {
      this.threads = threads;
      return this;
    }

    /** The whole run's rate, over every shard; 0 for as fast as it goes. */
    public Builder runTargetOpsPerSec(double runTargetOpsPerSec) {
      this.target = RateSchedule.constant(runTargetOpsPerSec);
      return this;
    }

    /** The whole run's rate over time, over every shard. */
    public Builder target(RateSchedule target) {
      this.target = target;
      return this;
    }

    /** Null for none. */
    public Builder slo(Slo slo) {
      this.slo = slo;
      return this;
    }

    public Builder operations(long operations) {
      this.operations = operations;
      return this;
    }

    /** 0 for no limit. */
    public Builder maxExecutionTimeSeconds(long maxExecutionTimeSeconds) {
      this.maxExecutionTimeSeconds = maxExecutionTimeSeconds;
      return this;
    }

    public Builder stopGraceSeconds(long stopGraceSeconds) {
      this.stopGraceSeconds = stopGraceSeconds;
      return this;
    }

    public Builder status(boolean status) {
      this.status = status;
      return this;
    }

    public Builder statusIntervalSeconds(double statusIntervalSeconds) {
      this.statusIntervalSeconds = statusIntervalSeconds;
      return this;
    }

    public Builder measurementInterval(MeasurementInterval measurementInterval) {
      this.measurementInterval = measurementInterval;
      return this;
    }

    public Builder spinSleep(boolean spinSleep) {
      this.spinSleep = spinSleep;
      return this;
    }

    /** {@link Duration#ZERO} for none. */
    public Builder warmup(Duration warmup) {
      this.warmup = warmup;
      return this;
    }

    public Builder inflight(int inflight) {
      this.inflight = inflight;
      return this;
    }

    /** Null for a random seed. */
    public Builder seed(Long seed) {
      this.seed = seed;
      return this;
    }

    public Builder shard(ShardSpec shard) {
      this.shard = shard;
      return this;
    }

    /** Null to start at once. */
    public Builder startAt(Instant startAt) {
      this.startAt = startAt;
      return this;
    }

    public Builder clock(Clock clock) {
      this.clock = clock;
      return this;
    }

    /** {@link FaultSchedule#NONE} (the default) for none. */
    public Builder faults(FaultSchedule faults) {
      this.faults = faults;
      return this;
    }

    /** {@link AuditSpec#NONE} (the default) for none. */
    public Builder audit(AuditSpec audit) {
      this.audit = audit;
      return this;
    }

    public Execution build() {
      return new Execution(
          threads,
          target,
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
          clock,
          faults,
          audit,
          slo);
    }
  }

  /**
   * This client's share of the run's target: the rate its workers are paced at. Derived here, and
   * only here, so that the whole run's rate is never divided and multiplied back.
   */
  public double targetOpsPerSec() {
    return runTargetOpsPerSec() / shard.count();
  }

  /**
   * The whole run's rate, over every shard: the constant target, or a schedule's peak; 0 when not
   * paced.
   */
  public double runTargetOpsPerSec() {
    return target.peakOpsPerSec();
  }

  /** True when the target changes over time (a schedule, not one rate). */
  public boolean scheduled() {
    return target.varies();
  }

  /** True when the phase starts with a warm-up. */
  public boolean warmsUp() {
    return !warmup.isZero();
  }

  /** True when a target rate paces the workers. */
  public boolean throttled() {
    return target.peakOpsPerSec() > 0;
  }
}
