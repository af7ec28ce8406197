package io.hbload.archfixture.layers.hdfs;

import io.hbload.archfixture.layers.hbase.Table;

/** Planted: hdfs -> hbase, one binding reaching into its sibling. */
public final class Writer {
  public long write() {
    return new Table().rows();
  }
}
