package io.hbload.hbase.cluster;

import java.io.IOException;

/**
 * No cluster is configured and none can be embedded: {@code hbload-embedded} is not on the class
 * path.
 */
public final class EmbeddedClusterMissingException extends IOException {
  private static final long serialVersionUID = 1L;

  EmbeddedClusterMissingException() {
    super(HBaseCluster.NO_EMBEDDED);
  }
}
