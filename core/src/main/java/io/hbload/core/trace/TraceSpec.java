package io.hbload.core.trace;

import java.nio.file.Path;

/**
 * What {@code hbload replay} replays and how: the trace file, its format, its pace (its own timing
 * {@code speed} times faster, or a fixed rate in trace order) and whether a load pass first writes
 * the keys the trace reads before writing them. Immutable; checked when built.
 *
 * @param speed play the trace's own timing this many times faster; 0 when {@code opsPerSec} paces
 *     it
 * @param opsPerSec a fixed rate, in trace order; 0 when the trace's timing (with {@code speed})
 *     paces it
 * @param load write first every key the trace reads before it writes it, so that reads hit
 * @param maxValueBytes a write's value is its record's size, at most this many bytes (and at least
 *     1)
 */
public record TraceSpec(
    Path file,
    TraceFormat format,
    double speed,
    double opsPerSec,
    boolean load,
    int maxValueBytes) {
  /** The largest value a write sends by default: memcached's item limit, 1 MiB. */
  public static final int DEFAULT_MAX_VALUE_BYTES = 1 << 20;

  public TraceSpec {
    if (file == null || format == null) {
      throw new IllegalArgumentException("a trace needs a file and a format");
    }
    if (speed != 0 && opsPerSec != 0) {
      throw new IllegalArgumentException("--speed and --rate exclude each other: give one");
    }
    if (!(speed >= 0) || Double.isInfinite(speed) || (speed == 0 && opsPerSec == 0)) {
      throw new IllegalArgumentException("--speed must be a number above 0, got " + speed);
    }
    if (!(opsPerSec >= 0) || Double.isInfinite(opsPerSec)) {
      throw new IllegalArgumentException("--rate must be a number above 0, got " + opsPerSec);
    }
    if (maxValueBytes < 1) {
      throw new IllegalArgumentException("the largest value must be at least 1 byte");
    }
  }

  /** The trace at its own timing, {@code speed} times faster. */
  public static TraceSpec atSpeed(Path file, TraceFormat format, double speed, boolean load) {
    return new TraceSpec(file, format, speed, 0, load, DEFAULT_MAX_VALUE_BYTES);
  }

  /** The trace's records in order at {@code opsPerSec}. */
  public static TraceSpec atRate(Path file, TraceFormat format, double opsPerSec, boolean load) {
    return new TraceSpec(file, format, 0, opsPerSec, load, DEFAULT_MAX_VALUE_BYTES);
  }

  /**
   * The format a file's name suggests: hbload's for {@code .hbload.csv} (also compressed), else
   * Twitter's.
   */
  public static TraceFormat formatOf(Path file) {
    String name = TraceInput.baseName(file);
    return name.endsWith(".hbload.csv") || name.endsWith(".hbload")
        ? TraceFormat.HBLOAD
        : TraceFormat.TWITTER;
  }

  /** The pace as the report writes it. */
  public String pace() {
    return opsPerSec > 0
        ? RateText.number(opsPerSec) + " ops/s in trace order"
        : "the trace's timing" + (speed == 1 ? "" : " x" + RateText.number(speed));
  }

  /** Numbers without a needless ".0". */
  static final class RateText {
    private RateText() {}

    static String number(double v) {
      return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
  }
}
