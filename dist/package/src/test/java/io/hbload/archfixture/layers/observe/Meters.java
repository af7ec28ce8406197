package io.hbload.archfixture.layers.observe;

import io.hbload.archfixture.layers.cli.Command;

/** Planted: observe -> cli, the import Maven refuses between dist/observe and dist/cli. */
public final class Meters {
  public int watch(Command command) {
    return command.exitCode();
  }
}
