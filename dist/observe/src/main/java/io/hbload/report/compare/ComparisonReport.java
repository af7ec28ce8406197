package io.hbload.report.compare;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * What {@code hbload compare} found: one verdict over the figures it was asked to judge, then per
 * group and operation (in a fixed order: by group, then operation) the figures of A and B, the
 * ratio B/A with its 95 % interval, the smallest difference the data could have detected and a
 * verdict; beside them the environment differences and how the interval was made. Printed as a text
 * table or written as JSON (Jackson, field names as here). Immutable.
 *
 * @param verdict over the selected figures (all, or {@code --gate}'s), family-wise at 95 %
 * @param gate {@code --fail-if-slower}'s answer at its threshold, null without one
 * @param notComparable the differences {@code --force} overrode (empty when the sides were
 *     comparable)
 */
public record ComparisonReport(
    String a,
    String b,
    long seed,
    int resamples,
    Verdict verdict,
    @JsonInclude(JsonInclude.Include.NON_NULL) Verdict gate,
    List<String> notComparable,
    List<String> environment,
    List<Operation> operations,
    List<String> notes,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Spectrum> spectra,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Throughput> throughput,
    @JsonInclude(JsonInclude.Include.NON_NULL) Calibration calibration) {
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
   * @param noInterval with method {@code none}, why no figure could be judged and what would help
   */
  public record Operation(
      String group,
      String operation,
      String method,
      String why,
      @JsonInclude(JsonInclude.Include.NON_NULL) String noInterval,
      long countA,
      long countB,
      List<Metric> metrics) {
    public Operation {
      metrics = List.copyOf(metrics);
    }

    /** Whether the operation alone names it: a run, or a group named after its operation. */
    boolean unnamedGroup() {
      return group.equals(SideReader.RUN_GROUP) || group.equals(operation);
    }
  }

  /**
   * One figure of A and B.
   *
   * @param ratio B/A
   * @param low the 95 % interval of the ratio, null when the data cannot give one (see verdict)
   * @param detectablePercent the minimum detectable effect: the half-width of the interval on the
   *     log scale, in percent of A; a difference smaller than this one could not be told from noise
   * @param test what the interval rests on, for the gate's p-values; null when not judged
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
      Double detectablePercent,
      @JsonIgnore RatioTest test) {

    /** The 95 % interval as the tables print it, {@code -} without one. */
    String intervalText() {
      return low == null ? "-" : String.format(Locale.ROOT, "%.3f .. %.3f", low, high);
    }

    /** Judged: the data gave an interval (and so a test). */
    public boolean judged() {
      return low != null && test != null;
    }

    /**
     * This figure's 95 % interval lies beyond {@code percent} in B's worse direction (on its own,
     * not corrected for the other figures).
     */
    boolean slowerBeyond(double percent) {
      if (!judged()) {
        return false;
      }
      return higherIsBetter ? high < 1 - percent / 100 : low > 1 + percent / 100;
    }

    /** This figure's 95 % interval lies on B's better side of 1. */
    boolean faster() {
      return judged() && (higherIsBetter ? low > 1 : high < 1);
    }

    /** The one-sided p-value of "B is not worse than A by more than {@code percent}". */
    double pSlowerBeyond(double percent) {
      return higherIsBetter ? test.pBelow(1 - percent / 100) : test.pAbove(1 + percent / 100);
    }

    /** The one-sided p-value of "B is not better than A". */
    double pFaster() {
      return higherIsBetter ? test.pAbove(1) : test.pBelow(1);
    }
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

  /** This report with {@code c} beside its verdict. */
  public ComparisonReport withCalibration(Calibration c) {
    return new ComparisonReport(
        a,
        b,
        seed,
        resamples,
        verdict,
        gate,
        notComparable,
        environment,
        operations,
        notes,
        spectra,
        throughput,
        c);
  }

  /** The table a person reads: one block per operation, the method and its reason above it. */
  public String text() {
    StringBuilder out = new StringBuilder();
    out.append("A: ").append(a).append('\n').append("B: ").append(b).append('\n');
    out.append("verdict: ").append(verdict.line()).append('\n');
    if (gate != null) {
      out.append("gate: ").append(gate.line()).append('\n');
    }
    if (calibration != null) {
      out.append("calibration: ").append(calibration.line()).append('\n');
    }
    for (String n : notComparable) {
      out.append("NOT COMPARABLE (compared with --force): ").append(n).append('\n');
    }
    if (environment.isEmpty()) {
      out.append("environment: no difference recorded\n");
    }
    for (String e : environment) {
      out.append("environment: ").append(e).append('\n');
    }
    if (!operations.isEmpty()) {
      out.append(
          "detectable: the smallest difference, in % of A, each figure's data could have told from"
              + " noise at 95 %\n");
    }
    for (Operation o : operations) {
      boolean plain = o.unnamedGroup();
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
              "  %-18s %12s %12s %8s %19s %10s  %s%n",
              "metric",
              "A",
              "B",
              "B/A",
              "95% CI of B/A",
              "detectable",
              "verdict"));
      for (Metric m : o.metrics()) {
        String ci = m.intervalText();
        String detectable =
            m.detectablePercent() == null
                ? "-"
                : String.format(Locale.ROOT, "±%.1f%%", m.detectablePercent());
        out.append(
            String.format(
                Locale.ROOT,
                "  %-18s %12s %12s %8.3f %19s %10s  %s%n",
                m.name() + " " + m.unit(),
                figure(m.a()),
                figure(m.b()),
                m.ratio(),
                ci,
                detectable,
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

  static String figure(double v) {
    return Double.isNaN(v)
        ? "-"
        : v >= 1000 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3f", v);
  }
}
