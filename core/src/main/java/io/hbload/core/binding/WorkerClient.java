package io.hbload.core.binding;

/**
 * What both loops ask of every worker's client, whatever its operations are: to clean up once its
 * last operation is over ({@link AsyncWorkerClient} adds what the pipelined loop needs). The
 * operations call the client's own typed methods (YCSB's {@link Binding}, PE's HBase calls); the
 * loop only times them. One instance per worker, confined to its thread.
 */
public interface WorkerClient {
  /**
   * Called once on the worker's thread after its last operation (flush buffers here); timed as
   * CLEANUP.
   */
  default void cleanup() throws BindingException {}
}
