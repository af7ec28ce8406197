package io.hbload.archfixture.layers.hbase;

/** The sibling binding reached by {@code layers.hdfs.Writer}. */
public final class Table {
  public long rows() {
    return 1;
  }
}
