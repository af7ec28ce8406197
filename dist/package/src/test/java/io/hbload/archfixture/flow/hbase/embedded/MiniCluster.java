package io.hbload.archfixture.flow.hbase.embedded;

import io.hbload.archfixture.flow.core.Engine;
import io.hbload.archfixture.flow.hbase.Table;

/**
 * hbase.embedded -> hbase and core: allowed (the embedded module implements the binding's seam).
 */
public final class MiniCluster {
  public long load(Table table, Engine engine) {
    return table.put(engine);
  }
}
