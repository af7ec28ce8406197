package io.hbload.archfixture.layers.cli;

/** The top layer, reached from below by each planted violation. */
public final class Command {
  public int exitCode() {
    return 0;
  }
}
