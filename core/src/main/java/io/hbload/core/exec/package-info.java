/**
 * Runs a phase: {@link io.hbload.core.exec.PhaseRun} starts one worker per thread, each running one
 * of two loops over the worker's operation source ({@code io.hbload.core.source}): {@link
 * io.hbload.core.exec.BlockingLoop}, one call at a time on a blocking binding, or {@link
 * io.hbload.core.exec.PipelinedLoop}, up to {@code hbload.inflight} calls in flight on an async
 * binding; the phase picks the loop from the spec. Both record every step as the measuring
 * decorator does, on the target-rate schedule; the calling thread reports every interval. {@link
 * io.hbload.core.exec.Runner} opens and closes the binding's session and loads first when the store
 * starts empty.
 */
package io.hbload.core.exec;
