package io.hbload.hbase.testkit;

import io.hbload.hbase.cluster.EmbeddedOptions;
import io.hbload.hbase.cluster.HBaseCluster;
import java.io.IOException;

/**
 * The JVM's one shared embedded cluster behind {@link HBaseExtension#shared()}: started by the
 * first class that asks, never closed by a test; the embedded cluster's shutdown hook stops it and
 * removes its data when the JVM exits. Thread-safe.
 */
final class SharedTestHBase {
  private static TestHBase instance;

  private SharedTestHBase() {}

  static synchronized TestHBase get() throws IOException {
    if (instance == null) {
      instance = new EmbeddedTestHBase(HBaseCluster.startEmbedded(EmbeddedOptions.of(1)), false);
    }
    return instance;
  }
}
