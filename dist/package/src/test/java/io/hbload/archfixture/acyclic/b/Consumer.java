package io.hbload.archfixture.acyclic.b;

/** Depends on nothing under acyclic. */
public final class Consumer {
  public int size() {
    return 1;
  }
}
