package io.hbload.archfixture.cycle.a;

import io.hbload.archfixture.cycle.b.Consumer;

/** Half of a planted package cycle: a -> b here, b -> a in {@link Consumer}. */
public final class Producer {
  public int produce(Consumer consumer) {
    return consumer.size() + 1;
  }
}
