package io.hbload.archfixture.layers.hdfs.embedded;

/** The embedded HDFS (hbload-embedded), reached by {@code layers.hdfs.Target}. */
public final class MiniDfs {
  public int dataNodes() {
    return 3;
  }
}
