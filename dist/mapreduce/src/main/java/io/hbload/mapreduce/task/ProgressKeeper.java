package io.hbload.mapreduce.task;

import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Tells the framework the task is alive while it waits or works without reporting (the wait for the
 * shared start, the binding's set-up, a long file): MapReduce kills an attempt that reports no
 * progress for {@code mapreduce.task.timeout} (10 minutes). The run's own limits ({@code
 * maxexecutiontime}, the binding's timeouts) bound a stuck shard instead. One daemon thread per
 * task; close stops it.
 */
final class ProgressKeeper implements AutoCloseable {
  private static final long PERIOD_MILLIS = 5_000;
  private final Thread thread;

  private ProgressKeeper(TaskAttemptContext context) {
    this.thread =
        new Thread(
            () -> {
              try {
                while (!Thread.currentThread().isInterrupted()) {
                  context.progress();
                  Thread.sleep(PERIOD_MILLIS);
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "hbload-progress");
    thread.setDaemon(true);
  }

  static ProgressKeeper start(TaskAttemptContext context) {
    ProgressKeeper keeper = new ProgressKeeper(context);
    keeper.thread.start();
    return keeper;
  }

  @Override
  public void close() {
    thread.interrupt();
  }
}
