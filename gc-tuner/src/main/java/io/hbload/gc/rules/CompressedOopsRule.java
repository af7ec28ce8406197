package io.hbload.gc.rules;

import io.hbload.gc.ByteSize;
import io.hbload.gc.JdkRelease;
import java.util.Optional;

/**
 * Warns when the heap loses compressed oops: every reference grows from 4 to 8 bytes, so a heap
 * just above the limit holds less than one just below it. Limit measured on 17.0.15 and 25.0.3
 * (32736m keeps them, 32767m does not); on 21 the cutoff is 32G-512M (JDK-8354145). Stateless,
 * thread-safe.
 */
public final class CompressedOopsRule {
  public static final String ID = "compressed-oops";
  public static final String SOURCE =
      "measured with -XX:+PrintFlagsFinal UseCompressedOops on 17.0.15 and 25.0.3;"
          + " JDK-8354145 (21)";

  /** Below about this size a heap without compressed oops holds less than a 31g heap with them. */
  public static final long BREAK_EVEN_BYTES = 40 * ByteSize.GIB;

  private CompressedOopsRule() {}

  public static boolean keepsCompressedOops(JdkRelease jdk, long heapBytes) {
    return heapBytes <= jdk.compressedOopsLimitBytes();
  }

  public static Optional<String> warning(JdkRelease jdk, long heapBytes) {
    if (keepsCompressedOops(jdk, heapBytes)) {
      return Optional.empty();
    }
    String advice =
        heapBytes < BREAK_EVEN_BYTES
            ? "; a heap this size holds about as much as -Xmx31g with them: use 31g or go to 40g and above"
            : "";
    return Optional.of(
        "heap "
            + ByteSize.format(heapBytes)
            + " is above the compressed-oops limit ("
            + ByteSize.format(jdk.compressedOopsLimitBytes())
            + " on "
            + jdk
            + "): references take 8 bytes"
            + advice);
  }
}
