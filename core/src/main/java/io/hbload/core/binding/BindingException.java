package io.hbload.core.binding;

/** A binding could not start or stop (bad configuration, unreachable cluster, missing table). */
public class BindingException extends Exception {
  private static final long serialVersionUID = 1L;

  public BindingException(String message) {
    super(message);
  }

  public BindingException(String message, Throwable cause) {
    super(message, cause);
  }
}
