package io.hbload.cli.contract;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * Durations as operators type them: {@code 30s}, {@code 15m}, {@code 1h}, {@code 250ms}, {@code
 * 1.5h}, a plain number of seconds, or ISO-8601 ({@code PT15M}). Registered for every {@link
 * Duration} option.
 */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
  private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h|d)?");

  @Override
  public Duration convert(String value) {
    String v = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
    if (v.startsWith("pt") || v.startsWith("p")) {
      try {
        return nonNegative(Duration.parse(v.toUpperCase(Locale.ROOT)), value);
      } catch (DateTimeParseException e) {
        throw invalid(value);
      }
    }
    Matcher m = FORM.matcher(v);
    if (!m.matches()) {
      throw invalid(value);
    }
    double amount = Double.parseDouble(m.group(1));
    double unitNanos =
        switch (m.group(2) == null ? "s" : m.group(2)) {
          case "ms" -> 1e6;
          case "m" -> 60e9;
          case "h" -> 3600e9;
          case "d" -> 86_400e9;
          default -> 1e9;
        };
    double nanos = amount * unitNanos;
    if (nanos > Long.MAX_VALUE) {
      throw invalid(value);
    }
    return Duration.ofNanos((long) nanos);
  }

  private static Duration nonNegative(Duration d, String value) {
    if (d.isNegative()) {
      throw invalid(value);
    }
    return d;
  }

  private static CommandLine.TypeConversionException invalid(String value) {
    return new CommandLine.TypeConversionException(
        "'" + value + "' is not a duration (use e.g. 30s, 15m, 1h, 250ms)");
  }
}
