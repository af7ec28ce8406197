package io.hbload.archfixture.flow.core;

/** The bottom layer: depends on no other layer. */
public final class Engine {
  public long run() {
    return 1;
  }
}
