package io.hbload.archfixture.layers.core;

import io.hbload.archfixture.layers.hdfs.Writer;

/** Planted: core -> hdfs (core depends on no other layer). */
public final class Engine {
  public long run(Writer writer) {
    return writer.write();
  }
}
