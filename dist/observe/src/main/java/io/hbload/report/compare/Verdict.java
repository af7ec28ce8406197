package io.hbload.report.compare;

import io.hbload.report.compare.ComparisonReport.Metric;
import io.hbload.report.compare.ComparisonReport.Operation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One answer over many figures: is B slower, faster, not detectably different, or can the data not
 * say. The plain verdict tests against no difference; the gate ({@code --fail-if-slower PCT}) tests
 * "slower by more than PCT".
 *
 * <p>The gate judges a handful of figures per operation, and a gate that fails when any one of them
 * crosses its own 95 % interval fails an A/A comparison far more often than one time in
 * twenty-five. So its error rate is held per comparison: Holm's step-down over the figures'
 * one-sided p-values ({@link RatioTest}) at {@link #ALPHA}: sort them, compare the k-th smallest
 * (from 0) with ALPHA / (m - k), stop at the first that is not below. Holm holds the family-wise
 * rate for any dependence between the figures (they share the same latencies), never rejects less
 * than Bonferroni, and with one figure is exactly that figure's 95 % interval lying beyond the
 * threshold. A figure is also found slower only when its own interval shows it, so the table always
 * backs the verdict (Holm's levels are at most the interval's, so this drops nothing the interval's
 * p-value would keep, but the bootstrap's normal-tail reading could). The faster side is a second
 * family at the same level, so the two together make the two-sided 95 % of the table.
 *
 * <p>A figure it cannot judge (too few intervals, rounds or latencies) is named; when any gated
 * figure is not judged and none is found slower, the outcome is {@link Outcome#CANNOT_JUDGE}: the
 * gate cannot vouch for what it did not judge. Immutable.
 *
 * @param slowerPercent the gate's threshold; null for the plain verdict
 * @param judged the selected figures that were judged
 * @param slower the selected figures found worse (beyond the threshold), family-wise
 * @param faster the selected figures found better, family-wise
 * @param notJudged the selected figures the data could not judge
 * @param line the verdict in words, one line
 */
public record Verdict(
    Outcome outcome,
    Double slowerPercent,
    int judged,
    List<String> slower,
    List<String> faster,
    List<String> notJudged,
    String line) {
  /**
   * One-sided level of each direction's family: the lower end of the table's two-sided 95 %
   * interval, so that a gate of one figure is that figure's interval and the two directions
   * together are the table's 95 %.
   */
  static final double ALPHA = 0.025;

  public enum Outcome {
    SLOWER("slower"),
    FASTER("faster"),
    NO_DETECTABLE_DIFFERENCE("no detectable difference"),
    CANNOT_JUDGE("cannot judge");

    private final String words;

    Outcome(String words) {
      this.words = words;
    }

    public String words() {
      return words;
    }
  }

  public Verdict {
    slower = List.copyOf(slower);
    faster = List.copyOf(faster);
    notJudged = List.copyOf(notJudged);
  }

  /**
   * The verdict over the figures of {@code operations} that {@code figures} selects; {@code
   * slowerPercent} null for the plain verdict (against no difference), else the gate's threshold.
   */
  static Verdict of(List<Operation> operations, FigureSelection figures, Double slowerPercent) {
    figures.unmatched(operations);
    double threshold = slowerPercent == null ? 0 : slowerPercent;
    List<String> ids = new ArrayList<>();
    List<Metric> judged = new ArrayList<>();
    Map<String, List<String>> reasons = new LinkedHashMap<>();
    List<String> wholeOperation = new ArrayList<>();
    for (Operation o : operations) {
      for (Metric m : o.metrics()) {
        if (!figures.matches(o, m)) {
          continue;
        }
        String id = FigureSelection.id(o, m);
        if (m.judged()) {
          ids.add(id);
          judged.add(m);
        } else if (o.noInterval() != null) {
          String reason = label(o) + ": " + o.noInterval();
          reasons.computeIfAbsent(reason, r -> new ArrayList<>()).add(id);
          wholeOperation.add(reason);
        } else {
          reasons.computeIfAbsent(reason(m), r -> new ArrayList<>()).add(id);
        }
      }
    }
    int m = judged.size();
    double[] pSlower = new double[m];
    double[] pFaster = new double[m];
    for (int i = 0; i < m; i++) {
      pSlower[i] = judged.get(i).pSlowerBeyond(threshold);
      pFaster[i] = judged.get(i).pFaster();
    }
    boolean[] slowerHolm = holm(pSlower, ALPHA);
    boolean[] fasterHolm = holm(pFaster, ALPHA);
    List<String> slower = new ArrayList<>();
    List<String> faster = new ArrayList<>();
    for (int i = 0; i < m; i++) {
      if (slowerHolm[i] && judged.get(i).slowerBeyond(threshold)) {
        slower.add(ids.get(i));
      } else if (fasterHolm[i] && judged.get(i).faster()) {
        faster.add(ids.get(i));
      }
    }
    List<String> notJudged = new ArrayList<>();
    List<String> why = new ArrayList<>();
    reasons.forEach(
        (reason, names) -> {
          notJudged.addAll(names);
          why.add(
              wholeOperation.contains(reason) ? reason : String.join(", ", names) + ": " + reason);
        });
    Outcome outcome =
        !slower.isEmpty()
            ? Outcome.SLOWER
            : !notJudged.isEmpty() || m == 0
                ? Outcome.CANNOT_JUDGE
                : !faster.isEmpty() ? Outcome.FASTER : Outcome.NO_DETECTABLE_DIFFERENCE;
    String line =
        line(outcome, slowerPercent, m, slower, faster, why, operations.isEmpty(), figures);
    return new Verdict(outcome, slowerPercent, m, slower, faster, notJudged, line);
  }

  private static String label(Operation o) {
    boolean plain = o.group().equals(SideReader.RUN_GROUP) || o.group().equals(o.operation());
    return plain ? o.operation() : o.group() + ":" + o.operation();
  }

  /** Why a figure of an operation that has intervals was not judged, shared by like figures. */
  private static String reason(Metric m) {
    if (m.verdict().startsWith("too few latencies")) {
      return "too few latencies beyond the percentile to judge it";
    }
    return m.verdict();
  }

  private static String line(
      Outcome outcome,
      Double slowerPercent,
      int judged,
      List<String> slower,
      List<String> faster,
      List<String> why,
      boolean nothingCompared,
      FigureSelection figures) {
    String beyond =
        slowerPercent == null
            ? ""
            : String.format(Locale.ROOT, " by more than %s%%", trim(slowerPercent));
    String family =
        " (Holm-corrected over the "
            + judged
            + " judged figure"
            + (judged == 1 ? "" : "s")
            + ", 95 %)";
    String head = slowerPercent == null ? outcome.words() : null;
    String text;
    switch (outcome) {
      case SLOWER ->
          text =
              (slowerPercent == null
                      ? "slower: "
                      : "B is slower than A" + beyond + " with 95 % confidence: ")
                  + String.join(", ", slower)
                  + family;
      case FASTER ->
          text =
              slowerPercent == null
                  ? "faster: " + String.join(", ", faster) + family
                  : "passed: none of the "
                      + judged
                      + " judged figures is slower"
                      + beyond
                      + "; B is faster in "
                      + String.join(", ", faster)
                      + " (Holm-corrected, 95 %)";
      case NO_DETECTABLE_DIFFERENCE ->
          text =
              slowerPercent == null
                  ? "no detectable difference in the " + judged + " judged figures"
                  : "passed: none of the "
                      + judged
                      + " judged figures is slower"
                      + beyond
                      + " (Holm-corrected, 95 %)";
      default -> {
        StringBuilder b = new StringBuilder("cannot judge: ");
        if (nothingCompared) {
          b.append("no operation was compared (see the notes)");
        } else {
          b.append(String.join("; ", why));
        }
        if (judged > 0) {
          b.append("; of the ")
              .append(judged)
              .append(" judged figure")
              .append(judged == 1 ? "" : "s")
              .append(", ")
              .append(
                  slowerPercent != null
                      ? "none is slower" + beyond
                      : faster.isEmpty()
                          ? "none differs"
                          : "B is faster in " + String.join(", ", faster))
              .append(
                  slowerPercent == null
                      ? ""
                      : ", but the gate cannot vouch for what it did not judge")
              .append(
                  figures.all()
                      ? "; --gate narrows it to judged figures"
                      : "; narrow --gate to judged figures");
        }
        text = b.toString();
      }
    }
    if (head != null && !text.startsWith(head)) {
      text = head + ": " + text;
    }
    return text;
  }

  /**
   * Holm's step-down: which of the hypotheses with p-values {@code p} are rejected at family-wise
   * level {@code alpha}.
   */
  static boolean[] holm(double[] p, double alpha) {
    int m = p.length;
    Integer[] order = new Integer[m];
    for (int i = 0; i < m; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
    boolean[] rejected = new boolean[m];
    for (int k = 0; k < m; k++) {
      int i = order[k];
      if (!(p[i] < alpha / (m - k))) {
        break;
      }
      rejected[i] = true;
    }
    return rejected;
  }

  private static String trim(double percent) {
    return percent % 1 == 0
        ? Long.toString((long) percent) + ".0"
        : String.format(Locale.ROOT, "%s", percent);
  }
}
