package io.hbload.hbase.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import javax.security.auth.kerberos.KerberosPrincipal;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.authentication.util.KerberosName;

/**
 * A Kerberos KDC in this JVM (Hadoop's MiniKdc, Apache Kerby) on 127.0.0.1 and a random port, with
 * the principals a secure embedded cluster needs: {@code hbase/localhost} for the HBase servers
 * (the host name they register under), {@code hdfs/localhost} and {@code HTTP/localhost} (SPNEGO of
 * the web endpoints) for an embedded HDFS, and {@code client} for users, each role in its own
 * keytab so the client's never holds the servers' keys. Starting it points this JVM's Kerberos at
 * its krb5.conf ({@code java.security.krb5.conf}), as MiniKdc does. Thread-safe (read-only once
 * started).
 */
public final class EmbeddedKdc implements AutoCloseable {
  /** Host part of the servers' principal: the name the embedded servers register under. */
  public static final String SERVER_HOST = "localhost";

  private final MiniKdc kdc;
  private final Path serverKeytab;
  private final Path clientKeytab;
  private final Path hdfsKeytab;

  private EmbeddedKdc(MiniKdc kdc, Path serverKeytab, Path clientKeytab, Path hdfsKeytab) {
    this.kdc = kdc;
    this.serverKeytab = serverKeytab;
    this.clientKeytab = clientKeytab;
    this.hdfsKeytab = hdfsKeytab;
  }

  /**
   * Starts a KDC keeping its files (database, krb5.conf, keytabs) in {@code dir}, a private
   * directory.
   */
  public static EmbeddedKdc start(Path dir) throws IOException {
    Files.createDirectories(dir);
    Properties conf = MiniKdc.createConf();
    conf.setProperty(MiniKdc.KDC_BIND_ADDRESS, "127.0.0.1");
    MiniKdc kdc;
    try {
      kdc = new MiniKdc(conf, dir.toFile());
      kdc.start();
    } catch (Exception e) {
      throw new IOException("embedded KDC did not start: " + e, e);
    }
    String jdkRealm = jdkDefaultRealm();
    if (!kdc.getRealm().equals(jdkRealm)) {
      kdc.stop();
      throw new IOException(
          "embedded KDC: this JVM read another Kerberos configuration earlier (default realm "
              + jdkRealm
              + ") and cannot reload it; start the JVM with --add-exports "
              + "java.security.jgss/sun.security.krb5=ALL-UNNAMED, or start the secure cluster first");
    }
    // Hadoop caches the default realm at its first use ("" when this JVM had no krb5.conf then,
    // e.g. after a plain
    // cluster); with a stale one no rule maps hbase/localhost@REALM to a user and the servers
    // refuse each other
    KerberosName.resetDefaultRealm();
    try {
      Path server = dir.resolve("hbase.keytab");
      Path client = dir.resolve("client.keytab");
      Path hdfs = dir.resolve("hdfs.keytab");
      kdc.createPrincipal(server.toFile(), "hbase/" + SERVER_HOST);
      kdc.createPrincipal(client.toFile(), "client");
      // one keytab for NameNode, DataNodes and their HTTPS endpoints, as Hadoop's own secure-HDFS
      // tests do
      kdc.createPrincipal(hdfs.toFile(), "hdfs/" + SERVER_HOST, "HTTP/" + SERVER_HOST);
      return new EmbeddedKdc(kdc, server, client, hdfs);
    } catch (Exception e) {
      kdc.stop();
      throw new IOException("embedded KDC: cannot create principals: " + e, e);
    }
  }

  /**
   * The realm the JDK's Kerberos now resolves a bare name in (its krb5.conf's default realm), or
   * null.
   */
  private static String jdkDefaultRealm() {
    try {
      return new KerberosPrincipal("probe").getRealm();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  public String realm() {
    return kdc.getRealm();
  }

  /** {@code hbase/localhost@REALM}: master and RegionServers. */
  public String serverPrincipal() {
    return "hbase/" + SERVER_HOST + "@" + realm();
  }

  /** The operating-system-style name Hadoop maps {@link #clientPrincipal()} to. */
  public String clientUser() {
    return "client";
  }

  /** {@code client@REALM}: for load generators and other clients. */
  public String clientPrincipal() {
    return "client@" + realm();
  }

  /**
   * {@code hdfs/localhost@REALM}: NameNode and DataNodes of an embedded secure HDFS (its superuser,
   * "hdfs").
   */
  public String hdfsPrincipal() {
    return "hdfs/" + SERVER_HOST + "@" + realm();
  }

  /** {@code HTTP/localhost@REALM}: SPNEGO for the HDFS servers' web endpoints. */
  public String spnegoPrincipal() {
    return "HTTP/" + SERVER_HOST + "@" + realm();
  }

  /** Keys of {@link #hdfsPrincipal()} and {@link #spnegoPrincipal()}. */
  public Path hdfsKeytab() {
    return hdfsKeytab;
  }

  public Path serverKeytab() {
    return serverKeytab;
  }

  public Path clientKeytab() {
    return clientKeytab;
  }

  /** The krb5.conf naming this KDC. */
  public Path krb5Conf() {
    return kdc.getKrb5conf().toPath();
  }

  @Override
  public void close() {
    kdc.stop();
  }
}
