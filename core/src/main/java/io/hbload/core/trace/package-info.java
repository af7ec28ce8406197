/**
 * A key-value trace on its way to the engine ({@code hbload replay}): a file ({@link
 * io.hbload.core.trace.TraceInput}: plain, gzip or zstd, read as a stream) parsed line by line in
 * its {@link io.hbload.core.trace.TraceFormat} (Twitter's cache-trace CSV, hbload's own CSV), each
 * record given its scheduled time and a row key by a {@link io.hbload.core.trace.TraceReader}
 * thread and dealt to the workers through bounded {@link io.hbload.core.trace.TraceFeed}s, so that
 * a trace larger than memory replays. The run's {@link io.hbload.core.trace.ReplayTally} counts
 * what was replayed and how late each record went out (send skew). Sits below the operation
 * sources: {@code source.TraceSource} turns a record into a call.
 */
package io.hbload.core.trace;
