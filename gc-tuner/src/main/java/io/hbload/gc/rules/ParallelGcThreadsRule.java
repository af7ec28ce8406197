package io.hbload.gc.rules;

/**
 * ParallelGCThreads as HotSpot computes it: {@code nof_parallel_worker_threads(5, 8, 8)}, i.e. n
 * for n &lt;= 8, else {@code 8 + (n - 8) * 5 / 8} floored (unsigned integer division). The post's
 * "8 + (logical CPUs - 8) * 5/8" is the same formula above 8 CPUs (28 for 40); below it the post's
 * formula would give more threads than CPUs (3 + 0.625 n &gt; n), HotSpot gives n. Emitting it
 * explicitly still matters: with the flag set, {@code WorkerPolicy::calc_active_workers} uses all
 * workers instead of scaling them down dynamically, and the count no longer depends on what the JVM
 * detects on the host. Stateless, thread-safe.
 */
public final class ParallelGcThreadsRule {
  public static final String ID = "parallel-gc-threads";
  public static final String SOURCE =
      "HotSpot nof_parallel_worker_threads(5,8,8): vm_version.cpp (8), "
          + "abstract_vm_version.cpp (11), gc/shared/workerPolicy.cpp (13+); Kaczmarek 2014 step 2";

  private ParallelGcThreadsRule() {}

  public static int parallelGcThreads(int cpus) {
    if (cpus < 1) {
      throw new IllegalArgumentException("cpus must be >= 1: " + cpus);
    }
    return cpus <= 8 ? cpus : 8 + (cpus - 8) * 5 / 8;
  }

  /**
   * G1's default: {@code max((ParallelGCThreads + 2) / 4, 1)} ({@code
   * scale_concurrent_worker_threads}).
   */
  public static int concGcThreads(int parallelGcThreads) {
    return Math.max((parallelGcThreads + 2) / 4, 1);
  }

  public static String decision(int cpus) {
    int p = parallelGcThreads(cpus);
    String how = cpus <= 8 ? "n = " + cpus + " (n <= 8)" : "8 + (" + cpus + " - 8) * 5 / 8 = " + p;
    return "ParallelGCThreads="
        + p
        + " for "
        + cpus
        + " CPUs: "
        + how
        + "; set explicitly so all "
        + p
        + " workers run every pause (G1 default ConcGCThreads would be "
        + concGcThreads(p)
        + ")";
  }
}
