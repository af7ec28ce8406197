package io.hbload.gc;

/**
 * Bad input to the calculator, the GC log reader or the checker. The message is one line, fit to
 * show an operator as is (the CLI prints it after {@code hbload gc-tune: } and exits 2). Immutable,
 * thread-safe.
 */
public class InvalidInputException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public InvalidInputException(String message) {
    super(oneLine(message));
  }

  public InvalidInputException(String message, Throwable cause) {
    super(oneLine(message), cause);
  }

  // Messages may embed file contents or OS errors; the CLI contract is a single line.
  private static String oneLine(String message) {
    return message == null ? "invalid input" : message.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
  }
}
