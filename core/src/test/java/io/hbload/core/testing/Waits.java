package io.hbload.core.testing;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.awaitility.core.ThrowingRunnable;

/**
 * How tests wait for a cluster, a process or a run in real time: for the condition they need, with
 * a deadline, instead of sleeping. Awaitility, as a polling loop would do it: the condition is
 * checked at once and then every {@code every}, on the test's own thread (Hadoop's login and
 * Kerberos state stay the test's), and a failure says what was awaited. Exceptions other threads
 * leave uncaught (a cluster's own, while a test stops one of its servers) stay theirs: Awaitility
 * would otherwise fail the wait with them.
 */
public final class Waits {
  private Waits() {}

  /**
   * A wait for {@code what} (as a user would read it: "the login line printed"), of at most {@code
   * atMost}, checked every {@code every}; end it with {@code until}, {@code untilAsserted}, ...
   */
  public static ConditionFactory await(String what, Duration atMost, Duration every) {
    return Awaitility.await(what)
        .atMost(atMost)
        .pollDelay(Duration.ZERO)
        .pollInterval(every)
        .pollInSameThread()
        .dontCatchUncaughtExceptions();
  }

  /**
   * Waits with {@code wait} until {@code output} (what a process or a command printed so far) has a
   * line that starts with {@code prefix}, and returns that line; after the deadline the failure
   * shows the output as it was then.
   */
  public static String line(ConditionFactory wait, Callable<String> output, String prefix) {
    AtomicReference<String> line = new AtomicReference<>();
    wait.untilAsserted(
        () -> {
          String printed = output.call();
          line.set(
              printed
                  .lines()
                  .filter(l -> l.startsWith(prefix))
                  .findFirst()
                  .orElseThrow(
                      () ->
                          new AssertionError(
                              "no line starting \""
                                  + prefix
                                  + "\" in what was printed:\n"
                                  + printed)));
        });
    return line.get();
  }

  /**
   * {@link #line} for a command running in {@code thread} of this JVM and printing to {@code out}:
   * fails at once, with what it printed, when the thread ends.
   */
  public static String line(
      String what,
      Duration atMost,
      Duration every,
      Thread thread,
      StringWriter out,
      String prefix) {
    return line(
        await(what, atMost, every).failFast(alive(thread.getName(), thread, out::toString)),
        out::toString,
        prefix);
  }

  /**
   * For {@code failFast}: fails the wait at once when {@code process} has exited, with what it
   * wrote to {@code output} (its stderr, or a log), instead of after the deadline.
   */
  public static ThrowingRunnable alive(String what, Process process, Path output) {
    return () -> {
      if (!process.isAlive()) {
        throw new AssertionError(
            what + " exited (" + process.exitValue() + "): " + Files.readString(output));
      }
    };
  }

  /**
   * For {@code failFast}: fails the wait at once when {@code thread} (a command run in this JVM)
   * has ended, with what it said.
   */
  public static ThrowingRunnable alive(String what, Thread thread, Supplier<?> said) {
    return () -> {
      if (!thread.isAlive()) {
        throw new AssertionError(what + " ended: " + said.get());
      }
    };
  }
}
