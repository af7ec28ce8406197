package io.hbload.gc;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and prints memory sizes the way {@code java -Xmx} does: binary units, {@code k}/{@code
 * m}/{@code g}/{@code t} (case-insensitive, an optional trailing {@code b}); a fraction such as
 * {@code 1.5g} is allowed when it is a whole number of bytes. Stateless, thread-safe.
 */
public final class ByteSize {
  public static final long KIB = 1L << 10;
  public static final long MIB = 1L << 20;
  public static final long GIB = 1L << 30;
  public static final long TIB = 1L << 40;

  private static final Pattern SIZE =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)b?", Pattern.CASE_INSENSITIVE);

  private ByteSize() {}

  /**
   * @param what the option name used in the error message, e.g. {@code --heap}
   * @throws InvalidInputException when {@code text} is not a size or overflows
   */
  public static long parse(String what, String text) {
    if (text == null || text.isBlank()) {
      throw new InvalidInputException(what + ": missing size");
    }
    Matcher m = SIZE.matcher(text.strip());
    if (!m.matches()) {
      throw new InvalidInputException(
          what + ": '" + text + "' is not a size (use e.g. 32g, 31744m, 1.5g)");
    }
    long unit =
        switch (m.group(2).toLowerCase(Locale.ROOT)) {
          case "k" -> KIB;
          case "m" -> MIB;
          case "g" -> GIB;
          case "t" -> TIB;
          default -> 1L;
        };
    try {
      BigDecimal bytes = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit));
      return bytes.longValueExact();
    } catch (ArithmeticException e) {
      throw new InvalidInputException(
          what + ": '" + text + "' is not a whole number of bytes or is too large");
    }
  }

  /** Largest exact unit: {@code 32g}, {@code 31744m}, {@code 1536k}, or plain bytes. */
  public static String format(long bytes) {
    if (bytes != 0) {
      if (bytes % TIB == 0) {
        return bytes / TIB + "t";
      }
      if (bytes % GIB == 0) {
        return bytes / GIB + "g";
      }
      if (bytes % MIB == 0) {
        return bytes / MIB + "m";
      }
      if (bytes % KIB == 0) {
        return bytes / KIB + "k";
      }
    }
    return Long.toString(bytes);
  }

  /** Approximate, for messages about measured memory: {@code 23.5g}, {@code 512m}. */
  public static String human(long bytes) {
    if (bytes >= GIB) {
      return String.format(Locale.ROOT, "%.1fg", (double) bytes / GIB);
    }
    return String.format(Locale.ROOT, "%.0fm", (double) bytes / MIB);
  }

  /**
   * Like {@link #format} but in HotSpot's upper-case log style ({@code 16M}), for human-readable
   * notes.
   */
  public static String formatUpper(long bytes) {
    return format(bytes).toUpperCase(Locale.ROOT);
  }
}
