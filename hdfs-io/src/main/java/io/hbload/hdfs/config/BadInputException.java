package io.hbload.hdfs.config;

/**
 * The user asked for something that cannot run (unknown policy, too few DataNodes, unreachable
 * NameNode, a directory holding files hbload did not write...). The CLI prints the one-line message
 * and exits 2; nothing has been written or deleted when it is thrown. An {@link
 * IllegalArgumentException} because that is what it is: an argument the run cannot take.
 */
public final class BadInputException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public BadInputException(String message) {
    super(message);
  }

  public BadInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
