package io.hbload.core.exec;

import io.hbload.core.binding.BindingProvider;

/** Lets tests in other packages use EngineTest's bindings. */
public final class EngineTestAccess {
  public BindingProvider failingUpdates() {
    return new EngineTest.FailingUpdates();
  }
}
