package io.hbload.core.capacity;

import java.util.Locale;

/**
 * One measured phase of a capacity search at one offered rate: a point of the throughput-latency
 * curve. Latencies in nanoseconds, of every operation's calls together (the summed histograms).
 * Immutable.
 *
 * @param offeredOpsPerSec the phase's target rate
 * @param achievedOpsPerSec operations completed over the measured time (YCSB's throughput)
 * @param operations operations measured
 * @param intendedNanos p50, p99, p99.9 of latency from the intended start
 * @param serviceNanos p50, p99, p99.9 of service time
 * @param errorFraction failed calls over all calls
 * @param broken null when the step held the bound, else what broke it
 * @param repeat true for the second run of a rate whose first run broke the bound (its
 *     confirmation)
 * @param generatorLimit null when the generator kept up, else why it did not (slot waits, pacer
 *     behind, CPU)
 * @param cpuLoad this process's CPU time over the step's wall time and every processor, 0..1 (-1
 *     when unknown)
 * @param slotWaitedOperations measured operations that came due with every {@code hbload.inflight}
 *     slot busy and went out late (every shard's); their intended latency holds the wait
 */
public record CapacityStep(
    double offeredOpsPerSec,
    double achievedOpsPerSec,
    long operations,
    long[] intendedNanos,
    long[] serviceNanos,
    double errorFraction,
    String broken,
    boolean repeat,
    String generatorLimit,
    double cpuLoad,
    long slotWaitedOperations) {

  /**
   * The percentiles each step reports, in the order of {@link #intendedNanos} and {@link
   * #serviceNanos}.
   */
  public static final double[] PERCENTILES = {50, 99, 99.9};

  public CapacityStep {
    intendedNanos = intendedNanos.clone();
    serviceNanos = serviceNanos.clone();
  }

  /** The share of the step's operations that waited for a slot, 0..1. */
  public double slotWaitedShare() {
    return operations == 0 ? 0 : (double) slotWaitedOperations / operations;
  }

  /**
   * How much of the step waited for a slot, e.g. {@code 178 of 144,000 operations (0.12 %) waited
   * for a slot}.
   */
  public String slotWaitText() {
    return slotWaitText(slotWaitedOperations, operations);
  }

  static String slotWaitText(long waited, long operations) {
    return String.format(
        Locale.ROOT,
        "%,d of %,d operations (%.2f %%) waited for a slot",
        waited,
        operations,
        operations == 0 ? 0.0 : 100.0 * waited / operations);
  }

  /** True when the step held the bound. */
  public boolean held() {
    return broken == null;
  }

  /**
   * The verdict in a word: {@code held}, {@code broke}, or {@code generator} when the client was
   * the limit.
   */
  public String verdict() {
    return generatorLimit != null ? "generator" : held() ? "held" : "broke";
  }

  @Override
  public long[] intendedNanos() {
    return intendedNanos.clone();
  }

  @Override
  public long[] serviceNanos() {
    return serviceNanos.clone();
  }
}
