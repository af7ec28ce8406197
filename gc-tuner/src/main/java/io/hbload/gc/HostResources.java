package io.hbload.gc;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;

/**
 * CPUs and memory of the machine this JVM runs on, as the RegionServer JVM on the same host would
 * see them. Both are container-aware on JDK 17: {@link Runtime#availableProcessors()} is {@code
 * os::active_processor_count()} (cgroup quota and cpuset; shares ignored since JDK-8281181), the
 * same count HotSpot feeds into ParallelGCThreads, and {@code getTotalMemorySize()} reads the
 * cgroup memory limit. Stateless, thread-safe.
 */
public final class HostResources {
  private HostResources() {}

  public static int availableProcessors() {
    return Runtime.getRuntime().availableProcessors();
  }

  /** Physical (or container-limited) memory, 0 when the platform MXBean does not report it. */
  public static long totalMemoryBytes() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
      return Math.max(0, os.getTotalMemorySize());
    }
    return 0;
  }
}
