package io.hbload.gc.tune;

import io.hbload.gc.ByteSize;
import io.hbload.gc.Explanation;
import io.hbload.gc.JdkRelease;
import io.hbload.gc.JvmOption;
import io.hbload.gc.TuningInput;
import io.hbload.gc.TuningResult;
import io.hbload.gc.jdk.FlagStatus;
import io.hbload.gc.jdk.FlagTable;
import io.hbload.gc.rules.CompressedOopsRule;
import io.hbload.gc.rules.DirectMemoryRule;
import io.hbload.gc.rules.GcLoggingRule;
import io.hbload.gc.rules.ParallelGcThreadsRule;
import io.hbload.gc.rules.RegionSizeRule;
import io.hbload.gc.rules.YoungSizeRule;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a {@link TuningInput} into RegionServer options: the 2014 Intel post's method (Kaczmarek,
 * "Tuning Java Garbage Collection for HBase") made JDK-aware. Usage:
 *
 * <pre>{@code
 * TuningResult r = GcTuner.tune(TuningInput.builder().heap("100g").cpus(40).jdk(17).build());
 * r.optionsLine(); // -XX:+UseG1GC -Xms100g -Xmx100g -XX:MaxGCPauseMillis=100 ...
 * }</pre>
 *
 * Stateless, thread-safe; allocates only the result.
 */
public final class GcTuner {
  private static final String SRC_POST = "Kaczmarek 2014 (Intel), final RegionServer options";

  private GcTuner() {}

  public static TuningResult tune(TuningInput in) {
    JdkRelease jdk = in.jdk();
    List<JvmOption> opts = new ArrayList<>();
    List<Explanation> why = new ArrayList<>();
    List<String> warnings = new ArrayList<>();

    opts.add(JvmOption.bool("UseG1GC", true, "use-g1"));
    why.add(
        new Explanation(
            "use-g1",
            jdk.g1IsDefault()
                ? "-XX:+UseG1GC: already the default collector on "
                    + jdk
                    + ", kept so the options mean the same on 8"
                : "-XX:+UseG1GC: JDK 8 defaults to Parallel GC",
            SRC_POST + "; JEP 248 (G1 default since 9)"));

    String heap = ByteSize.format(in.heapBytes());
    opts.add(
        new JvmOption(
            "-Xms" + heap, "InitialHeapSize", Long.toString(in.heapBytes()), "fixed-heap"));
    opts.add(
        new JvmOption("-Xmx" + heap, "MaxHeapSize", Long.toString(in.heapBytes()), "fixed-heap"));
    why.add(
        new Explanation(
            "fixed-heap",
            "-Xms = -Xmx = "
                + heap
                + ": no heap resizing, G1 sizes young against a fixed total; put these after HBASE_HEAPSIZE's -Xmx"
                + " (the last -Xmx wins)",
            SRC_POST + "; HBase bin/hbase (HBASE_HEAPSIZE -> -Xmx)"));

    opts.add(JvmOption.value("MaxGCPauseMillis", in.pauseMillis(), "pause-goal"));
    why.add(
        new Explanation(
            "pause-goal",
            "MaxGCPauseMillis="
                + in.pauseMillis()
                + (in.pauseMillis() == 200 ? " (same as G1's default 200)" : " (G1 default 200)")
                + "; G1 sizes Eden to meet it, above the G1NewSizePercent floor",
            SRC_POST + "; g1_globals.hpp"));

    int parallel = ParallelGcThreadsRule.parallelGcThreads(in.cpus());
    if (jdk.g1DefaultsParallelRefProc()) {
      why.add(
          new Explanation(
              "parallel-ref-proc",
              "ParallelRefProcEnabled not emitted: "
                  + jdk
                  + " G1 turns it on by itself when ParallelGCThreads > 1 (JDK-8205043)"
                  + (parallel == 1 ? "; with 1 GC thread there is nothing to parallelise" : ""),
              "Kaczmarek 2014 step 1 (-75% remark, -30% pause); JDK-8205043 (jdk-11+19)"));
    } else if (parallel > 1) {
      opts.add(JvmOption.bool("ParallelRefProcEnabled", true, "parallel-ref-proc"));
      why.add(
          new Explanation(
              "parallel-ref-proc",
              "+ParallelRefProcEnabled: off by default on JDK 8",
              "Kaczmarek 2014 step 1 (-75% remark, -30% pause)"));
    } else {
      why.add(
          new Explanation(
              "parallel-ref-proc",
              "ParallelRefProcEnabled not emitted: 1 GC thread",
              "Kaczmarek 2014 step 1"));
    }

    opts.add(JvmOption.bool("ResizePLAB", false, "resize-plab"));
    why.add(
        new Explanation(
            "resize-plab",
            "-ResizePLAB: the JVM default is true on 8 to 25; the post turned"
                + " it off to stop PLAB resizing between pauses (accepted on every JDK)",
            "Kaczmarek 2014 step 2; Cloudera Configuring HBase Garbage Collection"));

    opts.add(JvmOption.value("ParallelGCThreads", parallel, ParallelGcThreadsRule.ID));
    why.add(
        new Explanation(
            ParallelGcThreadsRule.ID,
            ParallelGcThreadsRule.decision(in.cpus()),
            ParallelGcThreadsRule.SOURCE));

    long eden = in.edenTargetBytes();
    int pct = YoungSizeRule.newSizePercent(in.heapBytes(), eden);
    if (YoungSizeRule.lowersDefault(pct)) {
      if (FlagTable.status(jdk, "G1NewSizePercent") == FlagStatus.EXPERIMENTAL) {
        opts.add(JvmOption.bool("UnlockExperimentalVMOptions", true, YoungSizeRule.ID));
      }
      opts.add(JvmOption.value("G1NewSizePercent", pct, YoungSizeRule.ID));
    }
    why.add(
        new Explanation(
            YoungSizeRule.ID,
            YoungSizeRule.decision(
                    in.heapBytes(), in.pauseMillis(), in.evacuationRateGibPerSec(), eden)
                + "; rate "
                + in.evacuationRateSource(),
            YoungSizeRule.SOURCE));

    long direct = 0;
    if (in.bucketCacheBytes() > 0) {
      direct = DirectMemoryRule.maxDirectMemoryBytes(in.heapBytes(), in.bucketCacheBytes());
      opts.add(JvmOption.size("MaxDirectMemorySize", direct, DirectMemoryRule.ID));
    }
    why.add(
        new Explanation(
            DirectMemoryRule.ID,
            DirectMemoryRule.decision(in.heapBytes(), in.bucketCacheBytes()),
            DirectMemoryRule.SOURCE));

    opts.addAll(GcLoggingRule.options(jdk, in.gcLogFile()));
    why.add(
        new Explanation(
            GcLoggingRule.ID, GcLoggingRule.decision(jdk, in.gcLogFile()), GcLoggingRule.SOURCE));

    long region = RegionSizeRule.ergonomicRegionBytes(jdk, in.heapBytes());
    why.add(
        new Explanation(
            RegionSizeRule.ID,
            RegionSizeRule.decision(jdk, in.heapBytes()),
            RegionSizeRule.SOURCE));
    RegionSizeRule.mslabWarning(region).ifPresent(warnings::add);
    CompressedOopsRule.warning(jdk, in.heapBytes()).ifPresent(warnings::add);
    why.add(
        new Explanation(
            CompressedOopsRule.ID,
            CompressedOopsRule.keepsCompressedOops(jdk, in.heapBytes())
                ? "heap keeps compressed oops (limit "
                    + ByteSize.format(jdk.compressedOopsLimitBytes())
                    + ")"
                : "heap is above the compressed-oops limit: see warnings",
            CompressedOopsRule.SOURCE));
    if (in.machineMemoryBytes() > 0) {
      long needed = in.heapBytes() + in.bucketCacheBytes();
      if (needed > in.machineMemoryBytes()) {
        warnings.add(
            "heap"
                + (in.bucketCacheBytes() > 0 ? " + BucketCache " : " ")
                + ByteSize.format(needed)
                + " is larger than this machine's memory ("
                + ByteSize.human(in.machineMemoryBytes())
                + "): -Xms will fail to commit (os::commit_memory) or the host will swap");
      }
    }
    if (!jdk.verified()) {
      warnings.add(
          jdk
              + " is not one of the verified releases "
              + JdkRelease.VERIFIED
              + ": flag status taken from the nearest verified release below it; run --check");
    }

    requireAccepted(jdk, opts);
    TuningResult.Derived derived =
        new TuningResult.Derived(
            parallel, ParallelGcThreadsRule.concGcThreads(parallel), pct, eden, region, direct);
    return new TuningResult(in, opts, why, warnings, derived);
  }

  /**
   * Last line of defence for the promise "never a flag the target rejects": every {@code -XX} flag
   * must be in the flag table for this release, and experimental ones must come after the unlock
   * flag.
   */
  private static void requireAccepted(JdkRelease jdk, List<JvmOption> opts) {
    boolean unlocked = false;
    for (JvmOption o : opts) {
      if (o.flagName() == null || !o.text().startsWith("-XX:")) {
        continue;
      }
      FlagStatus status = FlagTable.status(jdk, o.flagName());
      if (status == FlagStatus.ABSENT) {
        throw new IllegalStateException(o.text() + " is not accepted by " + jdk);
      }
      if (status == FlagStatus.EXPERIMENTAL && !unlocked) {
        throw new IllegalStateException(
            o.text() + " needs -XX:+UnlockExperimentalVMOptions before it");
      }
      if (o.text().equals("-XX:+UnlockExperimentalVMOptions")) {
        unlocked = true;
      }
    }
  }
}
