package io.hbload.hbase.security;

import io.hbload.core.binding.BindingException;

/**
 * A Kerberos login that cannot work: wrong keytab or principal, unknown realm, no krb5.conf, no or
 * an expired ticket. The user's input (a {@link BindingException}, so the CLI exits 2 with this
 * one-line message), thrown before any connection is tried, so there is no retry storm.
 */
public final class KerberosLoginException extends BindingException {
  private static final long serialVersionUID = 1L;

  public KerberosLoginException(String message) {
    super(message);
  }

  public KerberosLoginException(String message, Throwable cause) {
    super(message, cause);
  }
}
