/**
 * Operation sources: what each operation of a phase is, written once for both of the engine's
 * loops.
 *
 * <p>A worker's {@link io.hbload.core.source.OperationSource} draws each operation from the
 * worker's own random source (so {@code --seed} makes a run reproducible) into a reusable {@link
 * io.hbload.core.source.OperationSlot}: the measure it is recorded under, its key, fields and
 * values, and the binding call to make next (a step). An operation of several steps
 * (read-modify-write, a read whose values are verified, a load insert that is retried) hands its
 * next step back after each completion. The loops in {@code io.hbload.core.exec} issue the steps,
 * on a blocking binding or many at a time on an async one, and record them; a source never calls a
 * recorder. {@link io.hbload.core.source.YcsbSource} is YCSB's CoreWorkload. A workload of a
 * binding's own (hbload pe's commands) is another source, made by its session ({@link
 * io.hbload.core.source.OperationSources}): its steps are calls it makes itself on the typed
 * binding it was made with, under measures it registers ({@link
 * io.hbload.core.measure.Measure#register}); the loops time and record them as they do the
 * binding's calls.
 */
package io.hbload.core.source;
