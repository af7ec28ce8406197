package io.hbload.gc;

/**
 * One emitted JVM option and what {@code -XX:+PrintFlagsFinal} must show for it. Immutable,
 * thread-safe.
 *
 * @param text the option as written on the command line, e.g. {@code -XX:G1NewSizePercent=1}
 * @param flagName the HotSpot flag it sets ({@code MaxHeapSize} for {@code -Xmx}), or null for
 *     options with no flag of their own ({@code -Xlog:...}, {@code -Xloggc:...})
 * @param expectedValue the value PrintFlagsFinal should print ({@code true}, {@code 28}, bytes for
 *     sizes), or null
 * @param rule id of the rule that emitted it (see {@link Explanation#rule()})
 */
public record JvmOption(String text, String flagName, String expectedValue, String rule) {
  public static JvmOption bool(String flag, boolean on, String rule) {
    return new JvmOption("-XX:" + (on ? '+' : '-') + flag, flag, Boolean.toString(on), rule);
  }

  public static JvmOption value(String flag, long value, String rule) {
    return new JvmOption("-XX:" + flag + "=" + value, flag, Long.toString(value), rule);
  }

  public static JvmOption size(String flag, long bytes, String rule) {
    return new JvmOption(
        "-XX:" + flag + "=" + ByteSize.format(bytes), flag, Long.toString(bytes), rule);
  }

  public static JvmOption plain(String text, String rule) {
    return new JvmOption(text, null, null, rule);
  }
}
