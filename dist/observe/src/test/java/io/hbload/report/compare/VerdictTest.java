package io.hbload.report.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.config.SpecException;
import io.hbload.report.compare.ComparisonReport.Metric;
import io.hbload.report.compare.ComparisonReport.Operation;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The verdict and the gate over several figures: Holm's step-down on the figures' p-values, the
 * figures it cannot judge, the names {@code --gate} takes, and the bootstrap p-value's agreement
 * with the interval the table prints. Synthetic figures with known p-values.
 */
class VerdictTest {
  /** A latency figure whose one-sided p-value of "B is no slower" is {@code p} (Welch, many df). */
  private static Metric latency(String name, double p) {
    double se = 0.05;
    double z =
        new org.apache.commons.math3.distribution.TDistribution(null, 1e6)
            .inverseCumulativeProbability(1 - p);
    RatioTest.Welch test = new RatioTest.Welch(z * se, se, 1e6);
    double ratio = Math.exp(z * se);
    return Comparer.metric(name, "ms", false, 1.0, ratio, test.interval95(), test, null);
  }

  private static Operation read(List<Metric> metrics) {
    return new Operation("run", "READ", "rounds", "test", null, 1000, 1000, metrics);
  }

  @Test
  void threeFiguresEachJustBeyondTheirIntervalDoNotFailTheGateTogether() {
    List<Metric> metrics =
        List.of(
            latency("service p50", 0.02),
            latency("service p90", 0.02),
            latency("service p99", 0.02));
    for (Metric m : metrics) {
      assertThat(m.verdict()).as("each alone").startsWith("B slower");
    }
    Verdict all = Verdict.of(List.of(read(metrics)), FigureSelection.ALL, 0.0);
    // uncorrected, any of the three would fail it: three chances at 2.5 % each
    assertThat(all.outcome()).isEqualTo(Verdict.Outcome.NO_DETECTABLE_DIFFERENCE);
    assertThat(all.slower()).isEmpty();
    assertThat(all.line()).startsWith("passed: none of the 3 judged figures is slower");
    Verdict one = Verdict.of(List.of(read(metrics)), FigureSelection.parse("p50"), 0.0);
    assertThat(one.outcome()).as("one figure: its own interval").isEqualTo(Verdict.Outcome.SLOWER);
    assertThat(one.slower()).containsExactly("READ.p50");
  }

  @Test
  void holmStepsDownFromTheSmallestPValue() {
    // 0.001 < 0.025/3; then 0.011 < 0.025/2; then 0.03 > 0.025: two rejected
    assertThat(Verdict.holm(new double[] {0.03, 0.001, 0.011}, 0.025))
        .containsExactly(false, true, true);
    // the smallest is not below 0.025/3: nothing, although 0.011 < 0.0125
    assertThat(Verdict.holm(new double[] {0.009, 0.011, 0.011}, 0.025))
        .containsExactly(false, false, false);
    List<Metric> metrics =
        List.of(
            latency("service p50", 0.001),
            latency("service p90", 0.011),
            latency("service p99", 0.3));
    Verdict v = Verdict.of(List.of(read(metrics)), FigureSelection.ALL, null);
    assertThat(v.outcome()).isEqualTo(Verdict.Outcome.SLOWER);
    assertThat(v.slower()).containsExactly("READ.p50", "READ.p90");
    assertThat(v.line()).startsWith("slower: READ.p50, READ.p90 (Holm-corrected over the 3");
  }

  @Test
  void aFigureWithoutAnIntervalIsNamedAndTheGateCannotVouchForIt() {
    List<Metric> metrics = new ArrayList<>();
    metrics.add(latency("service p50", 0.4));
    metrics.add(
        Comparer.metric(
            "service p99", "ms", false, 1, 1, null, null, "too few latencies beyond p99"));
    Verdict v = Verdict.of(List.of(read(metrics)), FigureSelection.ALL, 10.0);
    assertThat(v.outcome()).isEqualTo(Verdict.Outcome.CANNOT_JUDGE);
    assertThat(v.notJudged()).containsExactly("READ.p99");
    assertThat(v.line())
        .startsWith("cannot judge: READ.p99: too few latencies")
        .contains("of the 1 judged figure, none is slower by more than 10.0%")
        .contains("cannot vouch");
    assertThat(
            Verdict.of(List.of(read(metrics)), FigureSelection.parse("READ.p50"), 10.0).outcome())
        .isEqualTo(Verdict.Outcome.NO_DETECTABLE_DIFFERENCE);
    Operation none =
        new Operation(
            "run",
            "READ",
            "none",
            "test",
            "1 vs 2 intervals a side, need 8",
            200,
            200,
            metrics.subList(1, 2));
    assertThat(Verdict.of(List.of(none), FigureSelection.ALL, 10.0).line())
        .isEqualTo("cannot judge: READ: 1 vs 2 intervals a side, need 8");
    assertThat(Verdict.of(List.of(), FigureSelection.ALL, 10.0).outcome())
        .isEqualTo(Verdict.Outcome.CANNOT_JUDGE);
  }

  @Test
  void gateNamesAreCheckedWithTheKnownNames() {
    assertThatThrownBy(() -> FigureSelection.parse("READ.p95"))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("did you mean READ.p90?")
        .hasMessageContaining("p99.99");
    assertThatThrownBy(() -> FigureSelection.parse("p50,,p90")).isInstanceOf(SpecException.class);
    List<Metric> metrics = List.of(latency("service p50", 0.4));
    assertThatThrownBy(
            () -> Verdict.of(List.of(read(metrics)), FigureSelection.parse("read.p50"), null))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("did you mean READ.p50?")
        .hasMessageContaining("its figures are READ.p50");
    assertThat(FigureSelection.parse("a:READ.intended.p99.9").selectors().get(0))
        .isEqualTo(
            new FigureSelection.Selector("a:READ.intended.p99.9", "a", "READ", "intended.p99.9"));
  }

  /**
   * The bootstrap p-value is the dual of the expanded percentile interval: below 2.5 % exactly when
   * the interval excludes the threshold (up to the quantile's interpolation).
   */
  @Test
  void theBootstrapPValueAgreesWithTheExpandedInterval() {
    SplittableRandom random = new SplittableRandom(7);
    double[] ratios = new double[2000];
    for (int i = 0; i < ratios.length; i++) {
      ratios[i] = Math.exp(0.05 + 0.03 * gaussian(random));
    }
    int blocks = 10;
    RatioTest.Bootstrap test = RatioTest.Bootstrap.of(ratios, blocks);
    double[] sorted = ratios.clone();
    java.util.Arrays.sort(sorted);
    double tail = BlockBootstrap.expandedTail(blocks);
    double low = sorted[(int) Math.round(tail * (sorted.length - 1))];
    assertThat(test.pAbove(low * 0.995)).isLessThan(0.025);
    assertThat(test.pAbove(low * 1.005)).isGreaterThan(0.025);
    // beyond every replicate (5 standard deviations): a small p from the normal tail, not zero,
    // and as large as t with b - 1 degrees of freedom makes it
    assertThat(test.pAbove(Math.exp(0.05 - 5 * 0.03))).isGreaterThan(1e-4).isLessThan(2e-3);
    assertThat(test.pBelow(Math.exp(0.05 - 5 * 0.03))).isGreaterThan(0.99);
  }

  private static double gaussian(SplittableRandom r) {
    return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
  }
}
