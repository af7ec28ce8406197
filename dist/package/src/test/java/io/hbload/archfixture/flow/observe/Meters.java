package io.hbload.archfixture.flow.observe;

import io.hbload.archfixture.flow.core.Engine;
import io.hbload.archfixture.flow.hdfs.Writer;

/** observe -> hdfs, core: allowed. */
public final class Meters {
  public long watch(Writer writer, Engine engine) {
    return writer.write(engine);
  }
}
