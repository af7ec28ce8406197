package io.hbload.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.Hbload;
import io.hbload.core.time.EventClock;
import io.hbload.report.compare.ComparisonReport.Metric;
import io.hbload.report.compare.ComparisonReport.Operation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compare finds a known effect and does not invent one, on real runs of the engine writing real
 * {@code --json} and {@code --hlog} files. The server is {@link SleepingBinding}: its service time
 * is a seeded log-normal sleep of 2 ms median, and each run is on its own virtual clock ({@link
 * EventClock}), so what a run measures is its draws and nothing of this machine: an A/A pair
 * differs by its sampling only, which is exactly the variation the block bootstrap claims to cover.
 * (On real time, with the two sides run at the same time, the timer's jitter on a loaded 2-core
 * host hid the 30 % slowdown in 2 of 7 repeats at load 3-4: a machine's noise that one run a side
 * does not cover, which is what rounds are for.) Measure the A/A rate with {@code ./mvnw -B -o -pl
 * dist/observe -am test -Dtest=CompareValidationTest -Dsurefire.failIfNoSpecifiedTests=false} and
 * read the "A/A:" line; add {@code -Dhbload.aa.repetitions=200
 * -Djunit.jupiter.execution.timeout.mode=disabled} for a rate known to a couple of points (about 4
 * minutes).
 */
@Timeout(120)
class CompareValidationTest {
  static final int REPETITIONS = Integer.getInteger("hbload.aa.repetitions", 20);
  static final Comparer.Settings SETTINGS =
      new Comparer.Settings(1, 1000, false, false, FigureSelection.ALL, 0.0);

  /** The gate of the known-effect test: slower by more than 10 %. */
  static final Comparer.Settings GATE_10 =
      new Comparer.Settings(1, 1000, false, false, FigureSelection.ALL, 10.0);

  @TempDir Path dir;

  /**
   * Two runs of the same thing, taken together: the false-positive rate of each judged figure over
   * 20 pairs.
   */
  @Test
  void aaComparisonsFindNoDifferenceInAtLeastNineteenOfTwentyPairsAllowingSlack() throws Exception {
    Map<String, Integer> positives = new LinkedHashMap<>();
    Map<String, Integer> judged = new LinkedHashMap<>();
    int anyPositive = 0;
    int gateFailed = 0;
    int verdictDiffers = 0;
    for (int r = 0; r < REPETITIONS; r++) {
      Path[] pair = duet("aa" + r, 1.0, 100 + 2L * r, 101 + 2L * r);
      ComparisonReport report = compare(pair[0], pair[1]);
      // the whole gate at its strictest threshold (slower by more than 0 %): any figure found
      // slower fails it, and in an A/A pair every failure is a false positive
      gateFailed += report.gate().outcome() == Verdict.Outcome.SLOWER ? 1 : 0;
      // the one-line verdict's two directions (its outcome is "cannot judge" here: p99 and beyond
      // have too few latencies in 800 operations, but it still names what it found)
      verdictDiffers +=
          !report.verdict().slower().isEmpty() || !report.verdict().faster().isEmpty() ? 1 : 0;
      boolean any = false;
      for (Metric m : metrics(report)) {
        if (m.low() == null) {
          continue;
        }
        judged.merge(m.name(), 1, Integer::sum);
        boolean positive = !m.verdict().startsWith("no difference");
        positives.merge(m.name(), positive ? 1 : 0, Integer::sum);
        any |= positive;
      }
      anyPositive += any ? 1 : 0;
    }
    System.out.println(
        "A/A: false positives per figure (of "
            + REPETITIONS
            + " pairs, 95 % intervals): "
            + positives
            + "; pairs with any: "
            + anyPositive
            + " of "
            + REPETITIONS
            + "; whole gate (--fail-if-slower 0, Holm over the judged figures) failed: "
            + gateFailed
            + " of "
            + REPETITIONS
            + "; one-line verdict slower or faster: "
            + verdictDiffers
            + " of "
            + REPETITIONS);
    assertThat(judged)
        .as("figures judged in every pair")
        .containsKeys("throughput", "service p50", "service p90");
    judged.forEach((name, n) -> assertThat(n).as("pairs judging %s", name).isEqualTo(REPETITIONS));
    // 5 % of 20 is 1 expected. The bound is 5: under Binomial(20, 0.05) P(X >= 6) = 0.03 % per
    // figure, so a calibrated interval fails CI about once in a thousand runs (3 as the bound would
    // be ~5 % over the figures; with more pairs, the same 0.1 % quantile), while an interval half
    // as wide as it should be (~30 % false
    // positives, 6 expected) fails most runs. The measured rate is printed above for the record.
    int bound =
        new BinomialDistribution(null, REPETITIONS, 0.05).inverseCumulativeProbability(0.999);
    positives.forEach(
        (name, n) ->
            assertThat(n)
                .as("A/A false positives of %s in %d pairs", name, REPETITIONS)
                .isLessThanOrEqualTo(bound));
    // issue 32 §2.3: the gate's rate is per comparison, not per figure (one-sided 2.5 %
    // family-wise, so 5 % holds with room; the figures alone, not corrected, would add up)
    assertThat(gateFailed)
        .as("A/A pairs failing the whole gate in %d", REPETITIONS)
        .isLessThanOrEqualTo(bound);
    assertThat(verdictDiffers)
        .as("A/A pairs whose one-line verdict is slower or faster in %d", REPETITIONS)
        .isLessThanOrEqualTo(bound);
  }

  /**
   * A server 30 % slower on every call is found slower, at the percentiles and in throughput, every
   * time.
   */
  @Test
  void aThirtyPercentSlowerServerIsFoundSlower() throws Exception {
    for (int r = 0; r < 3; r++) {
      Path[] pair = duet("slow" + r, 1.3, 500 + 2L * r, 501 + 2L * r);
      ComparisonReport report = compare(pair[0], pair[1], GATE_10);
      Map<String, Metric> byName = new LinkedHashMap<>();
      metrics(report).forEach(m -> byName.put(m.name(), m));
      for (String name : List.of("service p50", "service p90")) {
        Metric m = byName.get(name);
        assertThat(m.verdict())
            .as("%s in pair %d: %s", name, r, report.text())
            .startsWith("B slower");
        assertThat(m.ratio()).as("%s: 1.3 and its sampling error", name).isBetween(1.15, 1.5);
      }
      assertThat(byName.get("throughput").verdict()).startsWith("B slower");
      assertThat(report.gate().outcome())
          .as("slower than A by more than 10 %% with 95 %% confidence: %s", report.gate().line())
          .isEqualTo(Verdict.Outcome.SLOWER);
      assertThat(report.gate().slower()).contains("READ.p50", "READ.p90", "READ.throughput");
      assertThat(report.verdict().outcome()).isEqualTo(Verdict.Outcome.SLOWER);
      ComparisonReport reverse = compare(pair[1], pair[0], GATE_10);
      assertThat(
              metrics(reverse).stream()
                  .filter(m -> m.name().equals("service p50"))
                  .findFirst()
                  .orElseThrow()
                  .verdict())
          .startsWith("B faster");
      assertThat(reverse.gate().outcome()).isNotEqualTo(Verdict.Outcome.SLOWER);
      assertThat(reverse.verdict().faster()).contains("READ.p50");
    }
  }

  /**
   * With several rounds a side, the interval comes from the rounds, and still finds the slowdown.
   */
  @Test
  void roundsGiveTheIntervalWhenBothSidesHaveSeveral() throws Exception {
    List<Path> a = new ArrayList<>();
    List<Path> b = new ArrayList<>();
    for (int r = 0; r < 3; r++) {
      Path[] pair = duet("round" + r, 1.3, 900 + 2L * r, 901 + 2L * r);
      a.add(pair[0]);
      b.add(pair[1]);
    }
    ComparisonReport report =
        Comparer.compare(SideReader.read("A", a), SideReader.read("B", b), SETTINGS);
    Operation read = report.operations().get(0);
    assertThat(read.method()).isEqualTo("rounds");
    assertThat(read.why()).contains("3 vs 3 rounds");
    assertThat(
            read.metrics().stream()
                .filter(m -> m.name().equals("service p50"))
                .findFirst()
                .orElseThrow()
                .verdict())
        .startsWith("B slower");
  }

  private ComparisonReport compare(Path a, Path b) throws IOException {
    return compare(a, b, SETTINGS);
  }

  private ComparisonReport compare(Path a, Path b, Comparer.Settings settings) throws IOException {
    return Comparer.compare(
        SideReader.read("A", List.of(a)), SideReader.read("B", List.of(b)), settings);
  }

  private static List<Metric> metrics(ComparisonReport report) {
    return report.operations().stream().flatMap(o -> o.metrics().stream()).toList();
  }

  /** Runs A (factor 1) and B (the given factor) at the same time; returns their JSON files. */
  private Path[] duet(String name, double factorB, long seedA, long seedB) throws Exception {
    Path a = dir.resolve(name + "-a.json");
    Path b = dir.resolve(name + "-b.json");
    CompletableFuture<?> runA = CompletableFuture.runAsync(() -> run(a, 1.0, seedA));
    CompletableFuture<?> runB = CompletableFuture.runAsync(() -> run(b, factorB, seedB));
    runA.get();
    runB.get();
    return new Path[] {a, b};
  }

  /**
   * Workload c (reads only) for 800 operations on 2 threads (about 0.9 s), its log in 40 ms
   * intervals.
   */
  private static void run(Path json, double factor, long seed) {
    String stem = json.getFileName().toString().replace(".json", "");
    EventClock clock = new EventClock();
    clock.run(
        () ->
            Hbload.workload("c")
                .binding(new SleepingBinding(2000, factor, seed))
                .threads(2)
                .recordCount(1000)
                .operationCount(800)
                .seed(seed)
                .property("status.interval", "0.04")
                .json(json)
                .hlog(json.resolveSibling(stem + ".hlog"))
                .clock(clock)
                .run());
  }
}
