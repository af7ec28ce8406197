package io.hbload.hdfs.coder;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Skips native tests only where the build could not compile the library; fails otherwise. */
public final class IsalAssumptions {
  private IsalAssumptions() {}

  /** Requires the ISA-L coder; a build that compiled it sets {@code hbload.isal.required=true}. */
  public static void requireIsal() {
    String reason = IsalLibrary.unavailableReason().orElse("");
    if (Boolean.getBoolean("hbload.isal.required")) {
      assertTrue(IsalLibrary.isAvailable(), "the build compiled libhbload-isal.so but: " + reason);
    } else {
      assumeTrue(IsalLibrary.isAvailable(), "ISA-L coder unavailable: " + reason);
    }
  }
}
