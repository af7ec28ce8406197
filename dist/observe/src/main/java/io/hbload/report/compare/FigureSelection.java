package io.hbload.report.compare;

import io.hbload.core.config.EditDistance;
import io.hbload.core.config.SpecException;
import io.hbload.report.compare.ComparisonReport.Metric;
import io.hbload.report.compare.ComparisonReport.Operation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The figures a verdict and the gate judge ({@code --gate READ.p99,throughput}): all by default. A
 * figure is named {@code FIGURE} (in every operation), {@code OPERATION.FIGURE} or, in a suite of
 * several workloads, {@code WORKLOAD:OPERATION.FIGURE}; the figures are {@code throughput}, the
 * service percentiles {@code p50} ... {@code p99.99}, the same after {@code intended.} and dfsio's
 * {@code avgIoRate}, {@code throughput} and {@code aggregate}. Names are checked twice: against
 * that vocabulary when parsed (before any file is read), and against the comparison's own figures
 * once they are known ({@link #unmatched}). Immutable.
 */
public record FigureSelection(List<Selector> selectors) {
  /** Every figure of the comparison. */
  public static final FigureSelection ALL = new FigureSelection(List.of());

  /** One name of the list. */
  public record Selector(String text, String group, String operation, String figure) {}

  public FigureSelection {
    selectors = List.copyOf(selectors);
  }

  /** The figure names without an operation, in the order the table prints them. */
  static List<String> vocabulary() {
    List<String> out = new ArrayList<>();
    out.add("throughput");
    for (String kind : new String[] {"", "intended."}) {
      for (double p : Comparer.PERCENTILES) {
        out.add(kind + "p" + percentile(p));
      }
    }
    out.add("avgIoRate");
    out.add("aggregate");
    return out;
  }

  /** A comma-separated list of names; a name outside the vocabulary is bad input. */
  public static FigureSelection parse(String list) {
    List<String> vocabulary = vocabulary();
    List<Selector> out = new ArrayList<>();
    for (String raw : list.split(",", -1)) {
      String text = raw.strip();
      if (text.isEmpty()) {
        throw new SpecException("--gate: an empty figure name in '" + list + "'");
      }
      int colon = text.lastIndexOf(':');
      String group = colon < 0 ? null : text.substring(0, colon);
      String rest = text.substring(colon + 1);
      String operation = null;
      String figure = rest;
      if (!vocabulary.contains(rest)) {
        int dot = rest.indexOf('.');
        operation = dot <= 0 ? null : rest.substring(0, dot);
        figure = dot <= 0 ? rest : rest.substring(dot + 1);
      }
      if (!vocabulary.contains(figure) || group != null && group.isEmpty()) {
        String closest = closest(figure, vocabulary);
        throw new SpecException(
            "--gate: no figure '"
                + text
                + "'"
                + (closest == null
                    ? ""
                    : " (did you mean "
                        + text.substring(0, text.length() - figure.length())
                        + closest
                        + "?)")
                + "; the figures are "
                + String.join(", ", vocabulary)
                + ", alone (in every operation) or as OPERATION.FIGURE (READ.p99)");
      }
      out.add(new Selector(text, group, operation, figure));
    }
    return new FigureSelection(out);
  }

  boolean all() {
    return selectors.isEmpty();
  }

  boolean matches(Operation o, Metric m) {
    if (all()) {
      return true;
    }
    return selectors.stream().anyMatch(s -> matches(s, o, m));
  }

  private static boolean matches(Selector s, Operation o, Metric m) {
    return (s.group() == null || s.group().equals(o.group()))
        && (s.operation() == null || s.operation().equals(o.operation()))
        && s.figure().equals(figure(m));
  }

  /**
   * The names that match no figure of {@code operations}, each with the closest figure's id; bad
   * input naming them and the comparison's figures, or nothing when every name matched.
   */
  void unmatched(List<Operation> operations) {
    List<String> ids = new ArrayList<>();
    for (Operation o : operations) {
      for (Metric m : o.metrics()) {
        ids.add(id(o, m));
      }
    }
    for (Selector s : selectors) {
      boolean any =
          operations.stream().anyMatch(o -> o.metrics().stream().anyMatch(m -> matches(s, o, m)));
      if (!any) {
        String closest = closest(s.text(), ids);
        throw new SpecException(
            "--gate "
                + s.text()
                + " names no figure of this comparison"
                + (closest == null ? "" : " (did you mean " + closest + "?)")
                + "; its figures are "
                + (ids.isEmpty() ? "none" : String.join(", ", ids)));
      }
    }
  }

  /**
   * A figure's name as {@code --gate} takes it and the verdict prints it: {@code READ.p99}, {@code
   * a:READ.intended.p99} in a suite of several workloads, {@code write.avgIoRate} for dfsio.
   */
  static String id(Operation o, Metric m) {
    boolean plain = o.group().equals(SideReader.RUN_GROUP) || o.group().equals(o.operation());
    return (plain ? "" : o.group() + ":") + o.operation() + "." + figure(m);
  }

  /** {@code service p99} is {@code p99}, {@code intended p99} {@code intended.p99}. */
  static String figure(Metric m) {
    String name = m.name();
    if (name.startsWith("service ")) {
      return name.substring("service ".length());
    }
    return name.replace(' ', '.');
  }

  private static String percentile(double p) {
    return p % 1 == 0 ? Long.toString((long) p) : Double.toString(p);
  }

  /** The closest name within a typo's distance (a quarter of the name, at least 2), or null. */
  private static String closest(String name, Collection<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    int limit = Math.max(2, name.length() / 4);
    for (String k : known) {
      int d = EditDistance.between(name.toLowerCase(Locale.ROOT), k.toLowerCase(Locale.ROOT));
      if (d <= limit && d < bestDistance) {
        best = k;
        bestDistance = d;
      }
    }
    return best;
  }
}
