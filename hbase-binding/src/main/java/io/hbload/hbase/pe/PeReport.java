package io.hbload.hbase.pe;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * PerformanceEvaluation's report lines, in its formats: per client the test/thread line, {@code
 * Latency (us) : mean=.., min=.., max=.., stdDev=.., 50th=.., 75th=.., 95th=.., 99th=.., 99.9th=..,
 * 99.99th=.., 99.999th=..}, the number of measures and the {@code Finished ... (x MB/s)} summary;
 * then PE's closing block (timings, average latency, average TPS) and hbload's aggregate of all
 * clients: throughput over the run and the same percentiles from the clients' histograms added
 * together (not averaged). Stateless.
 */
public final class PeReport {
  private static final DecimalFormatSymbols US = DecimalFormatSymbols.getInstance(Locale.ROOT);
  private static final MathContext CXT = MathContext.DECIMAL64;

  private PeReport() {}

  /** PE's latency figures of a nanosecond histogram, in microseconds, two decimals. */
  public static String latencyLine(Histogram nanos) {
    DecimalFormat f = new DecimalFormat("#0.00", US);
    if (nanos.getTotalCount() == 0) {
      return "mean=0.00, min=0.00, max=0.00, stdDev=0.00, 50th=0.00, 75th=0.00, 95th=0.00, 99th=0.00, 99.9th=0.00, "
          + "99.99th=0.00, 99.999th=0.00";
    }
    return "mean="
        + f.format(nanos.getMean() / 1000)
        + ", min="
        + f.format(nanos.getMinValue() / 1000.0)
        + ", max="
        + f.format(nanos.getMaxValue() / 1000.0)
        + ", stdDev="
        + f.format(nanos.getStdDeviation() / 1000)
        + ", 50th="
        + us(f, nanos, 50)
        + ", 75th="
        + us(f, nanos, 75)
        + ", 95th="
        + us(f, nanos, 95)
        + ", 99th="
        + us(f, nanos, 99)
        + ", 99.9th="
        + us(f, nanos, 99.9)
        + ", 99.99th="
        + us(f, nanos, 99.99)
        + ", 99.999th="
        + us(f, nanos, 99.999);
  }

  /**
   * Operations that took at least {@code nanos} (PE: a latency in whole ms at or over its
   * threshold).
   */
  static long countAtLeast(Histogram h, long nanos) {
    return h.getMaxValue() < nanos ? 0 : h.getCountBetweenValues(nanos, h.getMaxValue());
  }

  private static String us(DecimalFormat f, Histogram h, double percentile) {
    return f.format(h.getValueAtPercentile(percentile) / 1000.0);
  }

  /** Everything PE prints for a run, then hbload's aggregate block. */
  public static void write(
      PeSpec spec, List<PeClientResult> clients, long runtimeMillis, PrintStream out) {
    String test = spec.workload().test().testName();
    Histogram all = new Histogram(3);
    all.setAutoResize(true);
    for (PeClientResult c : clients) {
      out.println("Test : " + test + ", Thread : " + c.threadName());
      out.println("Latency (us) : " + latencyLine(c.latencyNanos()));
      out.println("Num measures (latency) : " + c.latencyNanos().getTotalCount());
      out.println(
          "Finished "
              + test
              + " in "
              + c.elapsedMillis()
              + "ms at offset "
              + c.startRow()
              + " for "
              + c.rows()
              + " rows ("
              + mbps(
                  (long) (c.rows() * (double) spec.execution().sampleRate()),
                  c.elapsedMillis(),
                  spec)
              + ")");
      if (spec.execution().latencyThresholdMillis() > 0) {
        out.println(
            "Number of replies over latency threshold "
                + spec.execution().latencyThresholdMillis()
                + "(ms) is "
                + countAtLeast(
                    c.latencyNanos(), spec.execution().latencyThresholdMillis() * 1_000_000L));
      }
      if (spec.workload().test().scanRange() > 0 || spec.workload().test().scansOneScanner()) {
        out.println(
            "Rows scanned : "
                + c.rowsScanned()
                + " (a table of rows 0.."
                + (spec.rows().totalRows() - 1)
                + " holds "
                + c.rowsExpected()
                + " in the ranges scanned)");
      } else if (spec.workload().test().needsData() && c.rowsScanned() > 0) {
        out.println("Rows scanned : " + c.rowsScanned());
      }
      if (c.notApplied() > 0) {
        out.println("Checks not applied (clients overlap on rows) : " + c.notApplied());
      }
      if (c.mostInFlight() > 0) {
        out.println("Most operations in flight : " + c.mostInFlight());
      }
      if (c.badValues() > 0) {
        out.println("Reads with a missing or malformed value : " + c.badValues());
      }
      all.add(c.latencyNanos());
    }
    if (clients.isEmpty()) {
      return;
    }
    List<Long> timings = new ArrayList<>();
    long total = 0;
    long min = Long.MAX_VALUE;
    long max = 0;
    double meanSum = 0;
    double tps = 0;
    for (PeClientResult c : clients) {
      timings.add(c.elapsedMillis());
      total += c.elapsedMillis();
      min = Math.min(min, c.elapsedMillis());
      max = Math.max(max, c.elapsedMillis());
      meanSum += c.latencyNanos().getTotalCount() == 0 ? 0 : c.latencyNanos().getMean() / 1000;
      tps += c.rows() / (double) Math.max(1, c.elapsedMillis());
    }
    out.println("[" + test + "] Summary of timings (ms): " + timings);
    out.println(
        "["
            + test
            + " duration ]\tMin: "
            + min
            + "ms\tMax: "
            + max
            + "ms\tAvg: "
            + total / clients.size()
            + "ms");
    out.println("[ Avg latency (us)]\t" + Math.round(meanSum / clients.size()));
    out.println("[ Avg TPS/QPS]\t" + Math.round(tps * 1000) + "\t row per second");
    out.println(
        String.format(
            Locale.ROOT,
            "[ All clients ] %d clients, %d measured operations in %d ms: %.1f ops/s",
            clients.size(),
            all.getTotalCount(),
            runtimeMillis,
            all.getTotalCount() * 1000.0 / Math.max(1, runtimeMillis)));
    out.println("[ All clients ] Latency (us) : " + latencyLine(all));
  }

  /**
   * PE's MB/s: rows x (row key + (value + family + qualifier) x columns x families) over the time.
   */
  static String mbps(long rows, long millis, PeSpec spec) {
    BigDecimal rowSize =
        BigDecimal.valueOf(
            PeLayout.ROW_LENGTH
                + (long)
                        (spec.workload().averageValueLength()
                            + PeLayout.FAMILY_BASE.length()
                            + 1
                            + 1)
                    * spec.workload().columns()
                    * spec.table().families());
    BigDecimal mbps =
        BigDecimal.valueOf(rows)
            .multiply(rowSize, CXT)
            .divide(BigDecimal.valueOf(Math.max(1, millis)), CXT)
            .multiply(BigDecimal.valueOf(1000), CXT)
            .divide(BigDecimal.valueOf(1024 * 1024), CXT);
    return new DecimalFormat("0.##", US).format(mbps) + " MB/s";
  }
}
