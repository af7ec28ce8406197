package io.hbload.core.source;

import io.hbload.core.binding.AsyncWorkerClient;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.RunSession;
import io.hbload.core.binding.WorkerClient;
import java.util.SplittableRandom;

/**
 * A run's workload, open on its store: the typed client each worker makes its calls on and the
 * source of its operations, whose steps are calls on that client type. YCSB's CoreWorkload runs on
 * a binding's {@link io.hbload.core.binding.Binding}s ({@link YcsbWorkload}); a workload with calls
 * of its own (hbload pe's increment or check-and-put) brings its own client type, so neither has
 * methods it does not answer and the engine never asks which one it runs. Made by the spec's {@link
 * WorkloadType}; thread-safe: every worker calls it on its own thread.
 *
 * @param <C> a blocking worker's client
 * @param <A> a pipelined worker's client
 */
public interface Workload<C extends WorkerClient, A extends AsyncWorkerClient> {
  /**
   * The run's state around its workers: the phase hooks, closed after the last worker's cleanup.
   */
  RunSession session();

  /**
   * True when workers should be pipelined even with one operation in flight (the workload's calls
   * are async by nature, or a setting chose an async client).
   */
  boolean async();

  /** Worker {@code workerIndex}'s blocking client, made on that worker's thread. */
  C newClient(int workerIndex) throws BindingException;

  /**
   * A client that reads rows back by key, for the acknowledged-write audit's reader {@code index}
   * ({@code --verify}), made on that reader's thread. By default none: BindingException.
   */
  default Binding reader(int index) throws BindingException {
    throw new BindingException("this workload's writes cannot be read back by key");
  }

  /** Worker {@code workerIndex}'s async client, made on that worker's thread. */
  A newAsyncClient(int workerIndex) throws BindingException;

  /** The operations of blocking worker {@code workerIndex}, made on its thread for its client. */
  OperationSource<BlockingStep<C>> blocking(
      int workerIndex, PhaseContext phase, C client, SplittableRandom random);

  /** The operations of pipelined worker {@code workerIndex}, made on its thread for its client. */
  OperationSource<PipelinedStep<A>> pipelined(
      int workerIndex, PhaseContext phase, A client, SplittableRandom random);
}
