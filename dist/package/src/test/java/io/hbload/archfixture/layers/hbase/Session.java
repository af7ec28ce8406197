package io.hbload.archfixture.layers.hbase;

import io.hbload.archfixture.layers.hbase.embedded.MiniCluster;

/**
 * Planted: hbase -> hbase.embedded, the binding reaching the mini cluster instead of finding it as
 * a service.
 */
public final class Session {
  public int open(MiniCluster cluster) {
    return cluster.zkPort();
  }
}
