package io.hbload.core.config;

import java.time.Duration;
import java.util.Optional;

/**
 * The user's command for process faults on a cluster hbload does not own ({@code --fault-exec}),
 * checked: it names the server with {@value #HOST}, and its timeout is positive. What it runs and
 * how is {@link io.hbload.core.fault.FaultCommand}'s. Immutable.
 *
 * @param template the shell line, placeholders in place
 * @param timeout how long one run may take before it is killed
 */
public record FaultExec(String template, Duration timeout) {
  /** The placeholder for the server a fault hits. */
  public static final String HOST = "{host}";

  /** How long a command may take unless told otherwise: an ssh and a service restart. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);

  public FaultExec {
    Optional<String> p = problem(template, timeout);
    if (p.isPresent()) {
      throw new SpecException(p.get());
    }
    template = template.strip();
  }

  /**
   * Why {@code template} cannot be a fault command, or empty when it can: empty, or without {@code
   * {host}} (every process fault hits one server, and a command that cannot name it hits the wrong
   * one or none).
   */
  public static Optional<String> problem(String template, Duration timeout) {
    if (template == null || template.isBlank()) {
      return Optional.of("--fault-exec is empty");
    }
    if (!template.contains(HOST)) {
      return Optional.of(
          "--fault-exec '"
              + template
              + "' has no "
              + HOST
              + ": a process fault hits one server, and the command must be told which (e.g. 'ssh"
              + " {host} sudo systemctl restart hbase-regionserver')");
    }
    if (timeout.isNegative() || timeout.isZero()) {
      return Optional.of("--fault-exec-timeout must be positive, got " + timeout);
    }
    return Optional.empty();
  }
}
