package io.hbload.core.config;

import io.hbload.core.config.BindingSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything one phase of a run needs, typed and validated; built by {@link SpecParser} from merged
 * properties (the CLI) or by {@link RunSpecBuilder} (the Java API), which produce the same spec. Immutable.
 *
 * @param operations operations this phase performs; 0 = until {@code maxExecutionTimeSeconds}
 * @param targetOpsPerSec whole-client target; 0 = as fast as possible
 * @param percentiles percentiles the text report prints ({@code hdrhistogram.percentiles})
 * @param exportFile {@code exportfile}: where the text report goes, null = stdout
 * @param exporter {@code exporter}: YCSB exporter class name (text, JSON, JSON array)
 * @param jsonFile hbload's JSON result ({@code hbload.json}), null = none
 * @param hlogFile HdrHistogram interval log ({@code hbload.hlog}), null = none
 * @param stopGraceSeconds how long a stopping phase waits for calls in progress ({@code hbload.stopgrace}) before it
 *     names the workers still stuck in a binding call and ends without them
 * @param seed seed for every random choice, null = random (YCSB behaviour)
 * @param failOnErrors exit non-zero when any operation failed ({@code hbload.failonerror})
 * @param reportLatencyForEachError {@code reportlatencyforeacherror}: a latency series per error status
 * @param latencyTrackedErrors {@code latencytrackederrors}: statuses that get their own latency series
 * @param bindingSettings the binding's own settings, parsed by its provider in the same pass
 * @param shard which of N cooperating clients this is ({@code hbload.shard}); operations, target and (for a
 *     load) the records here are already this shard's share
 * @param startAt the wall-clock instant the measured phase starts at ({@code hbload.startat}), or null
 * @param properties every merged property, as given: echoed into result documents so a run can be reproduced;
 *     never read a setting from it (every setting is a typed field here or in {@code bindingSettings})
 * @param notes warnings found while parsing, printed before the run (e.g. threads cut to the op count)
 * @param warmup how long the phase runs its workload before it starts measuring ({@code hbload.warmup}); zero for
 *     none. Warm-up operations are counted apart and are in none of the phase's figures
 * @param inflight operations each worker keeps outstanding ({@code hbload.inflight}); 1 = one blocking call at a
 *     time, today's engine; more = the binding's async interface, pipelined
 */
public record RunSpec(
    Phase phase,
    WorkloadSpec workload,
    String binding,
    int threads,
    double targetOpsPerSec,
    long operations,
    long maxExecutionTimeSeconds,
    long stopGraceSeconds,
    boolean status,
    double statusIntervalSeconds,
    String label,
    MeasurementInterval measurementInterval,
    List<Double> percentiles,
    String exporter,
    Path exportFile,
    Path jsonFile,
    Path hlogFile,
    Long seed,
    boolean spinSleep,
    boolean failOnErrors,
    boolean reportLatencyForEachError,
    Set<String> latencyTrackedErrors,
    BindingSettings bindingSettings,
    ShardSpec shard,
    java.time.Instant startAt,
    Map<String, String> properties,
    List<String> notes,
    java.time.Duration warmup,
    int inflight) {

  public RunSpec {
    percentiles = List.copyOf(percentiles);
    latencyTrackedErrors = java.util.Collections.unmodifiableSet(new java.util.LinkedHashSet<>(latencyTrackedErrors));
    properties = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(properties));
    notes = List.copyOf(notes);
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
