package io.hbload.gc.rules;

import io.hbload.gc.ByteSize;
import io.hbload.gc.JdkRelease;
import java.util.Optional;

/**
 * G1's ergonomic region size and the humongous-object warning for HBase. Not emitted as a flag (G1
 * picks it), only used to warn and to align the expected heap size in {@code --check}.
 *
 * <ul>
 *   <li>JDK 8 and 11 ({@code HeapRegion::setup_heap_region_size}): ((Xms+Xmx)/2)/2048 rounded
 *       <em>down</em> to a power of 2, clamped to 1..32 MB.
 *   <li>JDK 15+ (JDK-8241670): Xmx/2048 clamped to 1..32 MB, rounded <em>up</em> to a power of 2.
 * </ul>
 *
 * An object is humongous when it is larger than half a region ({@code is_humongous}); HBase's
 * default 2 MB MSLAB chunk ({@code byte[2097152]} + 16 B header) is humongous with regions of 4 MB
 * or less (HBASE-27805). Stateless, thread-safe.
 */
public final class RegionSizeRule {
  public static final String ID = "region-size";
  public static final String SOURCE =
      "HotSpot heapRegion.cpp setup_heap_region_size (8/11: round down; "
          + "JDK-8241670, 15+: round up); g1CollectedHeap.hpp is_humongous; HBASE-27805 (MSLAB chunks)";

  /** {@code hbase.hregion.memstore.mslab.chunksize} default plus the array header. */
  public static final long MSLAB_CHUNK_OBJECT_BYTES = 2 * ByteSize.MIB + 16;

  private static final long MIN_REGION = ByteSize.MIB;
  private static final long MAX_ERGONOMIC_REGION = 32 * ByteSize.MIB;
  private static final long TARGET_REGIONS = 2048;

  private RegionSizeRule() {}

  /** Region size G1 picks for Xms = Xmx = heap on this JDK. */
  public static long ergonomicRegionBytes(JdkRelease jdk, long heapBytes) {
    long raw = heapBytes / TARGET_REGIONS;
    if (jdk.feature() < 15) {
      long down = Long.highestOneBit(Math.max(raw, 1));
      return clamp(down);
    }
    long clamped = clamp(raw);
    long up = Long.highestOneBit(clamped);
    return up == clamped ? up : up << 1;
  }

  private static long clamp(long v) {
    return Math.max(MIN_REGION, Math.min(MAX_ERGONOMIC_REGION, v));
  }

  /** Objects larger than this are humongous. */
  public static long humongousThresholdBytes(long regionBytes) {
    return regionBytes / 2;
  }

  /** A warning when HBase's 2 MB MSLAB chunks would be humongous with this region size. */
  public static Optional<String> mslabWarning(long regionBytes) {
    if (MSLAB_CHUNK_OBJECT_BYTES > humongousThresholdBytes(regionBytes)) {
      return Optional.of(
          "G1 region size "
              + ByteSize.formatUpper(regionBytes)
              + ": every 2 MB MSLAB chunk is a "
              + "humongous object (> half a region); use -XX:G1HeapRegionSize=8m or a heap of 16g or more "
              + "(HBASE-27805)");
    }
    return Optional.empty();
  }

  public static String decision(JdkRelease jdk, long heapBytes) {
    long region = ergonomicRegionBytes(jdk, heapBytes);
    return "G1 picks "
        + ByteSize.formatUpper(region)
        + " regions for "
        + ByteSize.format(heapBytes)
        + " on "
        + jdk
        + " (objects above "
        + ByteSize.formatUpper(humongousThresholdBytes(region))
        + " are humongous: large cells and multi-MB RPC buffers); not emitted";
  }
}
