package io.hbload.hdfs.report;

import io.hbload.hdfs.coder.IsalLibrary;
import io.hbload.hdfs.config.Sizes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Renders runs as a human-readable table, one column per run (side by side for compare), then a
 * line saying whether the ISA-L coder loaded and why not, so a slow EC column is explained on the
 * spot. Stateless.
 */
public final class TextReport {
  private TextReport() {}

  public static String render(List<RunResult> runs) {
    List<String[]> rows = new ArrayList<>();
    rows.add(row("", runs, RunResult::mode));
    rows.add(row("policy", runs, RunResult::policy));
    rows.add(row("raw coder", runs, RunResult::coder));
    rows.add(
        row(
            "files x size",
            runs,
            r -> r.files() + " x " + Sizes.format(r.files() == 0 ? 0 : r.bytes() / r.files())));
    rows.add(row("bytes", runs, r -> Long.toString(r.bytes())));
    rows.add(row("elapsed s", runs, r -> f(r.wallNanos() / 1e9, 3)));
    rows.add(row("aggregate MiB/s", runs, r -> f(r.aggregateMiBps(), 1)));
    rows.add(row("avg IO rate MiB/s", runs, r -> f(r.avgIoRateMiBps(), 1)));
    rows.add(row("IO rate std dev", runs, r -> f(r.ioRateStdDev(), 1)));
    rows.add(row("process CPU cores", runs, r -> f(r.cpuCores(), 2)));
    rows.add(row("EC bytes read", runs, r -> Long.toString(r.erasureCodedBytes())));
    rows.add(row("client decode ms", runs, r -> Long.toString(r.ecDecodeMillis())));
    rows.add(
        row(
            "rs_isal enc/dec ms",
            runs,
            r -> f(r.isalEncodeNanos() / 1e6, 1) + " / " + f(r.isalDecodeNanos() / 1e6, 1)));
    rows.add(row("mismatched bytes", runs, r -> Long.toString(r.mismatchedBytes())));
    rows.add(row("load avg 1m", runs, r -> f(r.load1Start(), 2) + " -> " + f(r.load1End(), 2)));
    boolean faults = runs.stream().anyMatch(r -> r.dataNodeFault().isPresent());
    if (faults) {
      FaultRows.add(rows, runs);
    }
    int[] widths = new int[runs.size() + 1];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        widths[i] = Math.max(widths[i], row[i].length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (String[] row : rows) {
      out.append(String.format(Locale.ROOT, "%-" + widths[0] + "s", row[0]));
      for (int i = 1; i < row.length; i++) {
        out.append("  ").append(String.format(Locale.ROOT, "%" + widths[i] + "s", row[i]));
      }
      out.append('\n');
    }
    if (faults) {
      FaultRows.notes(out, runs);
    }
    return out.append("ISA-L coder: ").append(IsalLibrary.status()).append('\n').toString();
  }

  static String[] row(String name, List<RunResult> runs, Function<RunResult, String> cell) {
    String[] row = new String[runs.size() + 1];
    row[0] = name;
    for (int i = 0; i < runs.size(); i++) {
      row[i + 1] = cell.apply(runs.get(i));
    }
    return row;
  }

  static String f(double v, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
