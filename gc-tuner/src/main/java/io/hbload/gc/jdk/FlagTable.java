package io.hbload.gc.jdk;

import io.hbload.gc.JdkRelease;
import java.util.Map;

/**
 * Status of the {@code -XX} flags hbload emits or warns about, per release. Data from
 * docs/g1-tuner.md section 1: 17 and 25 were run ({@code -XX:+PrintFlagsFinal}, and {@code java
 * <flag> -version} for rejections); 8, 11 and 21 were read from {@code g1_globals.hpp} / {@code
 * globals.hpp} of jdk8u, jdk11u and jdk21u. Releases between the verified ones take the status of
 * the nearest verified release below them. Stateless, thread-safe.
 */
public final class FlagTable {
  private FlagTable() {}

  // flag -> status on {8, 11, 17, 21, 25}
  private static final Map<String, FlagStatus[]> TABLE =
      Map.ofEntries(
          row(
              "UseG1GC",
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT),
          row(
              "MaxGCPauseMillis",
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT),
          row(
              "ParallelRefProcEnabled",
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT),
          row(
              "ResizePLAB",
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT),
          row(
              "ParallelGCThreads",
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT),
          row(
              "ConcGCThreads",
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT),
          row(
              "G1NewSizePercent",
              FlagStatus.EXPERIMENTAL,
              FlagStatus.EXPERIMENTAL,
              FlagStatus.EXPERIMENTAL,
              FlagStatus.EXPERIMENTAL,
              FlagStatus.EXPERIMENTAL),
          row(
              "G1MaxNewSizePercent",
              FlagStatus.EXPERIMENTAL,
              FlagStatus.EXPERIMENTAL,
              FlagStatus.EXPERIMENTAL,
              FlagStatus.EXPERIMENTAL,
              FlagStatus.EXPERIMENTAL),
          row(
              "UnlockExperimentalVMOptions",
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT),
          row(
              "G1HeapRegionSize",
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT),
          row(
              "InitiatingHeapOccupancyPercent",
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT),
          row(
              "MaxDirectMemorySize",
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT),
          row(
              "AlwaysPreTouch",
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT),
          row(
              "G1UseAdaptiveIHOP",
              FlagStatus.ABSENT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT,
              FlagStatus.PRODUCT),
          row(
              "PrintGCDetails",
              FlagStatus.MANAGEABLE,
              FlagStatus.DEPRECATED,
              FlagStatus.DEPRECATED,
              FlagStatus.DEPRECATED,
              FlagStatus.DEPRECATED),
          row(
              "PrintGCTimeStamps",
              FlagStatus.MANAGEABLE,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT),
          row(
              "PrintGCDateStamps",
              FlagStatus.MANAGEABLE,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT),
          row(
              "PrintAdaptiveSizePolicy",
              FlagStatus.PRODUCT,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT),
          row(
              "UseGCLogFileRotation",
              FlagStatus.PRODUCT,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT),
          row(
              "NumberOfGCLogFiles",
              FlagStatus.PRODUCT,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT),
          row(
              "GCLogFileSize",
              FlagStatus.PRODUCT,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT),
          row(
              "UseConcMarkSweepGC",
              FlagStatus.PRODUCT,
              FlagStatus.DEPRECATED,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT,
              FlagStatus.ABSENT));

  private static Map.Entry<String, FlagStatus[]> row(String flag, FlagStatus... byRelease) {
    return Map.entry(flag, byRelease);
  }

  /**
   * @return the flag's status on {@code jdk}, or {@link FlagStatus#ABSENT} for a flag this table
   *     does not know (so nothing unverified is ever emitted)
   */
  public static FlagStatus status(JdkRelease jdk, String flag) {
    FlagStatus[] row = TABLE.get(flag);
    if (row == null) {
      return FlagStatus.ABSENT;
    }
    int column = 0;
    for (int i = 0; i < JdkRelease.VERIFIED.size(); i++) {
      if (JdkRelease.VERIFIED.get(i) <= jdk.feature()) {
        column = i;
      }
    }
    return row[column];
  }

  /**
   * True when the target starts with the flag (possibly after unlocking, possibly with a
   * deprecation warning).
   */
  public static boolean accepts(JdkRelease jdk, String flag) {
    return status(jdk, flag) != FlagStatus.ABSENT;
  }
}
