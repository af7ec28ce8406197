package io.hbload.hbase.embedded;

import io.hbload.hbase.cluster.EmbeddedCluster;
import io.hbload.hbase.cluster.EmbeddedClusterFactory;
import io.hbload.hbase.cluster.EmbeddedOptions;
import java.io.IOException;

/**
 * The service through which the binding's cluster seam starts an {@link EmbeddedHBase} without
 * depending on this module (registered in {@code META-INF/services}). Stateless.
 */
public final class EmbeddedHBaseFactory implements EmbeddedClusterFactory {
  @Override
  public EmbeddedCluster start(EmbeddedOptions options) throws IOException {
    return options.kerberos()
        ? EmbeddedHBase.startSecure(options.regionServers(), options.zkPort())
        : EmbeddedHBase.start(options.regionServers(), options.zkPort(), options.infoServers());
  }
}
