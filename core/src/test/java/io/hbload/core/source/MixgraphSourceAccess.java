package io.hbload.core.source;

import io.hbload.core.binding.Binding;
import io.hbload.core.config.Phase;

/** A run-phase mixgraph source of the paper's parameters, for tests outside this package. */
public final class MixgraphSourceAccess {
  private MixgraphSourceAccess() {}

  public static MixgraphSource<BlockingStep<Binding>> source() {
    return MixgraphSourceTest.source(Phase.RUN);
  }

  public static OperationSlot<BlockingStep<Binding>> slot() {
    return MixgraphSourceTest.slot();
  }
}
