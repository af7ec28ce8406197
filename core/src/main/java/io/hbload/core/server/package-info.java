/**
 * What the servers were doing while the client measured: a binding's {@link
 * io.hbload.core.server.ServerSampler} reads each server's figures (GC pauses, queues, memory), the
 * engine samples it on a thread of its own at the client's interval ({@link
 * io.hbload.core.server.ServerSampling}), and the samples become per-interval series ({@link
 * io.hbload.core.server.ServerSeries}) that the result JSON, the HTML report and the meters carry
 * beside the client's latency. Core knows figures only by the names and units a binding gives.
 */
package io.hbload.core.server;
