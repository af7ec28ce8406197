package io.hbload.gc;

import java.util.List;

/**
 * A target JDK by feature number, with the G1 behaviours that differ between releases. Only 8, 11,
 * 17, 21 and 25 are accepted by {@link #parse}: those are the releases whose flag status was
 * verified (docs/g1-tuner.md section 1). {@link #of} accepts any feature from 8 up, for a version
 * reported by a real binary; thresholds then follow the JDK bug that changed each behaviour.
 * Immutable, thread-safe.
 *
 * @param feature the feature release number (8 for 1.8)
 */
public record JdkRelease(int feature) {
  /** The releases whose flags were verified, in order. */
  public static final List<Integer> VERIFIED = List.of(8, 11, 17, 21, 25);

  public JdkRelease {
    if (feature < 8) {
      throw new InvalidInputException(
          "JDK " + feature + " is not supported (G1 tuning needs JDK 8 or later)");
    }
  }

  public static JdkRelease of(int feature) {
    return new JdkRelease(feature);
  }

  /**
   * Parses {@code --jdk}: {@code 8}, {@code 1.8}, {@code 11}, {@code 17}, {@code 21} or {@code 25}.
   * The message of the exception describes the value only; the caller names the option (the CLI's
   * converter does).
   */
  public static JdkRelease parse(String text) {
    String t = text == null ? "" : text.strip();
    if (t.equals("1.8")) {
      t = "8";
    }
    int feature;
    try {
      feature = Integer.parseInt(t);
    } catch (NumberFormatException e) {
      throw new InvalidInputException("unknown JDK '" + text + "' (use one of 8, 11, 17, 21, 25)");
    }
    if (!VERIFIED.contains(feature)) {
      throw new InvalidInputException(
          "unknown JDK '"
              + text
              + "' (use one of 8, 11, 17, 21, 25,"
              + " or --java PATH to ask a binary)");
    }
    return new JdkRelease(feature);
  }

  public boolean verified() {
    return VERIFIED.contains(feature);
  }

  /** JEP 271 (JDK 9): unified logging replaced the Print* GC flags, which 9+ rejects. */
  public boolean hasUnifiedLogging() {
    return feature >= 9;
  }

  /** JDK-8205043 (jdk-11+19): G1 turns ParallelRefProcEnabled on when ParallelGCThreads &gt; 1. */
  public boolean g1DefaultsParallelRefProc() {
    return feature >= 11;
  }

  /** JDK 9 made G1 the default collector (JEP 248). */
  public boolean g1IsDefault() {
    return feature >= 9;
  }

  /** JDK-8275056 (18) raised the G1HeapRegionSize maximum from 32M to 512M. */
  public long maxRegionSizeBytes() {
    return feature >= 18 ? 512 * ByteSize.MIB : 32 * ByteSize.MIB;
  }

  /** {@code java @argfile} (used by the jvm-options format) exists on 9+. */
  public boolean supportsArgFiles() {
    return feature >= 9;
  }

  /**
   * Largest heap that still gets compressed oops, as measured on 17.0.15 and 25.0.3 (32736m yes,
   * 32767m no); on 21 JDK-8354145 reports the cutoff at 32G-512M after the 512M region change.
   */
  public long compressedOopsLimitBytes() {
    return feature == 21 ? 32 * ByteSize.GIB - 512 * ByteSize.MIB : 32736 * ByteSize.MIB;
  }

  @Override
  public String toString() {
    return "JDK " + feature;
  }
}
