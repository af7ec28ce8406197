package io.hbload.hbase.cluster;

import io.hbload.core.fault.FaultTarget;
import io.hbload.core.server.ServerSampler;
import io.hbload.hbase.metrics.BlockCacheReader;
import io.hbload.hbase.sizing.ClusterMemory;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/**
 * An HBase cluster running in this JVM, as the binding sees it: how to reach it, and the
 * RegionServers' own figures read in-process (no HTTP, no JMX cache lag). Implemented by the {@code
 * hbload-embedded} module; {@link #unwrap} reaches that module's richer type (Kerberos files, fault
 * injection) for code that depends on it. Implementations are thread-safe.
 */
public interface EmbeddedCluster extends AutoCloseable {
  /** A fresh client configuration pointing at this cluster. */
  Configuration clientConfiguration();

  /** ZooKeeper host for clients. */
  String zkQuorum();

  int zkPort();

  int regionServerCount();

  /** Where the cluster's data lives until {@link #close()}. */
  Path dataDir();

  /** The live RegionServers' block-cache counters, read in-process. */
  BlockCacheReader blockCacheReader();

  /**
   * Samples the live RegionServers' figures in-process while a phase runs: their metrics wrappers
   * and this JVM's collectors, which the servers share with the client.
   */
  ServerSampler serverSampler();

  /**
   * What the live RegionServers can cache, read in-process (they share this JVM's heap and host).
   */
  ClusterMemory memory(float memstoreFraction);

  /**
   * What carries out process faults on this cluster's servers (restart or kill a RegionServer,
   * restart the master), which only the owner of the processes can; null when it cannot.
   */
  default FaultTarget processFaults() {
    return null;
  }

  /**
   * This cluster as {@code type}, the implementation's own class; a ClassCastException when it is
   * not one.
   */
  default <T> T unwrap(Class<T> type) {
    return type.cast(this);
  }

  /** Stops the cluster and removes its data; idempotent. */
  @Override
  void close() throws IOException;
}
