package io.hbload.archfixture.flow.hdfs;

import io.hbload.archfixture.flow.core.Engine;

/** hdfs -> core: allowed. */
public final class Writer {
  public long write(Engine engine) {
    return engine.run();
  }
}
