package io.hbload.gc.rules;

import io.hbload.gc.ByteSize;
import java.util.Locale;

/**
 * G1NewSizePercent (the minimum young size, in percent of the heap) chosen so Eden is about pause
 * goal x evacuation rate: {@code round_half_up(100 * edenTarget / heap)}, clamped to [1, 5]. With
 * the post's 10 GB/s and 100 ms the target is 1 GiB, which gives its points: 32 GB -&gt; 3 (3.1),
 * 64 GB -&gt; 2 (1.6), 100 GB and above -&gt; 1. The upper clamp is the JVM default (5): the rule
 * only ever lowers the floor that forces a too-large Eden, it never raises it. The lower clamp is 1
 * because 0 means "one region", which throws away the post's intent of keeping a sensible Eden on
 * huge heaps. G1NewSizePercent is experimental on every JDK from 8 to 25, so it needs {@code
 * -XX:+UnlockExperimentalVMOptions} before it. Stateless, thread-safe.
 */
public final class YoungSizeRule {
  public static final String ID = "g1-new-size-percent";
  public static final String SOURCE =
      "Kaczmarek 2014 step 3 (Eden ~1 GB because G1 evacuated ~1 GB per 100 ms; "
          + "32 GB -> 3, 64 GB -> 2, >= 100 GB -> 1); g1_globals.hpp: experimental, default 5";

  /** HotSpot's default G1NewSizePercent on every JDK from 8 to 25. */
  public static final int JVM_DEFAULT_PERCENT = 5;

  public static final int MIN_PERCENT = 1;

  private YoungSizeRule() {}

  /**
   * @return the percent for this heap and Eden target, in [1, 5]
   */
  public static int newSizePercent(long heapBytes, long edenTargetBytes) {
    if (heapBytes <= 0) {
      throw new IllegalArgumentException("heap must be positive: " + heapBytes);
    }
    // exact round half up: floor((floor(200 * eden / heap) + 1) / 2) == floor(100 * eden / heap +
    // 0.5)
    long rounded =
        edenTargetBytes >= Long.MAX_VALUE / 200
            ? Long.MAX_VALUE
            : (200 * edenTargetBytes / heapBytes + 1) / 2;
    return (int) Math.max(MIN_PERCENT, Math.min(JVM_DEFAULT_PERCENT, rounded));
  }

  /** True when the computed percent is below the JVM default, so the flag must be emitted. */
  public static boolean lowersDefault(int percent) {
    return percent < JVM_DEFAULT_PERCENT;
  }

  public static String decision(
      long heapBytes, int pauseMillis, double rateGibPerSec, long edenTargetBytes) {
    int pct = newSizePercent(heapBytes, edenTargetBytes);
    double raw = 100.0 * edenTargetBytes / heapBytes;
    String arithmetic =
        String.format(
            Locale.ROOT,
            "Eden target %d ms x %.2f GB/s = %s; 100 x %s / %s = %.2f -> %d",
            pauseMillis,
            rateGibPerSec,
            mib(edenTargetBytes),
            mib(edenTargetBytes),
            ByteSize.format(heapBytes),
            raw,
            pct);
    if (lowersDefault(pct)) {
      return "G1NewSizePercent="
          + pct
          + " ("
          + arithmetic
          + "), after -XX:+UnlockExperimentalVMOptions";
    }
    return "G1NewSizePercent left at the JVM default 5 ("
        + arithmetic
        + "): never raised above the default, so no flag and no unlock";
  }

  private static String mib(long bytes) {
    return (bytes / ByteSize.MIB) + "M";
  }
}
