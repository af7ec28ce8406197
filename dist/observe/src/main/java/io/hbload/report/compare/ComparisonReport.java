package io.hbload.report.compare;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * What {@code hbload compare} found: per group and operation the figures of A and B, the ratio B/A
 * with its 95 % interval, and a verdict; beside them the environment differences and how the
 * interval was made. Printed as a text table or written as JSON (Jackson, field names as here).
 * Immutable.
 *
 * @param notComparable the differences {@code --force} overrode (empty when the sides were
 *     comparable)
 */
public record ComparisonReport(
    String a,
    String b,
    long seed,
    int resamples,
    List<String> notComparable,
    List<String> environment,
    List<Operation> operations,
    List<String> notes,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Spectrum> spectra,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Throughput> throughput) {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  public ComparisonReport {
    notComparable = List.copyOf(notComparable);
    environment = List.copyOf(environment);
    operations = List.copyOf(operations);
    notes = List.copyOf(notes);
    spectra = List.copyOf(spectra);
    throughput = List.copyOf(throughput);
  }

  /**
   * One side's percentile spectrum of one operation (service latency) with a 95 % band, for the
   * HTML page: the bootstrap's 2.5 and 97.5 percentiles of each point, or with rounds the lowest
   * and highest round.
   *
   * @param inverseTail 1/(1-p) of each point, the spectrum's x axis (1 is p0, 10 p90, 1e5 p99.999)
   */
  public record Spectrum(
      String group,
      String operation,
      String side,
      String band,
      double[] inverseTail,
      double[] millis,
      double[] low,
      double[] high) {}

  /**
   * One side's throughput (all operations) over its first round's intervals, seconds since its
   * start.
   */
  public record Throughput(String group, String side, double[] seconds, double[] opsPerSec) {}

  /**
   * One operation of one group (a workload, a dfsio pass).
   *
   * @param method {@code rounds}, {@code block-bootstrap} or {@code none}
   * @param why the method's reason and what its interval does and does not include, in words
   */
  public record Operation(
      String group,
      String operation,
      String method,
      String why,
      long countA,
      long countB,
      List<Metric> metrics) {
    public Operation {
      metrics = List.copyOf(metrics);
    }
  }

  /**
   * One figure of A and B.
   *
   * @param ratio B/A
   * @param low the 95 % interval of the ratio, null when the data cannot give one (see verdict)
   * @param detectablePercent the half-width of the interval in percent: a difference smaller than
   *     this one could not be told from noise
   */
  public record Metric(
      String name,
      String unit,
      boolean higherIsBetter,
      double a,
      double b,
      double ratio,
      Double low,
      Double high,
      String verdict,
      Double detectablePercent) {

    /** B is worse than A by more than {@code percent} with 95 % confidence. */
    public boolean slowerBeyond(double percent) {
      if (low == null || high == null) {
        return false;
      }
      return higherIsBetter ? high < 1 - percent / 100 : low > 1 + percent / 100;
    }
  }

  /**
   * Whether any figure of B is worse than A's by more than {@code percent} with 95 % confidence.
   */
  public boolean slowerBeyond(double percent) {
    return operations.stream()
        .flatMap(o -> o.metrics().stream())
        .anyMatch(m -> m.slowerBeyond(percent));
  }

  /**
   * The JSON: {@code "tool": "hbload", "command": "compare"} (a later run may replace it), then the
   * fields above.
   */
  public byte[] json() {
    try {
      ObjectNode doc = JSON.createObjectNode().put("tool", "hbload").put("command", "compare");
      doc.setAll((ObjectNode) JSON.valueToTree(this));
      return (JSON.writeValueAsString(doc) + System.lineSeparator())
          .getBytes(StandardCharsets.UTF_8);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a comparison did not serialise", e);
    }
  }

  /** The table a person reads: one block per operation, the method and its reason above it. */
  public String text() {
    StringBuilder out = new StringBuilder();
    out.append("A: ").append(a).append('\n').append("B: ").append(b).append('\n');
    for (String n : notComparable) {
      out.append("NOT COMPARABLE (compared with --force): ").append(n).append('\n');
    }
    if (environment.isEmpty()) {
      out.append("environment: no difference recorded\n");
    }
    for (String e : environment) {
      out.append("environment: ").append(e).append('\n');
    }
    for (Operation o : operations) {
      boolean plain = o.group().equals(SideReader.RUN_GROUP) || o.group().equals(o.operation());
      out.append('\n')
          .append(plain ? "" : "[" + o.group() + "] ")
          .append(o.operation())
          .append(" (")
          .append(o.countA())
          .append(" vs ")
          .append(o.countB())
          .append(")\n");
      out.append("  interval: ").append(o.method()).append(": ").append(o.why()).append('\n');
      out.append(
          String.format(
              Locale.ROOT,
              "  %-18s %12s %12s %8s %19s  %s%n",
              "metric",
              "A",
              "B",
              "B/A",
              "95% CI of B/A",
              "verdict"));
      for (Metric m : o.metrics()) {
        String ci =
            m.low() == null ? "-" : String.format(Locale.ROOT, "%.3f .. %.3f", m.low(), m.high());
        out.append(
            String.format(
                Locale.ROOT,
                "  %-18s %12s %12s %8.3f %19s  %s%n",
                m.name() + " " + m.unit(),
                figure(m.a()),
                figure(m.b()),
                m.ratio(),
                ci,
                m.verdict()));
      }
    }
    for (String n : notes) {
      out.append('\n').append(n);
    }
    if (!notes.isEmpty()) {
      out.append('\n');
    }
    return out.toString();
  }

  private static String figure(double v) {
    return Double.isNaN(v)
        ? "-"
        : v >= 1000 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3f", v);
  }
}
