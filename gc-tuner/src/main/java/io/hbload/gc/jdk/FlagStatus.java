package io.hbload.gc.jdk;

/** How a release treats a {@code -XX} flag (docs/g1-tuner.md section 1). */
public enum FlagStatus {
  /** Accepted as is. */
  PRODUCT,
  /** Accepted only after {@code -XX:+UnlockExperimentalVMOptions} earlier on the command line. */
  EXPERIMENTAL,
  /** Product flag that can also be changed at run time; accepted as is. */
  MANAGEABLE,
  /** Accepted but prints a deprecation warning. */
  DEPRECATED,
  /** {@code Unrecognized VM option}: the JVM exits 1. */
  ABSENT
}
