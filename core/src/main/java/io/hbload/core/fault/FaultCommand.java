package io.hbload.core.fault;

import io.hbload.core.config.FaultExec;
import io.hbload.core.time.Clock;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The user's command that carries out a process fault on a cluster hbload does not own ({@code
 * --fault-exec 'ssh {host} sudo systemctl restart hbase-regionserver'}), as HBase ChaosMonkey's
 * cluster manager runs ssh commands: {@code {host}} becomes the server the fault hits and {@code
 * {action}} the fault's short name (so one script can do several kinds), then the line runs under
 * {@code /bin/sh -c} with a timeout. Its exit code and the last line of its stderr are the fault's
 * outcome; a command that fails or times out is a fault that did not happen, never a crashed run.
 *
 * <p>Immutable and thread-safe; {@link #run} blocks the calling (fault) thread.
 */
public final class FaultCommand {
  /** The placeholder for the server a fault hits. */
  public static final String HOST = FaultExec.HOST;

  /**
   * The placeholder for the server itself where a host runs several: HBase's {@code
   * host,port,startcode}, a DataNode's {@code host:port}.
   */
  public static final String SERVER = "{server}";

  /** The placeholder for the fault's short name, e.g. {@code restart-regionserver}. */
  public static final String ACTION = "{action}";

  /** How long a command may take unless told otherwise: an ssh and a service restart. */
  public static final Duration DEFAULT_TIMEOUT = FaultExec.DEFAULT_TIMEOUT;

  /**
   * What a host name may hold before it is put into a shell line: a name the cluster reported is
   * never trusted to be shell-safe.
   */
  private static final Pattern SAFE_HOST = Pattern.compile("[A-Za-z0-9._:,\\-\\[\\]]+");

  private final String template;
  private final Duration timeout;

  /**
   * Times the command for its report line; the wait itself is the process's, in real time (a
   * command runs outside any virtual clock).
   */
  private final Clock clock = Clock.system();

  private FaultCommand(String template, Duration timeout) {
    this.template = template;
    this.timeout = timeout;
  }

  /**
   * The command {@code template}.
   *
   * @throws IllegalArgumentException with the one-line reason it is bad input ({@link
   *     FaultExec#problem})
   */
  public static FaultCommand of(String template, Duration timeout) {
    Optional<String> problem = FaultExec.problem(template, timeout);
    if (problem.isPresent()) {
      throw new IllegalArgumentException(problem.get());
    }
    return new FaultCommand(template.strip(), timeout);
  }

  /** The command a checked spec describes. */
  public static FaultCommand of(FaultExec exec) {
    return new FaultCommand(exec.template(), exec.timeout());
  }

  /** Why {@code template} cannot be a fault command, or empty when it can. */
  public static Optional<String> problem(String template, Duration timeout) {
    return FaultExec.problem(template, timeout);
  }

  /** The command line as given, placeholders in place. */
  public String template() {
    return template;
  }

  public Duration timeout() {
    return timeout;
  }

  /** The line that would run for {@code action} on {@code host}. */
  public String expand(String host, String action) {
    return expand(host, host, action);
  }

  /** The line that would run for {@code action} on {@code server}, which runs on {@code host}. */
  public String expand(String host, String server, String action) {
    for (String name : new String[] {host, server}) {
      if (!SAFE_HOST.matcher(name).matches()) {
        throw new IllegalArgumentException(
            "server name '" + name + "' is not safe in a shell line");
      }
    }
    return template.replace(HOST, host).replace(SERVER, server).replace(ACTION, action);
  }

  /**
   * Runs the command for {@code action} on {@code host} and waits at most the timeout (then kills
   * it and its children). Stdout is discarded, stdin is empty.
   *
   * @throws IOException only when the shell could not be started at all
   */
  public Outcome run(String host, String action) throws IOException, InterruptedException {
    return run(host, host, action);
  }

  /** As above, {@code {server}} naming the server on {@code host} (e.g. an HBase ServerName). */
  public Outcome run(String host, String server, String action)
      throws IOException, InterruptedException {
    String line = expand(host, server, action);
    File err = File.createTempFile("hbload-fault-exec", ".err");
    try {
      long start = clock.nanoTime();
      Process p =
          new ProcessBuilder("/bin/sh", "-c", line)
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .redirectError(err)
              .start();
      boolean finished = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
      if (!finished) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        p.waitFor(5, TimeUnit.SECONDS);
      }
      long millis = TimeUnit.NANOSECONDS.toMillis(clock.nanoTime() - start);
      return new Outcome(
          line, host, finished ? p.exitValue() : -1, !finished, lastLine(err), millis);
    } finally {
      Files.deleteIfExists(err.toPath());
    }
  }

  private static String lastLine(File file) throws IOException {
    List<String> lines =
        Files.readAllLines(file.toPath(), StandardCharsets.UTF_8).stream()
            .filter(l -> !l.isBlank())
            .toList();
    return lines.isEmpty() ? "" : lines.get(lines.size() - 1).strip();
  }

  @Override
  public String toString() {
    return template;
  }

  /**
   * What one run of the command did.
   *
   * @param command the line that ran
   * @param host the server it was aimed at
   * @param exitCode its exit code; -1 when it timed out
   * @param timedOut whether it was killed at the timeout
   * @param lastStderrLine the last non-blank line it wrote to stderr, or ""
   * @param elapsedMillis from start to exit (or kill)
   */
  public record Outcome(
      String command,
      String host,
      int exitCode,
      boolean timedOut,
      String lastStderrLine,
      long elapsedMillis) {
    public boolean succeeded() {
      return !timedOut && exitCode == 0;
    }

    /**
     * One line for the fault's report: {@code `ssh h1 ...` on h1: exit 0 in 812 ms (stderr:
     * "...")}.
     */
    public String describe() {
      return "`"
          + command
          + "` on "
          + host
          + ": "
          + (timedOut ? "timed out" : "exit " + exitCode)
          + " in "
          + elapsedMillis
          + " ms"
          + (lastStderrLine.isEmpty() ? "" : " (stderr: \"" + lastStderrLine + "\")");
    }
  }
}
