package io.hbload.archfixture.cycle.b;

import io.hbload.archfixture.cycle.a.Producer;

/** The other half of the planted cycle: b -> a. */
public final class Consumer {
  public int size() {
    return new Producer().hashCode();
  }
}
