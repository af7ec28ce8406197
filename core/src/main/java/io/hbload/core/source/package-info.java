/**
 * Operation sources: what each operation of a phase is, written once for both of the engine's
 * loops, and the typed calls (steps) that run themselves on a worker's client.
 *
 * <p>A run's {@link io.hbload.core.source.Workload} makes each worker's client (YCSB's {@link
 * io.hbload.core.binding.Binding}, or a workload's own client type, as hbload pe's) and its {@link
 * io.hbload.core.source.OperationSource}, which draws each operation into a reusable {@link
 * io.hbload.core.source.OperationSlot}: the measure it is recorded under, its key, fields and
 * values, and the {@link io.hbload.core.source.Step} to run next, a {@link
 * io.hbload.core.source.BlockingStep} or {@link io.hbload.core.source.PipelinedStep} that makes its
 * own call on the client and carries its measure. An operation of several steps (read-modify-write,
 * a read whose values are verified, a load insert that is retried) hands its next step back after
 * each completion. The loops in {@code io.hbload.core.exec} run the steps and record them; neither
 * a source nor a step calls a recorder, and no loop asks which workload it runs. {@link
 * io.hbload.core.source.YcsbSource} is YCSB's CoreWorkload, its calls {@link
 * io.hbload.core.source.YcsbSteps}; its draws are a function of the run's seed and the operation's
 * number ({@link io.hbload.core.source.CycleRandom}), so the same seed gives the same operations
 * for any split into threads and shards. The spec's {@link io.hbload.core.source.WorkloadType}
 * opens the run's workload and declares its measures.
 */
package io.hbload.core.source;
