package io.hbload.archfixture.ops.source;

/** A fixture workload's steps: a source may test its own types (the rule is the engine's). */
public class Steps {
  public boolean own(Object o) {
    return o instanceof OwnCalls;
  }
}
