package io.hbload.core.source;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingSession;
import java.util.SplittableRandom;

/**
 * A workload that runs on a YCSB binding's session (YCSB's CoreWorkload, db_bench's mixgraph): each
 * worker's client is the binding its session makes, and its operations a source of YCSB's calls
 * ({@link YcsbSteps}) for its loop; only the source differs. A source draws by operation number
 * from the phase's seed, not from the worker's own stream, which it ignores.
 */
public interface BindingWorkload extends Workload<Binding, AsyncBinding> {
  /** The binding's session, which makes the workers' clients. */
  BindingSession bindings();

  /** One worker's operations, whose steps are {@code steps}: its loop's kind of YCSB call. */
  <S extends Step> OperationSource<S> source(YcsbSteps<S> steps, PhaseContext phase);

  @Override
  default OperationSource<BlockingStep<Binding>> blocking(
      int workerIndex, PhaseContext phase, Binding client, SplittableRandom random) {
    return source(YcsbSteps.BLOCKING, phase);
  }

  @Override
  default OperationSource<PipelinedStep<AsyncBinding>> pipelined(
      int workerIndex, PhaseContext phase, AsyncBinding client, SplittableRandom random) {
    return source(YcsbSteps.PIPELINED, phase);
  }

  @Override
  default boolean async() {
    return bindings().async();
  }

  /** A binding of its session: YCSB's read returns the row a write stored. */
  @Override
  default Binding reader(int index) throws BindingException {
    return bindings().newBinding(index);
  }

  @Override
  default Binding newClient(int workerIndex) throws BindingException {
    return bindings().newBinding(workerIndex);
  }

  @Override
  default AsyncBinding newAsyncClient(int workerIndex) throws BindingException {
    return bindings().newAsyncBinding(workerIndex);
  }
}
