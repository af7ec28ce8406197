package io.hbload.core.config;

import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Typed reads of merged properties for the spec parsers: the engine's {@link SpecParser} and each
 * binding's own parser. Values are trimmed (YCSB crashes on a trailing space; hbload does not). A
 * bad value does not throw: it is noted, naming its property, and the default stands in, so one
 * pass finds every problem and {@link #throwIfErrors()} reports them all at once. Not thread-safe;
 * one per parse.
 */
public final class PropertyReader {
  private final Map<String, String> props;
  private final Map<String, Object> values;
  private final List<String> errors = new ArrayList<>();

  /**
   * Every key a parser asked for, given or not: what this run knows, against which a given key is
   * checked.
   */
  private final Set<String> asked = new HashSet<>();

  public PropertyReader(Map<String, String> properties) {
    this(properties, Map.of());
  }

  /**
   * A reader for settings partly made in code: a key in {@code values} is read as that typed value
   * (an {@link Integer} or {@link Long}, a {@link Double}, a {@link Boolean}, a {@link Duration} or
   * a {@link Path}), checked as its property string would be, and its rendering in {@code
   * properties} is not parsed: a value set in code is never formatted to be parsed back.
   */
  public PropertyReader(Map<String, String> properties, Map<String, Object> values) {
    this.props = properties;
    this.values = values;
  }

  /** Whether the key was given at all. */
  public boolean has(String key) {
    asked.add(key);
    return props.containsKey(key);
  }

  /** The trimmed value, or {@code def} when absent. */
  public String text(String key, String def) {
    asked.add(key);
    String v = props.get(key);
    return v == null ? def : v.trim();
  }

  /**
   * The value exactly as given (YCSB keeps {@code fieldnameprefix} and {@code label} untrimmed), or
   * {@code def}.
   */
  public String raw(String key, String def) {
    asked.add(key);
    return props.getOrDefault(key, def);
  }

  /** The value set typed in code as a {@code type}, or null (then read its text). */
  public <T> T typed(String key, Class<T> type) {
    asked.add(key);
    Object v = values.get(key);
    return type.isInstance(v) ? type.cast(v) : null;
  }

  /** The trimmed value, or null when absent or blank. */
  public String optional(String key) {
    asked.add(key);
    String v = props.get(key);
    return v == null || v.isBlank() ? null : v.trim();
  }

  public boolean bool(String key, boolean def) {
    asked.add(key);
    if (values.get(key) instanceof Boolean b) {
      return b;
    }
    String v = props.get(key);
    if (v == null) {
      return def;
    }
    String t = v.trim();
    if (t.equalsIgnoreCase("true")) {
      return true;
    }
    if (t.equalsIgnoreCase("false")) {
      return false;
    }
    error(key, "expected true or false, got '" + v + "'");
    return def;
  }

  public long longValue(String key, long def, long min, long max) {
    Number n = number(key, Long::parseLong, "a whole number");
    if (n == null) {
      return def;
    }
    if (!(n instanceof Long || n instanceof Integer)) {
      throw new IllegalArgumentException(key + " is a whole number; set in code as " + n);
    }
    long parsed = n.longValue();
    if (parsed < min || parsed > max) {
      error(
          key,
          parsed
              + (parsed < min ? " is below the minimum " + min : " is above the maximum " + max));
      return def;
    }
    return parsed;
  }

  public int intValue(String key, int def, int min, int max) {
    return (int) longValue(key, def, min, max);
  }

  public double doubleValue(String key, double def, double min, double max) {
    Number n = number(key, Double::parseDouble, "a number");
    if (n == null) {
      return def;
    }
    double parsed = n.doubleValue();
    if (!(parsed >= min && parsed <= max)) {
      String range =
          max != Double.MAX_VALUE
              ? "in [" + fmt(min) + ", " + fmt(max) + "]"
              : min == -Double.MAX_VALUE ? "a finite number" : ">= " + fmt(min);
      // as given: a value set in code by its rendering
      error(key, Objects.toString(props.get(key), n.toString()).trim() + " must be " + range);
      return def;
    }
    return parsed;
  }

  /**
   * The number set in code for the key, else its property parsed; null when absent, or when not a
   * number, which is noted as "is not {@code what}".
   */
  private Number number(String key, Function<String, Number> parse, String what) {
    asked.add(key);
    if (values.get(key) instanceof Number n) {
      return n;
    }
    String v = props.get(key);
    if (v == null) {
      return null;
    }
    try {
      return parse.apply(v.trim());
    } catch (NumberFormatException e) {
      error(key, "'" + v + "' is not " + what);
      return null;
    }
  }

  /**
   * An enum constant by name, case-insensitive; an unknown name is an error listing the choices.
   */
  public <E extends Enum<E>> E enumValue(String key, Class<E> type, E def) {
    asked.add(key);
    String v = props.get(key);
    if (v == null) {
      return def;
    }
    try {
      return Enum.valueOf(type, v.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      error(
          key,
          "unknown value '"
              + v.trim()
              + "' (one of "
              + Arrays.toString(type.getEnumConstants())
              + ")");
      return def;
    }
  }

  /**
   * A duration as operators type it: {@code 30s}, {@code 15m}, {@code 1h}, {@code 250ms}, a plain
   * number of seconds, or ISO-8601 ({@code PT30S}); {@code def} when absent.
   */
  public Duration duration(String key, Duration def) {
    if (values.get(key) instanceof Duration d && !d.isNegative()) {
      asked.add(key);
      return d;
    }
    String v = optional(key);
    if (v == null) {
      return def;
    }
    Duration d = parseDuration(v);
    if (d != null) {
      return d;
    }
    error(key, "'" + v.trim() + "' is not a duration (use e.g. 30s, 2m, 1h, 250ms)");
    return def;
  }

  /**
   * A duration as operators type it ({@code 30s}, {@code 15m}, {@code 1h}, {@code 250ms}, a plain
   * number of seconds, or ISO-8601), or null when {@code text} is none: for the parsers of values
   * that hold durations inside them (a fault schedule).
   */
  public static Duration parseDuration(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    try {
      if (t.startsWith("p")) {
        Duration d = Duration.parse(t.toUpperCase(Locale.ROOT));
        return d.isNegative() ? null : d;
      }
      Matcher m = DURATION.matcher(t);
      if (m.matches()) {
        double unitNanos =
            switch (m.group(2) == null ? "s" : m.group(2)) {
              case "ms" -> 1e6;
              case "m" -> 60e9;
              case "h" -> 3600e9;
              default -> 1e9;
            };
        double nanos = Double.parseDouble(m.group(1)) * unitNanos;
        if (nanos < Long.MAX_VALUE) {
          return Duration.ofNanos((long) nanos);
        }
      }
    } catch (DateTimeParseException e) {
      // not a duration: null
    }
    return null;
  }

  private static final Pattern DURATION =
      Pattern.compile("(\\d{1,12}(?:\\.\\d{1,9})?)\\s*(ms|s|m|h)?");

  /** A file path, or null when absent or blank. */
  public Path path(String key) {
    if (values.get(key) instanceof Path p) {
      asked.add(key);
      return p;
    }
    String v = optional(key);
    if (v == null) {
      asked.add(key);
      if (props.containsKey(key)) {
        // given but empty (--json '', a script's unset variable): not "no file", which would
        // silently drop a result
        error(key, "an empty file path");
      }
      return null;
    }
    try {
      return Path.of(v);
    } catch (RuntimeException e) {
      error(key, "'" + v + "' is not a file path");
      return null;
    }
  }

  /** A comma-separated list, trimmed, blanks dropped; empty when absent. */
  public List<String> list(String key) {
    String v = text(key, "");
    List<String> out = new ArrayList<>();
    for (String part : v.split(",")) {
      if (!part.isBlank()) {
        out.add(part.trim());
      }
    }
    return out;
  }

  /**
   * Every property whose key starts with one of the prefixes, as given, sorted by key (pass-through
   * settings).
   */
  public Map<String, String> withPrefixes(List<String> prefixes, List<String> except) {
    Map<String, String> out = new TreeMap<>();
    props.forEach(
        (k, v) -> {
          if (prefixes.stream().anyMatch(k::startsWith) && !except.contains(k)) {
            asked.add(k);
            out.put(k, v);
          }
        });
    return Collections.unmodifiableMap(out);
  }

  /**
   * The given keys no parser asked for, each with the closest key that was asked for (or null when
   * none is close): a misspelt {@code -p readproportoin=1} is otherwise silently ignored and the
   * run measures something else.
   */
  public Map<String, String> unread() {
    Map<String, String> out = new TreeMap<>();
    for (String key : props.keySet()) {
      if (!asked.contains(key)) {
        out.put(key, closest(key));
      }
    }
    return out;
  }

  private String closest(String key) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    int limit = Math.max(2, key.length() / 4); // a typo, not another word
    for (String known : new TreeSet<>(asked)) { // sorted: the same suggestion every time
      int d = EditDistance.between(key.toLowerCase(Locale.ROOT), known.toLowerCase(Locale.ROOT));
      if (d <= limit && d < bestDistance) {
        best = known;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Notes a problem with a property; the parse goes on and reports every problem together. */
  public void error(String key, String reason) {
    errors.add("property " + key + ": " + reason);
  }

  public List<String> errors() {
    return List.copyOf(errors);
  }

  /** Throws a {@link SpecException} with every problem noted so far, if any. */
  public void throwIfErrors() {
    if (!errors.isEmpty()) {
      throw new SpecException(errors);
    }
  }

  private static String fmt(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }
}
