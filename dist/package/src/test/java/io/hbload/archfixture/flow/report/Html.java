package io.hbload.archfixture.flow.report;

import io.hbload.archfixture.flow.core.Engine;
import io.hbload.archfixture.flow.observe.Meters;

/** report -> observe (same layer), core: allowed. */
public final class Html {
  public long render(Meters meters, Engine engine) {
    return meters.watch(null, engine);
  }
}
