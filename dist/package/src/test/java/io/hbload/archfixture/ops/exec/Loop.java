package io.hbload.archfixture.ops.exec;

import io.hbload.archfixture.ops.source.OwnCalls;

/**
 * A fixture engine loop that asks which workload it runs (the violation), and an equals that tests
 * its own type (allowed).
 */
public class Loop {
  public String run(Object client) {
    return client instanceof OwnCalls ? "own" : "ycsb";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Loop;
  }

  @Override
  public int hashCode() {
    return 1;
  }
}
