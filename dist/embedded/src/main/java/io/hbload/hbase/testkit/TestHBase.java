package io.hbload.hbase.testkit;

import io.hbload.core.binding.BindingProvider;
import io.hbload.hbase.HBaseBindingProvider;
import io.hbload.hbase.cluster.EmbeddedOptions;
import io.hbload.hbase.cluster.HBaseCluster;
import io.hbload.hbase.config.HBaseProperties;
import io.hbload.hbase.embedded.EmbeddedHBase;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * A running HBase for a test, with the few things a test needs to reach it: hbload properties, an
 * HBase client {@link Configuration}, the ZooKeeper address, and for a secure cluster the client's
 * principal and keytab. Thread-safe (read-only once started); {@link #close()} stops it.
 */
public interface TestHBase extends AutoCloseable {

  /** Starts an embedded mini cluster with {@code regionServers} RegionServers (about 7 s). */
  static TestHBase embedded(int regionServers) throws IOException {
    return new EmbeddedTestHBase(HBaseCluster.startEmbedded(EmbeddedOptions.of(regionServers)));
  }

  /**
   * Starts a Kerberized embedded cluster with its own KDC (about 8 s); connect with {@link
   * #clientPrincipal()} and {@link #clientKeytab()} (already in {@link #properties()}).
   */
  static TestHBase embeddedSecure(int regionServers) throws IOException {
    return new EmbeddedTestHBase(
        HBaseCluster.startEmbedded(new EmbeddedOptions(regionServers, 0, false, true)));
  }

  /**
   * Starts HBase from a Docker image with Testcontainers (needs Docker and {@code
   * org.testcontainers:testcontainers} on the test class path). The image must run HBase in
   * standalone mode with ZooKeeper on 2181 and the master and RegionServer on 16000/16020, as the
   * common {@code hbase} images do.
   */
  static TestHBase container(String image) throws IOException {
    return new ContainerTestHBase(image);
  }

  String zkQuorum();

  int zkPort();

  /** A fresh HBase client configuration for this cluster. */
  Configuration configuration();

  /** Properties that point an hbload run (binding {@code hbase}) at this cluster. */
  default Map<String, String> properties() {
    return Map.of(HBaseProperties.ZK, zkQuorum() + ":" + zkPort());
  }

  /** The Kerberos principal clients log in as, or null when the cluster is not secure. */
  default String clientPrincipal() {
    return null;
  }

  /** The keytab of {@link #clientPrincipal()}, or null when the cluster is not secure. */
  default Path clientKeytab() {
    return null;
  }

  /** The krb5.conf naming the cluster's KDC, or null when the cluster is not secure. */
  default Path krb5Conf() {
    return null;
  }

  /**
   * This cluster as the binding's {@link HBaseCluster}, to hand to a run ({@code
   * HBaseBindingProvider.on}) or a session: an embedded one is then read in-process (block-cache
   * figures without JMX lag). The test kit owns it: do not close it.
   */
  HBaseCluster cluster();

  /**
   * The {@code hbase} binding on this cluster, for {@code Hbload.binding(...)} beside {@link
   * #properties()}: an embedded cluster's block-cache figures are then read in-process, 1 s after a
   * run (a run that finds the cluster by address alone reads them over JMX, which can trail by two
   * metrics2 periods, and waits up to 2.5 s).
   */
  default BindingProvider bindingProvider() {
    return HBaseBindingProvider.on(cluster());
  }

  /** The embedded cluster, or null for a container. */
  default EmbeddedHBase embedded() {
    return null;
  }

  @Override
  void close() throws IOException;
}
