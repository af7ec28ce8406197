package io.hbload.archfixture.layers.mapreduce;

import io.hbload.archfixture.layers.gc.Flags;

/** Planted: mapreduce -> gc (only the command line reads the G1 calculator). */
public final class Job {
  public long submit(Flags flags) {
    return flags.heap();
  }
}
