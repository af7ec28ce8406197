package io.hbload.hbase.pe;

import io.hbload.core.source.OperationSlot;
import io.hbload.core.source.OperationSource;
import io.hbload.core.source.Step;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What PE's blocking and async sources share: which row each operation is. In the run, row i for
 * the i-th operation from the client's first row (PE's partitioning), none for rows outside the
 * --sampleRate sample, the first --measureAfter + 1 unmeasured (PE's {@code (i - startRow) >
 * measureAfter}); in the load the engine runs first when the embedded cluster starts empty and the
 * command reads, sequentialWrite's rows 0 .. totalRows-1, shared out through one counter. PE's
 * --randomSleep makes the random reads sleep 0 .. N-1 ms before each row is handed to the loop, so
 * the sleep is outside the timed call (PE 2.5 starts its clock before the sleep and counts it in
 * its latencies; here latencies are the call's alone). Each operation is one step the source makes
 * {@link #runStep} (the command's call, under its measure), or {@link #loadStep} (a put, as INSERT)
 * in that load; the subclass makes both, bound to itself. Confined to the worker.
 */
abstract class PeRows<S extends Step> implements OperationSource<S> {
  final PeSpec spec;
  final PeTest test;
  final PeRequests requests;

  /** The measured phase, else the load before it. */
  final boolean run;

  final int firstRow;
  private final AtomicInteger loadRows;
  private final int everyN;

  /** --randomSleep's bound in ms for the random reads, else 0. */
  private final int sleepMillis;

  private int next;

  /** The command's step and the load's, made by the subclass for its loop's kind of worker. */
  private S runStep;

  private S loadStep;

  /**
   * @param loadRows the rows that load has handed out, shared by every client
   */
  PeRows(PeSpec spec, int client, SplittableRandom random, boolean run, AtomicInteger loadRows) {
    this.spec = spec;
    this.test = spec.workload().test();
    this.requests = new PeRequests(spec, random);
    this.run = run;
    this.loadRows = loadRows;
    this.firstRow = spec.firstRow(client);
    this.next = firstRow;
    this.everyN = spec.everyN();
    this.sleepMillis =
        run && (test == PeTest.RANDOM_READ || test == PeTest.ASYNC_RANDOM_READ)
            ? spec.execution().randomSleepMillis()
            : 0;
  }

  /** The subclass's steps, set in its constructor. */
  final void steps(S runStep, S loadStep) {
    this.runStep = runStep;
    this.loadStep = loadStep;
  }

  @Override
  public final boolean load(OperationSlot<S> s) {
    int i = loadRows.getAndIncrement();
    if (i >= spec.rows().totalRows()) {
      return false;
    }
    step(s, loadStep, i, false);
    return true;
  }

  @Override
  public final boolean transaction(OperationSlot<S> s) {
    int i = next++;
    if (i % everyN != 0) {
      return false; // not in PE's sample
    }
    if (sleepMillis > 0) {
      sleep();
    }
    // before --measureAfter rows PE does not measure, and neither does the engine (nor count them)
    step(s, runStep, i, i - firstRow <= spec.execution().measureAfter());
    return true;
  }

  /**
   * PE's random sleep (ThreadLocalRandom, as PE, so the seeded rows stay those of a run without
   * it).
   */
  private void sleep() {
    try {
      Thread.sleep(ThreadLocalRandom.current().nextInt(sleepMillis));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // kept for the engine, whose stop it is
    }
  }

  private static <S extends Step> void step(
      OperationSlot<S> s, S step, int row, boolean unmeasured) {
    s.operation = step.measure;
    s.step = step;
    s.composite = false;
    s.overall = null;
    s.unmeasured = unmeasured;
    s.number = row;
  }

  @Override
  public final void retry(OperationSlot<S> s) {
    throw new IllegalStateException("PE's operations are not retried");
  }

  @Override
  public final void release(OperationSlot<S> s) {
    // nothing held: rows are not acknowledged
  }
}
