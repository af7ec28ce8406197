package io.hbload.core.suite;

import com.fasterxml.jackson.core.JsonGenerator;
import io.hbload.core.export.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Renders a {@link SuiteTable} in the seed's shape (per workload: operations, throughput, avg / p95
 * / p99 ms, the block-cache hit ratio) as an aligned text table, markdown, CSV and JSON. The first
 * row of a workload carries its name and run figures; a workload with several operation types
 * continues on rows with those cells blank. Every form says which latency figures come from the
 * summed histograms and which are means of the per-round figures. Stateless.
 */
public final class SuiteTableFormat {
  public static final String LEGEND =
      "latency: 'summed' = avg / p95 / p99 of the kept rounds' histograms added together;"
          + " 'mean of rounds' = the mean of each round's own avg / p95 / p99 (the usual 'mean of the last runs'),"
          + " with the per-round p99's [min-max]; throughput: mean of the rounds [min-max] and sd (sample standard"
          + " deviation); hit ratio: block-cache hits / lookups summed over the kept rounds (L1 / L2)";
  private static final List<String> HEADER =
      List.of(
          "workload",
          "rounds",
          "operations",
          "throughput ops/s",
          "op",
          "avg / p95 / p99 ms (summed)",
          "avg / p95 / p99 ms (mean of rounds)",
          "p99 ms per round",
          "hit ratio (L1 / L2)");

  private SuiteTableFormat() {}

  /** The first line: what was kept. */
  public static String title(SuiteTable t) {
    return "hbload suite: "
        + t.rounds()
        + " rounds, the first "
        + t.discard()
        + " discarded as warm-up; figures from"
        + " rounds "
        + (t.discard() + 1)
        + "-"
        + t.rounds()
        + (t.complete() ? "" : " (INCOMPLETE: see 'missing')");
  }

  public static String text(SuiteTable t) {
    List<List<String>> cells = cells(t);
    int[] width = new int[HEADER.size()];
    for (List<String> row : cells) {
      for (int i = 0; i < row.size(); i++) {
        width[i] = Math.max(width[i], row.get(i).length());
      }
    }
    StringBuilder sb = new StringBuilder(title(t)).append('\n');
    for (int r = 0; r < cells.size(); r++) {
      List<String> row = cells.get(r);
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.size(); i++) {
        line.append(i == 0 ? "" : "  ").append(pad(row.get(i), width[i], i >= 1 && i <= 3));
      }
      sb.append(line.toString().stripTrailing()).append('\n');
      if (r == 0) {
        int total = 0;
        for (int w : width) {
          total += w;
        }
        sb.append("-".repeat(total + 2 * (width.length - 1))).append('\n');
      }
    }
    sb.append(LEGEND).append('\n');
    missing(t).forEach(m -> sb.append(m).append('\n'));
    return sb.toString();
  }

  public static String markdown(SuiteTable t) {
    List<List<String>> cells = cells(t);
    StringBuilder sb = new StringBuilder("**").append(title(t)).append("**\n\n");
    for (int r = 0; r < cells.size(); r++) {
      sb.append("| ").append(String.join(" | ", cells.get(r))).append(" |\n");
      if (r == 0) {
        sb.append("|").append("---|".repeat(HEADER.size())).append('\n');
      }
    }
    sb.append('\n').append(LEGEND).append('\n');
    missing(t).forEach(m -> sb.append('\n').append(m).append('\n'));
    return sb.toString();
  }

  /**
   * One line per workload and operation type, every figure in its own numeric column; empty = not
   * available.
   */
  public static String csv(SuiteTable t) {
    StringBuilder sb =
        new StringBuilder(
            "workload,kept_rounds,missing_rounds,operations_mean,operations_min,"
                + "operations_max,throughput_mean,throughput_min,throughput_max,throughput_sd,op,op_count,"
                + "summed_avg_ms,summed_p95_ms,summed_p99_ms,rounds_avg_ms_mean,rounds_p95_ms_mean,rounds_p99_ms_mean,"
                + "rounds_p99_ms_min,rounds_p99_ms_max,rounds_p99_ms_sd,hit_ratio,l1_hit_ratio,l2_hit_ratio,"
                + "hit_ratio_round_min,hit_ratio_round_max\n");
    for (SuiteTable.Row row : t.rows()) {
      List<SuiteTable.Op> ops = row.ops().isEmpty() ? Collections.singletonList(null) : row.ops();
      for (SuiteTable.Op op : ops) {
        List<String> f = new ArrayList<>();
        f.add(row.workload());
        f.add(join(row.keptRounds(), " "));
        f.add(join(row.missingRounds(), " "));
        f.add(num(row.operations().mean()));
        f.add(num(row.operations().min()));
        f.add(num(row.operations().max()));
        f.add(num(row.throughput().mean()));
        f.add(num(row.throughput().min()));
        f.add(num(row.throughput().max()));
        f.add(num(row.throughput().sd()));
        f.add(op == null ? "" : op.name());
        f.add(op == null ? "" : Long.toString(op.count()));
        f.add(op == null ? "" : num(op.summedAvgMs()));
        f.add(op == null ? "" : num(op.summedP95Ms()));
        f.add(op == null ? "" : num(op.summedP99Ms()));
        f.add(op == null ? "" : num(op.perRoundAvgMs().mean()));
        f.add(op == null ? "" : num(op.perRoundP95Ms().mean()));
        f.add(op == null ? "" : num(op.perRoundP99Ms().mean()));
        f.add(op == null ? "" : num(op.perRoundP99Ms().min()));
        f.add(op == null ? "" : num(op.perRoundP99Ms().max()));
        f.add(op == null ? "" : num(op.perRoundP99Ms().sd()));
        CacheCounts c = row.cache();
        f.add(c == null ? "" : num(c.hitRatio()));
        f.add(c == null ? "" : num(c.l1HitRatio()));
        f.add(c == null ? "" : num(c.l2HitRatio()));
        f.add(num(row.hitRatio().min()));
        f.add(num(row.hitRatio().max()));
        sb.append(csvLine(f)).append('\n');
      }
    }
    return sb.toString();
  }

  public static String json(SuiteTable t) {
    return Json.write(
        Json.Layout.ONE_LINE,
        g -> {
          g.writeStartObject();
          g.writeStringField("tool", "hbload suite");
          g.writeNumberField("rounds", t.rounds());
          g.writeNumberField("discardedRounds", t.discard());
          g.writeBooleanField("complete", t.complete());
          g.writeObjectFieldStart("legend");
          g.writeStringField("summed", "percentiles of the kept rounds' histograms added together");
          g.writeStringField(
              "meanOfRounds",
              "mean and spread (sample standard deviation) of each kept round's own figure");
          g.writeEndObject();
          g.writeArrayFieldStart("workloads");
          for (SuiteTable.Row row : t.rows()) {
            g.writeStartObject();
            g.writeStringField("workload", row.workload());
            rounds(g, "keptRounds", row.keptRounds());
            rounds(g, "missingRounds", row.missingRounds());
            spread(g, "operations", row.operations());
            spread(g, "throughputOpsPerSec", row.throughput());
            g.writeArrayFieldStart("ops");
            for (SuiteTable.Op op : row.ops()) {
              g.writeStartObject();
              g.writeStringField("name", op.name());
              g.writeNumberField("operations", op.count());
              g.writeObjectFieldStart("summed");
              g.writeNumberField("avgMs", op.summedAvgMs());
              g.writeNumberField("p95Ms", op.summedP95Ms());
              g.writeNumberField("p99Ms", op.summedP99Ms());
              g.writeEndObject();
              g.writeObjectFieldStart("meanOfRounds");
              spread(g, "avgMs", op.perRoundAvgMs());
              spread(g, "p95Ms", op.perRoundP95Ms());
              spread(g, "p99Ms", op.perRoundP99Ms());
              g.writeEndObject();
              g.writeEndObject();
            }
            g.writeEndArray();
            if (row.cache() != null) {
              CacheCounts c = row.cache();
              g.writeObjectFieldStart("blockCache");
              g.writeNumberField("hits", c.hits());
              g.writeNumberField("misses", c.misses());
              g.writeNumberField("hitRatio", c.hitRatio());
              g.writeNumberField("l1HitRatio", c.l1HitRatio());
              g.writeNumberField("l2HitRatio", c.l2HitRatio());
              spread(g, "hitRatioPerRound", row.hitRatio());
              g.writeEndObject();
            }
            g.writeEndObject();
          }
          g.writeEndArray();
          g.writeEndObject();
        });
  }

  private static void rounds(JsonGenerator g, String name, List<Integer> rounds)
      throws IOException {
    g.writeArrayFieldStart(name);
    for (int r : rounds) {
      g.writeNumber(r);
    }
    g.writeEndArray();
  }

  private static void spread(JsonGenerator g, String name, Spread s) throws IOException {
    g.writeObjectFieldStart(name);
    g.writeNumberField("mean", s.mean());
    g.writeNumberField("min", s.min());
    g.writeNumberField("max", s.max());
    g.writeNumberField("sd", s.sd());
    g.writeNumberField("rounds", s.n());
    g.writeEndObject();
  }

  /**
   * The table's cells, header first, as every form renders them (the HTML report puts them above
   * its rounds).
   */
  public static List<List<String>> cells(SuiteTable t) {
    List<List<String>> out = new ArrayList<>();
    out.add(HEADER);
    for (SuiteTable.Row row : t.rows()) {
      List<String> first = new ArrayList<>();
      first.add(row.workload());
      first.add(row.keptRounds().isEmpty() ? "none" : join(row.keptRounds(), ","));
      first.add(
          row.keptRounds().isEmpty()
              ? "-"
              : String.format(Locale.ROOT, "%,.0f", row.operations().mean()));
      first.add(
          row.keptRounds().isEmpty()
              ? "-"
              : String.format(
                  Locale.ROOT,
                  "%,.0f [%,.0f-%,.0f] sd %,.0f",
                  row.throughput().mean(),
                  row.throughput().min(),
                  row.throughput().max(),
                  row.throughput().sd()));
      String cache =
          row.cache() == null
              ? "-"
              : pct(row.cache().hitRatio())
                  + " ("
                  + pct(row.cache().l1HitRatio())
                  + " / "
                  + pct(row.cache().l2HitRatio())
                  + ")";
      if (row.ops().isEmpty()) {
        first.addAll(List.of("-", "-", "-", "-", cache));
        out.add(first);
        continue;
      }
      for (int i = 0; i < row.ops().size(); i++) {
        SuiteTable.Op op = row.ops().get(i);
        List<String> line = i == 0 ? first : new ArrayList<>(List.of("", "", "", ""));
        line.add(op.name());
        line.add(
            ms(op.summedAvgMs()) + " / " + ms(op.summedP95Ms()) + " / " + ms(op.summedP99Ms()));
        line.add(
            ms(op.perRoundAvgMs().mean())
                + " / "
                + ms(op.perRoundP95Ms().mean())
                + " / "
                + ms(op.perRoundP99Ms().mean()));
        line.add("[" + ms(op.perRoundP99Ms().min()) + "-" + ms(op.perRoundP99Ms().max()) + "]");
        line.add(i == 0 ? cache : "");
        out.add(line);
      }
    }
    return out;
  }

  private static List<String> missing(SuiteTable t) {
    List<String> out = new ArrayList<>();
    for (SuiteTable.Row row : t.rows()) {
      if (!row.missingRounds().isEmpty()) {
        out.add(
            "missing: workload " + row.workload() + ", round(s) " + join(row.missingRounds(), ","));
      }
    }
    return out;
  }

  /**
   * One CSV record, RFC 4180 quoted: a field holding a comma, a quote or a line break is put in
   * quotes with its quotes doubled, any other is written as it is. Written here rather than with
   * Commons CSV, which core does not have (only the mini YARN cluster brings it), for the one CSV
   * hbload writes.
   */
  static String csvLine(List<String> fields) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < fields.size(); i++) {
      String f = fields.get(i);
      sb.append(i == 0 ? "" : ",");
      if (f.indexOf(',') >= 0
          || f.indexOf('"') >= 0
          || f.indexOf('\n') >= 0
          || f.indexOf('\r') >= 0) {
        sb.append('"').append(f.replace("\"", "\"\"")).append('"');
      } else {
        sb.append(f);
      }
    }
    return sb.toString();
  }

  private static String ms(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    // sub-10 us latencies (an in-process binding) keep two significant digits instead of printing
    // as 0.00
    return v > 0 && v < 0.005
        ? String.format(Locale.ROOT, "%.2g", v)
        : String.format(Locale.ROOT, "%.2f", v);
  }

  private static String pct(double ratio) {
    return Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * ratio);
  }

  private static String num(double v) {
    return Double.isNaN(v)
        ? ""
        : v == Math.rint(v) && Math.abs(v) < 1e15
            ? Long.toString((long) v)
            : String.format(Locale.ROOT, "%.6f", v);
  }

  private static String join(List<Integer> values, String sep) {
    return String.join(sep, values.stream().map(String::valueOf).toList());
  }

  private static String pad(String s, int width, boolean right) {
    String fill = " ".repeat(Math.max(0, width - s.length()));
    return right ? fill + s : s + fill;
  }
}
