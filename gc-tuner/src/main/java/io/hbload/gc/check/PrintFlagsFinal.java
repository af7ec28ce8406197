package io.hbload.gc.check;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The flag table printed by {@code -XX:+PrintFlagsFinal}. Line formats:
 *
 * <pre>
 * JDK 9+:  "     uint ParallelGCThreads                        = 28                          {product} {command line}"
 * JDK 8:   "    uintx ParallelGCThreads                       := 28                          {product}"
 * </pre>
 *
 * JDK 8 marks a changed value with {@code :=} and has no origin column; 9+ prints the origin
 * ({@code {default}}, {@code {ergonomic}}, {@code {command line}}). Immutable, thread-safe.
 */
public final class PrintFlagsFinal {
  private static final Pattern LINE =
      Pattern.compile(
          "^\\s*(\\S+)\\s+(\\w+)\\s+(:?=)\\s*(.*?)\\s*\\{([^}]*)\\}(?:\\s*\\{([^}]*)\\})?\\s*$");

  private final Map<String, Flag> flags;

  private PrintFlagsFinal(Map<String, Flag> flags) {
    this.flags = Map.copyOf(flags);
  }

  public static PrintFlagsFinal parse(String output) {
    Map<String, Flag> flags = new HashMap<>();
    for (String line : output.split("\\R")) {
      Matcher m = LINE.matcher(line);
      if (m.matches()) {
        String origin =
            m.group(6) != null ? m.group(6) : (m.group(3).equals(":=") ? "changed" : "default");
        flags.put(m.group(2), new Flag(m.group(1), m.group(2), m.group(4), m.group(5), origin));
      }
    }
    return new PrintFlagsFinal(flags);
  }

  public Optional<Flag> get(String name) {
    return Optional.ofNullable(flags.get(name));
  }

  public int size() {
    return flags.size();
  }

  /**
   * One row. Immutable, thread-safe.
   *
   * @param type {@code bool}, {@code uint}, {@code size_t}, ...
   * @param name the flag
   * @param value as printed
   * @param kind {@code product}, {@code experimental}, ...
   * @param origin {@code command line}, {@code ergonomic}, {@code default}; on JDK 8 {@code
   *     changed} or {@code default}
   */
  public record Flag(String type, String name, String value, String kind, String origin) {
    public boolean setOnCommandLine() {
      return origin.contains("command line") || origin.equals("changed");
    }
  }
}
