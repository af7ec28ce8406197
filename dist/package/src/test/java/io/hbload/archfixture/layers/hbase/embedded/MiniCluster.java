package io.hbload.archfixture.layers.hbase.embedded;

/** The embedded cluster (hbload-embedded), reached by {@code layers.hbase.Session}. */
public final class MiniCluster {
  public int zkPort() {
    return 2181;
  }
}
