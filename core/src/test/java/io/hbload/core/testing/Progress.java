package io.hbload.core.testing;

import static io.hbload.core.testing.Waits.await;

import io.hbload.core.Hbload;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How far a run in another thread has got, read from its status lines as a user reads them: for a
 * test that acts mid-run (stops a server, interrupts the run) once the run has done what the action
 * needs, instead of after a fixed sleep.
 */
public final class Progress {
  private static final Pattern OPERATIONS = Pattern.compile(" sec: (\\d+) operations; ");

  private final ByteArrayOutputStream said = new ByteArrayOutputStream();

  /**
   * {@code run} with its status lines every 0.2 s going here (only what the user sees changes:
   * status lines and the length of the report's samples).
   */
  public Hbload watch(Hbload run) {
    return run.status(true)
        .property("status.interval", "0.2")
        .messages(new PrintStream(said, true, StandardCharsets.UTF_8));
  }

  /** The operations the latest status line counts; 0 before the first. */
  public long operations() {
    Matcher m = OPERATIONS.matcher(said.toString(StandardCharsets.UTF_8));
    long n = 0;
    while (m.find()) {
      n = Long.parseLong(m.group(1));
    }
    return n;
  }

  /**
   * Waits until the watched {@code run} has done {@code operations}, at most {@code atMost}; fails
   * at once, with how it ended, when it ends first.
   */
  public void awaitOperations(long operations, Duration atMost, Future<?> run) {
    await("the run's first " + operations + " operations", atMost, Duration.ofMillis(100))
        .failFast(
            () -> {
              if (run.isDone()) {
                throw new AssertionError(
                    "the run ended after " + operations() + " operations: " + outcome(run));
              }
            })
        .until(this::operations, n -> n >= operations);
  }

  private static String outcome(Future<?> run) {
    try {
      return String.valueOf(run.get());
    } catch (Exception e) {
      return e.toString();
    }
  }
}
