package io.hbload.core.parse;

import static io.hbload.core.config.PropertyNames.*;

import io.hbload.core.config.MixgraphSpec;
import io.hbload.core.config.MixgraphSpec.KeyRangeHotness;
import io.hbload.core.config.MixgraphSpec.Mix;
import io.hbload.core.config.MixgraphSpec.Pareto;
import io.hbload.core.config.MixgraphSpec.SineRate;
import io.hbload.core.config.PropertyReader;
import io.hbload.core.config.RateSchedule;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.mixgraph.KeyRanges;
import java.util.List;

/**
 * Reads {@code workload=mixgraph}'s settings into a {@link MixgraphSpec}: db_bench's flag names and
 * defaults (db_bench_tool.cc), and the checks db_bench leaves out (a range count above the records,
 * a scale of 0, hotness that no range has), each a problem reported with the rest of the spec's.
 * Called by {@link SpecParser} in its pass.
 */
final class MixgraphParser {
  /** db_bench makes no value larger than this, whatever {@code mix_max_value_size} says. */
  static final int LARGEST_VALUE = 1024 * 1024;

  /** The bytes of {@code user} before a key's digits. */
  private static final int KEY_PREFIX = 4;

  private final PropertyReader read;
  private final List<String> notes;

  MixgraphParser(PropertyReader read, List<String> notes) {
    this.read = read;
    this.notes = notes;
  }

  MixgraphSpec parse(WorkloadSpec workload) {
    long records = workload.records().count();
    KeyRangeHotness hotness = hotness(records);
    double keyA = read.doubleValue(KEY_DIST_A, 0, 0, Double.MAX_VALUE);
    double keyB = read.doubleValue(KEY_DIST_B, 0, 0, Double.MAX_VALUE);
    Pareto values = pareto(VALUE_THETA, VALUE_K, 0.2615, VALUE_SIGMA, 25.45);
    Pareto scans = pareto(ITER_THETA, ITER_K, 2.517, ITER_SIGMA, 14.236);
    Mix mix =
        new Mix(
            read.doubleValue(MIX_GET_RATIO, 1.0, 0, Double.MAX_VALUE),
            read.doubleValue(MIX_PUT_RATIO, 0, 0, Double.MAX_VALUE),
            read.doubleValue(MIX_SEEK_RATIO, 0, 0, Double.MAX_VALUE));
    if (!(mix.sum() > 0)) {
      read.error(MIX_GET_RATIO, "the mix ratios (get, put, seek) sum to 0: no query to run");
    }
    int maxScan = (int) read.longValue(MIX_MAX_SCAN_LEN, 10_000, 1, Integer.MAX_VALUE);
    int maxValue = (int) read.longValue(MIX_MAX_VALUE_SIZE, 1024, 10, Integer.MAX_VALUE);
    if (maxValue > LARGEST_VALUE) {
      notes.add(
          "mix_max_value_size="
              + maxValue
              + ": values are at most 1 MiB (1048576 bytes), as in db_bench");
      maxValue = LARGEST_VALUE;
    }
    int keySize = keySize(records);
    SineRate sine = sine();
    if (workload.fields().dataIntegrity()) {
      read.error(
          DATA_INTEGRITY,
          "workload=mixgraph writes values of drawn sizes, which dataintegrity cannot check");
    }
    return new MixgraphSpec(
        hotness, keyA, keyB, values, scans, mix, maxScan, maxValue, keySize, sine);
  }

  /** The key ranges' hotness, checked by building them; null when all four parameters are 0. */
  private KeyRangeHotness hotness(long records) {
    double a = finite(KEYRANGE_DIST_A, 0);
    double b = finite(KEYRANGE_DIST_B, 0);
    double c = finite(KEYRANGE_DIST_C, 0);
    double d = finite(KEYRANGE_DIST_D, 0);
    int count = (int) read.longValue(KEYRANGE_NUM, 1, 1, 1_000_000);
    if (count > records) {
      read.error(
          KEYRANGE_NUM,
          count
              + " ranges exceed the "
              + records
              + " records (recordcount): every range needs keys");
      return null;
    }
    if (a == 0 && b == 0 && c == 0 && d == 0) {
      return null;
    }
    KeyRangeHotness hotness = new KeyRangeHotness(a, b, c, d, count);
    try {
      new KeyRanges(hotness, records);
    } catch (IllegalArgumentException e) {
      read.error(KEYRANGE_DIST_A, e.getMessage());
    }
    return hotness;
  }

  private Pareto pareto(String thetaKey, String kKey, double k, String sigmaKey, double sigma) {
    double theta = finite(thetaKey, 0);
    double shape = finite(kKey, k);
    double scale = finite(sigmaKey, sigma);
    if (!(scale > 0)) {
      read.error(sigmaKey, read.optional(sigmaKey) + " must be > 0 (the distribution's scale)");
    }
    return new Pareto(theta, shape, scale);
  }

  /** Any finite number. */
  private double finite(String key, double def) {
    return read.doubleValue(key, def, -Double.MAX_VALUE, Double.MAX_VALUE);
  }

  /**
   * {@code key_size}, db_bench's default 16: long enough for {@code user} and the largest key
   * number's digits.
   */
  private int keySize(long records) {
    int keySize = (int) read.longValue(KEY_SIZE, 16, 1, 1024);
    int digits = Long.toString(Math.max(0, records - 1)).length();
    if (keySize < KEY_PREFIX + digits) {
      read.error(
          KEY_SIZE,
          keySize
              + " bytes cannot hold 'user' and the "
              + digits
              + " digits of "
              + records
              + " records' key numbers: at least "
              + (KEY_PREFIX + digits));
    }
    return keySize;
  }

  /** The sine QPS curve's flags, checked; {@link #sineSchedule} makes the pacer's schedule. */
  private SineRate sine() {
    boolean enabled = read.bool(SINE_MIX_RATE, false);
    SineRate sine =
        new SineRate(
            enabled,
            finite(SINE_A, 1),
            finite(SINE_B, 1),
            finite(SINE_C, 0),
            finite(SINE_D, 1),
            read.longValue(SINE_MIX_RATE_INTERVAL, 10_000, 1, Long.MAX_VALUE),
            read.doubleValue(SINE_MIX_RATE_NOISE, 0, 0, 1));
    if (enabled && sine.noise() > 0) {
      notes.add(
          "sine_mix_rate_noise="
              + sine.noise()
              + ": not applied; the run follows the sine curve without noise");
    }
    return sine;
  }

  /**
   * The run's rate schedule from db_bench's sine QPS curve, qps(t) = sine_a sin(sine_b t + sine_c)
   * + sine_d (t in seconds from the start), when {@code sine_mix_rate=true}; else null. The curve
   * is followed continuously (db_bench re-reads it every {@code
   * sine_mix_rate_interval_milliseconds}: a staircase under the same curve); {@code timeScale}
   * divides its time as for any schedule. A curve that reaches 0 ops/s or below is bad input: an
   * open loop at no rate has no intended starts.
   */
  static RateSchedule sineSchedule(MixgraphSpec spec, double timeScale, PropertyReader read) {
    SineRate s = spec.sine();
    if (!s.enabled()) {
      return null;
    }
    if (s.b() == 0) {
      read.error(SINE_B, "0 makes no curve (a constant rate: give -target instead)");
      return null;
    }
    if (!(Math.abs(s.a()) < s.d())) {
      read.error(
          SINE_A,
          "|sine_a| ("
              + RateSchedule.number(s.a())
              + ") must be below sine_d ("
              + RateSchedule.number(s.d())
              + "): the curve sine_a*sin(sine_b*t+sine_c)+sine_d would reach 0 ops/s");
      return null;
    }
    // sin(-x) = -sin(x): a negative sine_b is the same curve with amplitude and phase negated
    double sign = Math.signum(s.b());
    return new RateSchedule.Sine(
        s.d(), sign * s.a(), 2 * Math.PI / Math.abs(s.b()) / timeScale, sign * s.c());
  }
}
