package io.hbload.core.source;

import io.hbload.core.config.Phase;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.keys.KeySpace;
import io.hbload.core.measure.Measures;
import io.hbload.core.time.Clock;

/**
 * What a phase gives every worker's source: which phase it is, the workload's settings, the key
 * space its workers share (the insert counter and the acknowledged keys), the phase's clock, on
 * which retries are due, and the seed its operations are drawn from ({@link CycleRandom}): the
 * run's {@code --seed}, the same in every shard, or a fresh one; and the run's measures, among
 * which a workload finds its own. Immutable.
 */
public record PhaseContext(
    Phase phase, WorkloadSpec workload, KeySpace keys, Clock clock, long seed, Measures measures) {}
