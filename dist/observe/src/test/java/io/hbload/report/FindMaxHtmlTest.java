package io.hbload.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.Hbload;
import io.hbload.core.capacity.CapacityResult;
import io.hbload.core.capacity.CapacitySearch;
import io.hbload.core.capacity.CapacityStep;
import io.hbload.core.testing.ServiceQueueProvider;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The find-max page drawn from real searches against a server of known capacity ({@link
 * ServiceQueueProvider}): every step is a dot on both curves and a table row, the bound, the rate
 * found, the first broken rate and the knee are lines at their values, confirmed breaks and the
 * generator's limit are ringed, and the dots sit on the right side of the bound's line.
 */
class FindMaxHtmlTest {
  private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

  /**
   * One server thread at 2 ms a call holds 500 ops/s; from 150 ops/s doubling, 600 breaks p99<100ms
   * (the queue grows for the whole step) and its repeat confirms it, then 450 ends the bisection at
   * a precision of 50 %. A stall of this shared machine can break a step far below the capacity, so
   * up to three searches until one has a held rate, a confirmed break and a knee.
   */
  private static CapacityResult serverLimitedSearch() throws Exception {
    CapacityResult r = null;
    for (int attempt = 1; attempt <= 3; attempt++) {
      r =
          Hbload.workload("c")
              .binding(new ServiceQueueProvider(1, 2_000_000L))
              .recordCount(1000)
              .threads(1)
              .property("hbload.inflight", "2000")
              .messages(QUIET)
              .findMax(
                  "p99<100ms",
                  new CapacitySearch.Settings(
                      150, 2, 0.5, Duration.ofMillis(300), Duration.ofSeconds(1), 12));
      if (Double.isFinite(r.capacityOpsPerSec())
          && Double.isFinite(r.firstBrokenOpsPerSec())
          && Double.isFinite(r.kneeOpsPerSec())) {
        break;
      }
    }
    return r;
  }

  @Test
  void theHockeyStickHoldsEveryStepTheBoundTheRateFoundAndTheKnee() throws Exception {
    CapacityResult r = serverLimitedSearch();
    String text = String.join("\n", r.table());
    assertThat(r.generatorLimited()).as(text).isFalse();
    assertThat(r.capacityOpsPerSec()).as(text).isFinite();
    assertThat(r.firstBrokenOpsPerSec()).as(text).isFinite();
    assertThat(r.kneeOpsPerSec()).as(text).isFinite();

    String html = FindMaxHtmlReport.render("find", r);
    List<CapacityStep> steps = r.steps();
    for (String series : List.of("intended p99", "service p99")) {
      assertThat(dotLabels(html, series))
          .as("a dot per step on %s\n%s", series, text)
          .containsExactlyInAnyOrderElementsOf(labels(steps.size()));
      assertThat(html).containsPattern("data-series=\"" + series + "\" d=\"M[^\"]+ L");
    }
    for (int n = 0; n < steps.size(); n++) {
      assertThat(html)
          .as("table row of step %d", n + 1)
          .containsPattern(
              "<tr data-step=\""
                  + (n + 1)
                  + "\" class=\""
                  + steps.get(n).verdict()
                  + "\"><td>"
                  + (n + 1)
                  + "</td><td>"
                  + String.format(Locale.ROOT, "%.0f", steps.get(n).offeredOpsPerSec())
                  + "</td>");
    }
    assertThat(ruleAt(html, "bound")).isEqualTo("100.0");
    assertThat(ruleAt(html, "found")).isEqualTo(oneDecimal(r.capacityOpsPerSec()));
    assertThat(ruleAt(html, "first-broken")).isEqualTo(oneDecimal(r.firstBrokenOpsPerSec()));
    assertThat(ruleAt(html, "knee")).isEqualTo(oneDecimal(r.kneeOpsPerSec()));
    assertThat(html).doesNotContain("data-rule=\"generator-limit\"");

    long confirmed = steps.stream().filter(s -> s.repeat() && !s.held()).count();
    assertThat(confirmed).as(text).isPositive();
    assertThat(count(html, "<circle class=\"mark\" data-mark=\"confirmed-break\""))
        .isEqualTo(confirmed);
    assertThat(html).doesNotContain("data-mark=\"generator-limited\"");

    // the scale: held steps' dots under the bound's line, steps broken by p99 on or above it
    double boundY = ruleY(html, "bound");
    for (int n = 0; n < steps.size(); n++) {
      CapacityStep s = steps.get(n);
      double cy = dotY(html, "intended p99", n + 1);
      if (s.held()) {
        assertThat(cy)
            .as("step %d held: below the bound\n%s", n + 1, text)
            .isGreaterThanOrEqualTo(boundY);
        assertThat(dot(html, "intended p99", n + 1)).doesNotContain("fill=\"#fff\"");
      } else {
        assertThat(cy)
            .as("step %d broke: above the bound\n%s", n + 1, text)
            .isLessThanOrEqualTo(boundY);
        assertThat(dot(html, "intended p99", n + 1)).contains("fill=\"#fff\"");
      }
    }
    assertThat(html)
        .contains(HtmlReport.CSP, "<h1>hbload find-max report: find</h1>", Html.escape(r.summary()))
        .doesNotContain("<script");
    // achieved against offered: a dot per step too
    assertThat(dotLabels(html, "achieved")).hasSize(steps.size());
  }

  /**
   * Two calls in flight against 20 ms calls: the client holds about 100 ops/s, so 400 is the
   * generator's limit. The step is ringed as such, a line is drawn at the rate the client achieved,
   * and no server capacity is drawn.
   */
  @Test
  void aGeneratorLimitedStepIsMarkedAndNoCapacityIsDrawn() throws Exception {
    CapacityResult r =
        Hbload.workload("c")
            .binding(new ServiceQueueProvider(64, 20_000_000L))
            .recordCount(1000)
            .threads(1)
            .property("hbload.inflight", "2")
            .messages(QUIET)
            .findMax(
                "p99<100ms",
                new CapacitySearch.Settings(
                    400, 2, 0.05, Duration.ofMillis(300), Duration.ofSeconds(1), 4));
    String text = String.join("\n", r.table());
    assertThat(r.generatorLimited()).as(text).isTrue();

    String html = FindMaxHtmlReport.render("gen", r);
    assertThat(dotLabels(html, "intended p99")).hasSize(r.steps().size());
    long limited = r.steps().stream().filter(s -> s.generatorLimit() != null).count();
    assertThat(limited).isPositive();
    assertThat(count(html, "<circle class=\"mark\" data-mark=\"generator-limited\""))
        .as("ringed on both charts")
        .isEqualTo(2 * limited);
    assertThat(ruleAt(html, "generator-limit")).isEqualTo(oneDecimal(r.generatorLimitOpsPerSec()));
    assertThat(html)
        .doesNotContain("data-rule=\"found\"", "data-rule=\"first-broken\"")
        .contains("the client, not the server, was the limit");
  }

  /** The {@code data-point} labels of the dots of {@code series}. */
  static List<String> dotLabels(String html, String series) {
    Matcher m =
        Pattern.compile(
                "<circle class=\"point\" data-series=\""
                    + Pattern.quote(series)
                    + "\" data-point=\"([^\"]+)\"")
            .matcher(html);
    List<String> out = new ArrayList<>();
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  private static List<String> labels(int n) {
    List<String> out = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      out.add(Integer.toString(i));
    }
    return out;
  }

  private static String dot(String html, String series, int step) {
    Matcher m =
        Pattern.compile(
                "<circle class=\"point\" data-series=\""
                    + Pattern.quote(series)
                    + "\" data-point=\""
                    + step
                    + "\"[^>]*>")
            .matcher(html);
    assertThat(m.find()).as("dot of step %d on %s", step, series).isTrue();
    return m.group();
  }

  private static double dotY(String html, String series, int step) {
    Matcher m = Pattern.compile("cy=\"([0-9.]+)\"").matcher(dot(html, series, step));
    assertThat(m.find()).isTrue();
    return Double.parseDouble(m.group(1));
  }

  /** The value a rule is drawn at ({@code data-at}). */
  static String ruleAt(String html, String rule) {
    Matcher m = Pattern.compile("data-rule=\"" + rule + "\" data-at=\"([^\"]+)\"").matcher(html);
    assertThat(m.find()).as("rule " + rule).isTrue();
    return m.group(1);
  }

  private static double ruleY(String html, String rule) {
    Matcher m = Pattern.compile("data-rule=\"" + rule + "\"[^>]* y1=\"([0-9.]+)\"").matcher(html);
    assertThat(m.find()).as("rule " + rule).isTrue();
    return Double.parseDouble(m.group(1));
  }

  private static long count(String html, String fragment) {
    return html.split(Pattern.quote(fragment), -1).length - 1;
  }

  private static String oneDecimal(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }
}
