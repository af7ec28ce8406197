package io.hbload.core.measure;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One measurement's totals over a run: service-time and intended-start latency histograms in
 * nanoseconds (the same histogram when the run was not throttled: without a schedule the intended
 * start is the actual start, as in YCSB) and outcome counts by status name in first-seen order.
 * Read-only once built.
 */
public record MeasurementTotals(
    String name, Histogram service, Histogram intended, Map<String, Long> returns) {

  /** Calls timed under this name. */
  public long count() {
    return service.getTotalCount();
  }

  public double meanMicros() {
    return service.getMean() / 1000.0;
  }

  public long maxMicros() {
    return service.getMaxValue() / 1000;
  }

  /** Service-time percentile in microseconds, e.g. {@code percentileMicros(99)}. */
  public long percentileMicros(double percentile) {
    return service.getValueAtPercentile(percentile) / 1000;
  }

  /** Latency from the intended start (coordinated-omission corrected) in microseconds. */
  public long intendedPercentileMicros(double percentile) {
    return intended.getValueAtPercentile(percentile) / 1000;
  }

  public long p99Micros() {
    return percentileMicros(99);
  }

  /** Outcomes other than OK/BATCHED_OK. */
  public long errors() {
    long n = 0;
    for (Map.Entry<String, Long> e : returns.entrySet()) {
      if (!e.getKey().equals("OK") && !e.getKey().equals("BATCHED_OK")) {
        n += e.getValue();
      }
    }
    return n;
  }
}
