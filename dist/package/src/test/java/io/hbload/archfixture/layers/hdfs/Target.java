package io.hbload.archfixture.layers.hdfs;

import io.hbload.archfixture.layers.hdfs.embedded.MiniDfs;

/**
 * Planted: hdfs -> hdfs.embedded, hdfs-io reaching the mini cluster instead of finding it as a
 * service.
 */
public final class Target {
  public int open() {
    return new MiniDfs().dataNodes();
  }
}
