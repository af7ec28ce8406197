package io.hbload.archfixture.flow.gc;

import io.hbload.archfixture.flow.core.Engine;

/** gc -> core: allowed. */
public final class Flags {
  public long heap(Engine engine) {
    return engine.run();
  }
}
