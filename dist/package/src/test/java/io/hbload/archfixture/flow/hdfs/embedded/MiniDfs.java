package io.hbload.archfixture.flow.hdfs.embedded;

import io.hbload.archfixture.flow.hdfs.Writer;

/** hdfs.embedded -> hdfs: allowed (the embedded module implements hdfs-io's seam). */
public final class MiniDfs {
  public Writer writer() {
    return new Writer();
  }
}
