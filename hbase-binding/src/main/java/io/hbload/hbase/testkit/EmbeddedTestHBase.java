package io.hbload.hbase.testkit;

import io.hbload.hbase.embedded.EmbeddedHBase;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;

/** {@link TestHBase} over an in-process {@link EmbeddedHBase}. Thread-safe. */
final class EmbeddedTestHBase implements TestHBase {
  private final EmbeddedHBase hbase;

  EmbeddedTestHBase(EmbeddedHBase hbase) {
    this.hbase = hbase;
  }

  @Override
  public String zkQuorum() {
    return hbase.zkQuorum();
  }

  @Override
  public int zkPort() {
    return hbase.zkPort();
  }

  @Override
  public Configuration configuration() {
    return hbase.clientConfiguration();
  }

  @Override
  public EmbeddedHBase embedded() {
    return hbase;
  }

  @Override
  public void close() throws IOException {
    hbase.close();
  }
}
