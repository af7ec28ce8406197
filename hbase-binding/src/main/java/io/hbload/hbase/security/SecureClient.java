package io.hbload.hbase.security;

import org.apache.hadoop.conf.Configuration;

/**
 * What a client needs from a secure cluster's configuration besides its own login: the servers'
 * principals, which the client asks the KDC for tickets to. Without them the first RPC fails deep
 * inside SASL after retries; here it is one line naming the key. Stateless.
 */
public final class SecureClient {
  public static final String MASTER_PRINCIPAL = "hbase.master.kerberos.principal";
  public static final String REGIONSERVER_PRINCIPAL = "hbase.regionserver.kerberos.principal";

  private SecureClient() {}

  /** Throws when a server principal is missing from a Kerberos client configuration. */
  public static void requireServerPrincipals(Configuration conf) throws KerberosLoginException {
    for (String key : new String[] {MASTER_PRINCIPAL, REGIONSERVER_PRINCIPAL}) {
      String v = conf.get(key);
      if (v == null || v.isBlank()) {
        throw new KerberosLoginException(
            "secure HBase: "
                + key
                + " is not set; use the cluster's hbase-site.xml "
                + "(-cp/--hbase-conf DIR) or -p "
                + key
                + "=hbase/_HOST@REALM");
      }
    }
  }
}
