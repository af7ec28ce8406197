/**
 * Measures G1's Eden evacuation rate from the operator's GC logs: {@link
 * io.hbload.gc.gclog.GcLogReader} turns JDK 9+ unified logs ({@code -Xlog:gc*}) and JDK 8 {@code
 * PrintGCDetails} logs into {@link YoungPause}s; {@link io.hbload.gc.gclog.EvacuationSummary}
 * reduces them to a robust rate that feeds {@link io.hbload.gc.TuningInput} in place of the post's
 * 10 GB/s.
 */
package io.hbload.gc.gclog;
