package io.hbload.gc;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything the calculator needs, validated once: all problems are reported together in one {@link
 * InvalidInputException}. Build it with {@link #builder()}; the CLI and Java callers make the same
 * spec. Immutable, thread-safe.
 *
 * @param heapBytes RegionServer heap ({@code -Xms} = {@code -Xmx})
 * @param cpus logical CPUs the RegionServer JVM will see ({@code
 *     os::initial_active_processor_count()})
 * @param pauseMillis pause goal ({@code MaxGCPauseMillis}), at least 1 (0 is rejected by HotSpot)
 * @param jdk the target release
 * @param evacuationRateGibPerSec Eden evacuation rate in GiB/s (= 1.024 MiB per ms)
 * @param evacuationRateSource where the rate came from, for the explanation
 * @param bucketCacheBytes off-heap BucketCache size, 0 for none
 * @param gcLogFile file the emitted GC logging options write to
 * @param machineMemoryBytes physical memory of the RegionServer host, 0 when unknown (only used for
 *     a warning)
 */
public record TuningInput(
    long heapBytes,
    int cpus,
    int pauseMillis,
    JdkRelease jdk,
    double evacuationRateGibPerSec,
    String evacuationRateSource,
    long bucketCacheBytes,
    String gcLogFile,
    long machineMemoryBytes) {

  /** The post's measurement: G1 evacuated about 1 GB of Eden per 100 ms on 40 CPUs (10 GB/s). */
  public static final double DEFAULT_EVACUATION_RATE_GIB_PER_SEC = 10.0;

  public static final String DEFAULT_RATE_SOURCE =
      "default: ~1 GB evacuated per 100 ms (Kaczmarek, Intel 2014, jdk7u60, 40 CPUs)";
  public static final int DEFAULT_PAUSE_MILLIS = 100;
  public static final String DEFAULT_GC_LOG_FILE = "/var/log/hbase/gc-regionserver.log";

  /**
   * Smallest heap accepted: below this HotSpot refuses to start or G1 has too few regions to size
   * anything.
   */
  public static final long MIN_HEAP_BYTES = 64 * ByteSize.MIB;

  static final int MAX_CPUS = 1 << 16;

  public TuningInput {
    List<String> errors = new ArrayList<>();
    if (heapBytes <= 0) {
      errors.add("--heap must be greater than 0 (got " + heapBytes + " bytes)");
    } else if (heapBytes < MIN_HEAP_BYTES) {
      errors.add("--heap must be at least 64m (got " + ByteSize.format(heapBytes) + ")");
    } else if (heapBytes % ByteSize.MIB != 0) {
      errors.add("--heap must be a whole number of megabytes (got " + heapBytes + " bytes)");
    }
    if (cpus < 1 || cpus > MAX_CPUS) {
      errors.add("--cpus must be between 1 and " + MAX_CPUS + " (got " + cpus + ")");
    }
    if (pauseMillis < 1) {
      errors.add("--pause-ms must be at least 1 (got " + pauseMillis + "; HotSpot rejects 0)");
    }
    if (jdk == null) {
      errors.add("a target JDK is required");
    }
    if (!(evacuationRateGibPerSec > 0) || Double.isInfinite(evacuationRateGibPerSec)) {
      errors.add(
          "--evacuation-rate must be a positive number of GB/s (got "
              + evacuationRateGibPerSec
              + ")");
    }
    if (bucketCacheBytes < 0) {
      errors.add("--bucketcache-size must not be negative");
    }
    if (gcLogFile == null
        || gcLogFile.isBlank()
        || gcLogFile.contains(" ")
        || gcLogFile.contains("\"")) {
      errors.add("--log-file must be a path without spaces or quotes (got '" + gcLogFile + "')");
    }
    if (machineMemoryBytes < 0) {
      errors.add("machine memory must not be negative");
    }
    if (!errors.isEmpty()) {
      throw new InvalidInputException(String.join("; ", errors));
    }
    if (evacuationRateSource == null || evacuationRateSource.isBlank()) {
      evacuationRateSource = "given";
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Eden size that G1 can evacuate within the pause goal at the given rate. */
  public long edenTargetBytes() {
    return (long) (evacuationRateGibPerSec * ByteSize.GIB * pauseMillis / 1000.0);
  }

  /**
   * Fluent builder with the post's defaults: 100 ms, 10 GB/s, no BucketCache. Heap, CPUs and JDK
   * must be set. Not thread-safe; {@link #build()} makes an immutable {@link TuningInput}.
   */
  public static final class Builder {
    private long heapBytes;
    private int cpus;
    private int pauseMillis = DEFAULT_PAUSE_MILLIS;
    private JdkRelease jdk;
    private double rate = DEFAULT_EVACUATION_RATE_GIB_PER_SEC;
    private String rateSource = DEFAULT_RATE_SOURCE;
    private long bucketCacheBytes;
    private String gcLogFile = DEFAULT_GC_LOG_FILE;
    private long machineMemoryBytes;

    private Builder() {}

    public Builder heapBytes(long v) {
      heapBytes = v;
      return this;
    }

    public Builder heap(String size) {
      heapBytes = ByteSize.parse("--heap", size);
      return this;
    }

    public Builder cpus(int v) {
      cpus = v;
      return this;
    }

    public Builder pauseMillis(int v) {
      pauseMillis = v;
      return this;
    }

    public Builder jdk(JdkRelease v) {
      jdk = v;
      return this;
    }

    public Builder jdk(int feature) {
      jdk = JdkRelease.of(feature);
      return this;
    }

    public Builder evacuationRateGibPerSec(double v) {
      rate = v;
      rateSource = "given: " + v + " GB/s";
      return this;
    }

    /** Uses a rate measured from GC logs, keeping its provenance for the explanation. */
    public Builder evacuationRate(double gibPerSec, String source) {
      rate = gibPerSec;
      rateSource = source;
      return this;
    }

    public Builder bucketCacheBytes(long v) {
      bucketCacheBytes = v;
      return this;
    }

    public Builder gcLogFile(String v) {
      gcLogFile = v;
      return this;
    }

    public Builder machineMemoryBytes(long v) {
      machineMemoryBytes = v;
      return this;
    }

    public TuningInput build() {
      return new TuningInput(
          heapBytes,
          cpus,
          pauseMillis,
          jdk,
          rate,
          rateSource,
          bucketCacheBytes,
          gcLogFile,
          machineMemoryBytes);
    }
  }
}
