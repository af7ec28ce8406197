package io.hbload.core.server;

import java.io.IOException;
import java.util.List;

/**
 * Reads a binding's servers' figures, given by {@link
 * io.hbload.core.binding.BindingSession#serverSampler}. The engine calls it from one thread of its
 * own, once per sample interval while the phase runs, never from a worker: a read may block (HTTP)
 * but must be bounded, by timeouts of a few seconds. Implementations need not be thread-safe.
 */
public interface ServerSampler {
  /**
   * Every server's figures, now; servers that do not answer are left out. An IOException when no
   * server answered.
   */
  List<ServerSample> sample() throws IOException;

  /**
   * Where the figures come from and how fresh they are, one line for the report (e.g. which figures
   * refresh only once per server metrics period).
   */
  String source();
}
