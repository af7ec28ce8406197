package io.hbload.core.config;

import java.util.List;

/**
 * Bad input in a run's configuration: a malformed or out-of-range property, an unknown workload or
 * distribution, an unreadable file. The message is one line naming the property, fit to print as
 * is; several problems found at once are joined with "; ".
 */
public final class SpecException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  public SpecException(String message) {
    this(List.of(message));
  }

  public SpecException(List<String> problems) {
    super(String.join("; ", problems));
    this.problems = List.copyOf(problems);
  }

  /** Each problem on its own, in the order found. */
  public List<String> problems() {
    return problems;
  }

  /** "property NAME: reason", the form every problem takes. */
  public static SpecException forProperty(String property, String reason) {
    return new SpecException("property " + property + ": " + reason);
  }
}
