package io.hbload.hbase.cluster;

import java.io.IOException;

/**
 * Starts embedded clusters: the service the {@code hbload-embedded} module provides through {@link
 * java.util.ServiceLoader} ({@code
 * META-INF/services/io.hbload.hbase.cluster.EmbeddedClusterFactory}), so that the binding reaches
 * HBase's mini cluster without depending on it. Stateless.
 */
public interface EmbeddedClusterFactory {
  /** Starts a cluster and blocks until it serves; a failed start leaves nothing running. */
  EmbeddedCluster start(EmbeddedOptions options) throws IOException;
}
