package io.hbload.hdfs.config;

import java.util.Locale;

/**
 * Parses byte sizes with binary units ({@code 4096}, {@code 64k}, {@code 2g}, {@code 1.5m}).
 * Stateless.
 */
public final class Sizes {
  private Sizes() {}

  /**
   * Bytes for a size string; units k, m, g, t (optionally followed by "b" or "ib") are powers of
   * 1024.
   *
   * @throws BadInputException when the text is not a size
   */
  public static long parse(String text) {
    String s = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    s =
        s.endsWith("ib")
            ? s.substring(0, s.length() - 2)
            : s.endsWith("b") ? s.substring(0, s.length() - 1) : s;
    long unit = 1;
    if (!s.isEmpty()) {
      switch (s.charAt(s.length() - 1)) {
        case 'k':
          unit = 1L << 10;
          break;
        case 'm':
          unit = 1L << 20;
          break;
        case 'g':
          unit = 1L << 30;
          break;
        case 't':
          unit = 1L << 40;
          break;
        default:
          unit = 1;
      }
      if (unit != 1) {
        s = s.substring(0, s.length() - 1);
      }
    }
    try {
      double value = Double.parseDouble(s);
      if (Double.isNaN(value)
          || Double.isInfinite(value)
          || value < 0
          || value * unit > Long.MAX_VALUE) {
        throw new NumberFormatException(s);
      }
      return (long) Math.ceil(value * unit);
    } catch (NumberFormatException e) {
      throw new BadInputException("not a size: '" + text + "' (use e.g. 4096, 64k, 1m, 2g)");
    }
  }

  /** Human form for reports: 1.0 MiB, 512 KiB, 12 B. */
  public static String format(long bytes) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = bytes;
    int u = 0;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return u == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
