package io.hbload.hdfs.coder;

import java.util.concurrent.atomic.LongAdder;

/**
 * JVM-wide counters of the time and bytes hbload's ISA-L coder spent encoding and decoding.
 *
 * <p>HDFS has no encode-time counter on the write path (only reads report decode time), so the
 * coder counts for itself and the report shows it. Thread-safe ({@link LongAdder}); no allocation.
 */
public final class CoderStats {
  private static final LongAdder ENCODE_NANOS = new LongAdder();
  private static final LongAdder ENCODE_BYTES = new LongAdder();
  private static final LongAdder DECODE_NANOS = new LongAdder();
  private static final LongAdder DECODE_BYTES = new LongAdder();

  private CoderStats() {}

  /** Records one encode call over {@code dataBytes} input bytes. */
  public static void encoded(long nanos, long dataBytes) {
    ENCODE_NANOS.add(nanos);
    ENCODE_BYTES.add(dataBytes);
  }

  /** Records one decode call producing {@code outputBytes}. */
  public static void decoded(long nanos, long outputBytes) {
    DECODE_NANOS.add(nanos);
    DECODE_BYTES.add(outputBytes);
  }

  /** A consistent-enough copy for reporting deltas between two points of a run. */
  public static Snapshot snapshot() {
    return new Snapshot(
        ENCODE_NANOS.sum(), ENCODE_BYTES.sum(), DECODE_NANOS.sum(), DECODE_BYTES.sum());
  }

  /** Counter values at one moment. */
  public record Snapshot(long encodeNanos, long encodeBytes, long decodeNanos, long decodeBytes) {
    /** This minus an earlier snapshot. */
    public Snapshot minus(Snapshot earlier) {
      return new Snapshot(
          encodeNanos - earlier.encodeNanos,
          encodeBytes - earlier.encodeBytes,
          decodeNanos - earlier.decodeNanos,
          decodeBytes - earlier.decodeBytes);
    }
  }
}
