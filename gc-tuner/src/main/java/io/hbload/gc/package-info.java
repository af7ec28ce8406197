/**
 * G1 flag calculator for HBase RegionServers: {@link TuningInput} (heap, CPUs, pause goal, target
 * JDK, Eden evacuation rate) flows into {@link io.hbload.gc.tune.GcTuner}, which applies the rules
 * in {@code rules} against the flag table in {@code jdk} and returns a {@link
 * io.hbload.gc.TuningResult} (options plus the reason for each). {@code gclog} measures the
 * evacuation rate from the operator's own GC logs, {@code check} proves the options start on the
 * target {@code java}, {@code format} renders them. No dependency on picocli or other hbload
 * modules.
 */
package io.hbload.gc;
