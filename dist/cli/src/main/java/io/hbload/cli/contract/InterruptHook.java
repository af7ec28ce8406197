package io.hbload.cli.contract;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C during a command: asks the work to stop and keeps the JVM alive until the command has
 * written what it did (its report), up to a minute by default. A phase gives stuck binding calls
 * {@code hbload.stopgrace} before it reports without them, so its hook waits that long plus time to
 * write the report. Closing it (the command is done) releases the hook. Part of the contract
 * because every command that runs work (a phase, a suite, a job) stops the same way.
 */
public final class InterruptHook implements AutoCloseable {
  private final Thread hook;
  private final CountDownLatch done = new CountDownLatch(1);

  private InterruptHook(Runnable stop, long waitSeconds) {
    this.hook =
        new Thread(
            () -> {
              stop.run();
              try {
                done.await(waitSeconds, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "hbload-interrupt");
  }

  public static InterruptHook install(Runnable stop) {
    return install(stop, 60);
  }

  /**
   * As {@link #install(Runnable)}, waiting up to {@code waitSeconds} for the command to finish its
   * output.
   */
  public static InterruptHook install(Runnable stop, long waitSeconds) {
    InterruptHook h = new InterruptHook(stop, waitSeconds);
    Runtime.getRuntime().addShutdownHook(h.hook);
    return h;
  }

  @Override
  public void close() {
    done.countDown();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running: it was waiting for the countDown above
    }
  }
}
