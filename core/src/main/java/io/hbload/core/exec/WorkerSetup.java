package io.hbload.core.exec;

import io.hbload.core.audit.WriteAudit;
import io.hbload.core.measure.LatencyNames;
import io.hbload.core.measure.WorkerRecorder;
import io.hbload.core.source.PhaseContext;
import io.hbload.core.spec.RunSpec;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * What every worker of a phase is made with, whichever loop it runs: the phase's spec and what its
 * sources share, where each worker publishes its recorder, the latency names, the phase's state
 * (stop flag, schedule restarts), the schedule's start, and the run's write audit (null without
 * {@code --verify}), which gives each worker a log. One per phase; the array is written once per
 * worker, the rest is immutable.
 */
record WorkerSetup(
    RunSpec spec,
    PhaseContext phase,
    AtomicReferenceArray<WorkerRecorder> recorders,
    LatencyNames names,
    PhaseState state,
    long scheduleStartNanos,
    WriteAudit audit) {}
