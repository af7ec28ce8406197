/**
 * Third step, pipelined: the operations on HBase's async client, for workers that keep many
 * operations in flight ({@code hbload.inflight} above 1, or {@code hbase.async=true}). {@link
 * io.hbload.hbase.async.AsyncHBaseSession} adds one shared {@code AsyncConnection} to the blocking
 * session (which still does the table set-up and metrics); each worker gets an {@link
 * io.hbload.hbase.async.AsyncHBaseBinding} issuing the same cells as the blocking binding through
 * {@code AsyncTable} (and {@code AsyncBufferedMutator} with client buffering).
 */
package io.hbload.hbase.async;
