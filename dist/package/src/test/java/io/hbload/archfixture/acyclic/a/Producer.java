package io.hbload.archfixture.acyclic.a;

import io.hbload.archfixture.acyclic.b.Consumer;

/** a -> b and nothing back: what the cycle rule must accept. */
public final class Producer {
  public int produce(Consumer consumer) {
    return consumer.size() + 1;
  }
}
