package io.hbload.hbase.security;

import java.nio.file.Path;

/**
 * Who to log in as: a principal and its keytab (both or neither; neither means the ticket cache of
 * {@code kinit} when the cluster's configuration asks for Kerberos), and optionally the krb5.conf
 * naming the realm's KDCs (otherwise the JVM's default: {@code -Djava.security.krb5.conf}, {@code
 * /etc/krb5.conf}). Holds paths only, never a secret. Immutable.
 *
 * @param principal e.g. {@code client@EXAMPLE.COM}, or null
 * @param keytab the principal's keytab, or null
 * @param krb5Conf krb5.conf to use, or null for the JVM's default
 */
public record KerberosSpec(String principal, Path keytab, Path krb5Conf) {
  /** No explicit login: the ticket cache, if the cluster is Kerberized at all. */
  public static final KerberosSpec NONE = new KerberosSpec(null, null, null);

  public KerberosSpec {
    if ((principal == null) != (keytab == null)) {
      throw new IllegalArgumentException(
          "principal and keytab go together: " + principal + ", " + keytab);
    }
  }

  /** Whether a principal and keytab were given. */
  public boolean usesKeytab() {
    return principal != null;
  }

  /** For messages: {@code client@EXAMPLE.COM with keytab /path}, or {@code the ticket cache}. */
  public String describe() {
    return usesKeytab() ? principal + " with keytab " + keytab : "the ticket cache (kinit)";
  }
}
