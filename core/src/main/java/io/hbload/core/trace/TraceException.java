package io.hbload.core.trace;

/**
 * A trace that cannot be replayed: a file that cannot be read, or a damaged line, named by file and
 * line number ({@code trace.csv:1234: ...}). One line, for the user.
 */
public final class TraceException extends RuntimeException {
  public TraceException(String message) {
    super(message);
  }

  public TraceException(String message, Throwable cause) {
    super(message, cause);
  }

  /** A damaged line: {@code file:line: why}. */
  static TraceException at(String file, long line, String why) {
    return new TraceException(file + ":" + line + ": " + why);
  }
}
