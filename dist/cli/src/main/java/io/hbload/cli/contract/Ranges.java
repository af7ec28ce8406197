package io.hbload.cli.contract;

import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;

/**
 * Whole-number option types with their range, as picocli converters: a value out of range is
 * refused while the command line is parsed ({@code Invalid value for option '--x': ...}, exit 2),
 * before the command's {@code call()} starts anything, and each command states the type once
 * ({@code converter = Ranges.Count.class}) instead of checking it by hand somewhere in its run.
 * Stateless.
 */
public final class Ranges {
  private Ranges() {}

  /** A count of things to start or make: at least 1. */
  public static final class Count implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      return (int) within(value, 1, Integer.MAX_VALUE, "a count, at least 1");
    }
  }

  /** A count where 0 means none (or "pick for me"): at least 0. */
  public static final class NonNegative implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      return (int) within(value, 0, Integer.MAX_VALUE, "a number, at least 0");
    }
  }

  /** {@link NonNegative} for {@code long} options (seconds). */
  public static final class NonNegativeLong implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      return within(value, 0, Long.MAX_VALUE, "a number, at least 0");
    }
  }

  /** A TCP port; 0 picks a free one. */
  public static final class Port implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      return (int) within(value, 0, 65_535, "a port, 0 to 65535 (0: a free one)");
    }
  }

  /**
   * A byte size ({@link ByteSizeConverter}'s grammar) that must be more than 0: a heap, a memory
   * size.
   */
  public static final class PositiveSize implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      long bytes = new ByteSizeConverter().convert(value);
      if (bytes <= 0) {
        throw new CommandLine.TypeConversionException(
            "'" + value + "' is not a size above 0 (use e.g. 32g)");
      }
      return bytes;
    }
  }

  private static long within(String value, long min, long max, String what) {
    long v;
    try {
      v = Long.parseLong(value.strip());
    } catch (NumberFormatException e) {
      throw new CommandLine.TypeConversionException("'" + value + "' is not " + what);
    }
    if (v < min || v > max) {
      throw new CommandLine.TypeConversionException("'" + value + "' is out of range: " + what);
    }
    return v;
  }
}
