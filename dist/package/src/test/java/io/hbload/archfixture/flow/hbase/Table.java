package io.hbload.archfixture.flow.hbase;

import io.hbload.archfixture.flow.core.Engine;

/** hbase -> core: allowed. */
public final class Table {
  public long put(Engine engine) {
    return engine.run();
  }
}
