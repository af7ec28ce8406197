package io.hbload.core;

/**
 * A run could not start: its binding could not open (unreachable cluster, missing table, bad
 * settings).
 */
public class HbloadException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public HbloadException(String message, Throwable cause) {
    super(message, cause);
  }
}
