package io.hbload.hbase.testkit;

import io.hbload.hbase.cluster.HBaseCluster;
import io.hbload.hbase.config.HBaseProperties;
import io.hbload.hbase.embedded.EmbeddedHBase;
import io.hbload.hbase.embedded.EmbeddedKdc;
import io.hbload.hbase.security.KerberosLogin;
import io.hbload.hbase.security.SecureClient;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/** {@link TestHBase} over an in-process {@link EmbeddedHBase}. Thread-safe. */
final class EmbeddedTestHBase implements TestHBase {
  private final HBaseCluster cluster;
  private final EmbeddedHBase hbase;
  private final boolean closeable;

  /** Takes over {@code cluster}, an embedded one: {@link #close()} stops it. */
  EmbeddedTestHBase(HBaseCluster cluster) {
    this(cluster, true);
  }

  /**
   * Over {@code cluster}, an embedded one; {@link #close()} stops it only when {@code closeable}
   * (the shared cluster outlives every test that holds it).
   */
  EmbeddedTestHBase(HBaseCluster cluster, boolean closeable) {
    this.cluster = cluster;
    this.hbase = cluster.embedded().unwrap(EmbeddedHBase.class);
    this.closeable = closeable;
  }

  @Override
  public HBaseCluster cluster() {
    return cluster;
  }

  @Override
  public String zkQuorum() {
    return hbase.zkQuorum();
  }

  @Override
  public int zkPort() {
    return hbase.zkPort();
  }

  @Override
  public Configuration configuration() {
    return hbase.clientConfiguration();
  }

  /**
   * The ZooKeeper address, and for a secure cluster the login and the servers' principals (hbase.*
   * pass-through).
   */
  @Override
  public Map<String, String> properties() {
    EmbeddedKdc kdc = hbase.kdc();
    if (kdc == null) {
      return TestHBase.super.properties();
    }
    Map<String, String> p = new LinkedHashMap<>(TestHBase.super.properties());
    p.put(HBaseProperties.PRINCIPAL, kdc.clientPrincipal());
    p.put(HBaseProperties.KEYTAB, kdc.clientKeytab().toString());
    p.put(KerberosLogin.HBASE_AUTHENTICATION, "kerberos");
    p.put(SecureClient.MASTER_PRINCIPAL, kdc.serverPrincipal());
    p.put(SecureClient.REGIONSERVER_PRINCIPAL, kdc.serverPrincipal());
    return Collections.unmodifiableMap(p);
  }

  @Override
  public String clientPrincipal() {
    return hbase.kdc() == null ? null : hbase.kdc().clientPrincipal();
  }

  @Override
  public Path clientKeytab() {
    return hbase.kdc() == null ? null : hbase.kdc().clientKeytab();
  }

  @Override
  public Path krb5Conf() {
    return hbase.kdc() == null ? null : hbase.kdc().krb5Conf();
  }

  @Override
  public EmbeddedHBase embedded() {
    return hbase;
  }

  @Override
  public void close() throws IOException {
    if (closeable) {
      cluster.close();
    }
  }
}
