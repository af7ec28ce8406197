package io.hbload.core.config;

/**
 * RocksDB db_bench's mixgraph model (Cao et al., FAST'20), typed and validated: the settings under
 * db_bench's own flag names (see {@link PropertyNames}), read when {@code workload=mixgraph}. The
 * record count is YCSB's {@code recordcount} (db_bench's {@code num}), the operation count {@code
 * operationcount} (db_bench's {@code reads}). Immutable.
 *
 * @param keyRanges the hotness of the key ranges; none when all four parameters are 0
 * @param keyDistA {@code key_dist_a}: a in the power model F(rank) = a * rank^b of the keys in a
 *     range; 0 (or {@code key_dist_b} 0) for uniform keys
 * @param keyDistB {@code key_dist_b}
 * @param valueSizes {@code value_theta}, {@code value_k}, {@code value_sigma}
 * @param scanLengths {@code iter_theta}, {@code iter_k}, {@code iter_sigma}
 * @param mix the Get/Put/Seek ratios
 * @param maxScanLength {@code mix_max_scan_len}: a drawn scan length is taken modulo this
 * @param maxValueSize {@code mix_max_value_size}, at most 1 MiB as in db_bench: a drawn value size
 *     above it is taken modulo it
 * @param keySize {@code key_size}: the row key's length in bytes
 * @param sine the sine QPS curve's flags
 */
public record MixgraphSpec(
    KeyRangeHotness keyRanges,
    double keyDistA,
    double keyDistB,
    Pareto valueSizes,
    Pareto scanLengths,
    Mix mix,
    int maxScanLength,
    int maxValueSize,
    int keySize,
    SineRate sine) {

  /** Whether keys within a range follow the power model (else they are uniform). */
  public boolean powerKeys() {
    return keyDistA != 0 && keyDistB != 0;
  }

  /**
   * Key-range hotness f(x) = a * exp(b * x) + c * exp(d * x) over {@code count} equal ranges
   * ({@code keyrange_dist_a..d}, {@code keyrange_num}).
   */
  public record KeyRangeHotness(double a, double b, double c, double d, int count) {
    /** The hotness of range x (1-based, as db_bench counts them). */
    public double at(int x) {
      return a * Math.exp(b * x) + c * Math.exp(d * x);
    }
  }

  /**
   * A generalized Pareto distribution F(x) = 1 - (1 + k (x - theta) / sigma)^(-1/k), exponential
   * when k is 0.
   */
  public record Pareto(double theta, double k, double sigma) {}

  /** {@code mix_get_ratio}, {@code mix_put_ratio}, {@code mix_seek_ratio}; not normalised. */
  public record Mix(double get, double put, double seek) {
    public double sum() {
      return get + put + seek;
    }
  }

  /**
   * The QPS curve f(t) = a sin(b t + c) + d, t in seconds, recomputed every {@code intervalMillis}
   * when {@code enabled} ({@code sine_mix_rate}), with {@code noise} ({@code sine_mix_rate_noise}).
   */
  public record SineRate(
      boolean enabled, double a, double b, double c, double d, long intervalMillis, double noise) {}
}
