package io.hbload.archfixture.layers.gc;

/** Reached by {@code layers.mapreduce.Job}. */
public final class Flags {
  public long heap() {
    return 1;
  }
}
