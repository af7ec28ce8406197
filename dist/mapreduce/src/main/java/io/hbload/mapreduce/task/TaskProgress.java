package io.hbload.mapreduce.task;

import io.hbload.core.exec.RunListener;
import io.hbload.core.exec.StatusSnapshot;
import io.hbload.core.measure.IntervalView;
import io.hbload.core.spec.RunSpec;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * A shard's progress as its job sees it: at every status interval the task's counters (operations,
 * errors) and its status string ({@code shard 1/4: 12345 operations, 0 errors}). Called on the
 * engine's reporter thread; the framework's reporter thread reads the counters, so a value may be
 * one interval old, never torn.
 */
final class TaskProgress implements RunListener {
  private final TaskAttemptContext context;
  private final String shard;
  private final Counter operations;
  private final Counter errors;
  private long errorTotal;

  TaskProgress(TaskAttemptContext context, String shard) {
    this.context = context;
    this.shard = shard;
    this.operations = context.getCounter(ShardCounter.OPERATIONS);
    this.errors = context.getCounter(ShardCounter.ERRORS);
  }

  @Override
  public void interval(RunSpec spec, StatusSnapshot snapshot) {
    for (IntervalView.Latency l : snapshot.interval().latencies()) {
      // a measure's own name is its successful calls (the run's own too, e.g. PE's INCREMENT); any
      // other name (READ-FAILED, READ-NOT_FOUND) counts failed ones
      if (spec.measures().named(l.name()) == null) {
        errorTotal += l.service().getTotalCount();
      }
    }
    operations.setValue(snapshot.totalOperations());
    errors.setValue(errorTotal);
    context.setStatus(
        "shard "
            + shard
            + ": "
            + snapshot.totalOperations()
            + " operations, "
            + errorTotal
            + " errors");
    context.progress();
  }
}
