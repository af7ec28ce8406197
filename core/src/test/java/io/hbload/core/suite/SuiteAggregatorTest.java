package io.hbload.core.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The suite table from runs whose every latency the test chose. Latencies are whole milliseconds;
 * an HdrHistogram of 3 significant digits reports a value as the top of its bucket (1 ms reads back
 * as 1.000447 ms), so expected percentiles are the recorded values to within 0.05%, and means,
 * spreads and ratios of counts are exact.
 */
class SuiteAggregatorTest {
  private static final double MS = 1e6;

  /** {@code count} READs of {@code ms} each, then more pairs. */
  private static Histogram reads(long... countMs) {
    Histogram h = new Histogram(3);
    h.setAutoResize(true);
    for (int i = 0; i < countMs.length; i += 2) {
      h.recordValueWithCount((long) (countMs[i + 1] * MS), countMs[i]);
    }
    return h;
  }

  private static RoundRun run(
      String w, int round, long runtimeMillis, Histogram read, CacheCounts cache) {
    return new RoundRun(w, round, read.getTotalCount(), runtimeMillis, Map.of("READ", read), cache);
  }

  private static CacheCounts cache(long hits, long misses) {
    return new CacheCounts(hits, misses, hits, misses, 0, 0);
  }

  /**
   * Round 1 is warm-up: 100 reads of 50 ms and no cache hits; were it counted, every figure below
   * would show it. Round 2: 99 reads of 1 ms and one of 9 ms in 1 s; round 3: 100 reads of 2 ms in
   * 0.5 s.
   */
  private static List<RoundRun> runs() {
    return List.of(
        run("c", 1, 1000, reads(100, 50), cache(0, 100)),
        run("c", 2, 1000, reads(99, 1, 1, 9), cache(90, 10)),
        run("c", 3, 500, reads(100, 2), cache(99, 1)));
  }

  @Test
  void keptRoundsOnlyWithSpreadSummedPercentilesAndMeansOfRounds() {
    SuiteTable t = SuiteAggregator.aggregate(List.of("c"), 3, 1, runs());
    SuiteTable.Row row = t.rows().get(0);
    assertThat(row.keptRounds()).containsExactly(2, 3);
    assertThat(row.missingRounds()).isEmpty();
    assertThat(t.complete()).isTrue();
    // throughput 100 and 200 ops/s: mean 150, sd sqrt((50^2 + 50^2) / 1) = 70.71
    assertThat(row.throughput()).isEqualTo(new Spread(150, 100, 200, Math.sqrt(5000), 2));
    assertThat(row.operations()).isEqualTo(new Spread(100, 100, 100, 0, 2));

    SuiteTable.Op read = row.ops().get(0);
    assertThat(read.name()).isEqualTo("READ");
    assertThat(read.count()).isEqualTo(200); // the 100 warm-up reads are not in it
    // summed: 99 x 1 ms, 100 x 2 ms, 1 x 9 ms; the 190th and 198th of 200 values are 2 ms; mean 308
    // / 200
    assertThat(read.summedP95Ms()).isCloseTo(2, within(2 * 5e-4));
    assertThat(read.summedP99Ms()).isCloseTo(2, within(2 * 5e-4));
    assertThat(read.summedAvgMs()).isCloseTo(1.54, within(1.54 * 5e-4));
    // per round: p99 1 ms (round 2: its 99th value) and 2 ms (round 3): mean 1.5, sd 0.7071
    assertThat(read.perRoundP99Ms().mean()).isCloseTo(1.5, within(1.5 * 5e-4));
    assertThat(read.perRoundP99Ms().min()).isCloseTo(1, within(5e-4));
    assertThat(read.perRoundP99Ms().max()).isCloseTo(2, within(2 * 5e-4));
    assertThat(read.perRoundP99Ms().sd()).isCloseTo(Math.sqrt(0.5), within(1e-3));
    // per round avg: 1.08 ms and 2 ms; per round p95: 1 ms and 2 ms
    assertThat(read.perRoundP95Ms().mean()).isCloseTo(1.5, within(1.5 * 5e-4));
    assertThat(read.perRoundAvgMs().mean()).isCloseTo(1.54, within(1.54 * 5e-4));

    // hit ratio of summed counts: 189 / 200, per round 0.90 and 0.99; no L2 lookups
    assertThat(row.cache().hitRatio()).isEqualTo(189 / 200.0);
    assertThat(row.cache().l2HitRatio()).isNaN();
    assertThat(row.hitRatio().min()).isEqualTo(0.9);
    assertThat(row.hitRatio().max()).isEqualTo(0.99);
  }

  @Test
  void theSummedP99IsNotTheMeanOfTheRoundsP99() {
    // one slow round: round 2 has 10% of reads at 100 ms, round 3 none; the summed histogram's p99
    // is 100 ms (5% of
    // all reads are slow), its p95 1 ms, while the mean of the rounds' p95s and p99s is (100 + 1) /
    // 2
    List<RoundRun> runs =
        List.of(
            run("a", 1, 1000, reads(10, 1), null),
            run("a", 2, 1000, reads(90, 1, 10, 100), null),
            run("a", 3, 1000, reads(100, 1), null));
    SuiteTable.Op read =
        SuiteAggregator.aggregate(List.of("a"), 3, 1, runs).rows().get(0).ops().get(0);
    assertThat(read.summedP99Ms()).isCloseTo(100, within(100 * 5e-4));
    assertThat(read.summedP95Ms())
        .isCloseTo(1, within(5e-4)); // the 190th of 200 values: the last 1 ms one
    assertThat(read.perRoundP99Ms().mean()).isCloseTo(50.5, within(50.5 * 5e-4));
    assertThat(read.perRoundP95Ms().mean()).isCloseTo(50.5, within(50.5 * 5e-4));
  }

  @Test
  void aMissingKeptRoundIsNamedAndTheRestStillCounts() {
    List<RoundRun> runs = List.of(runs().get(0), runs().get(1)); // round 3 never finished
    SuiteTable t = SuiteAggregator.aggregate(List.of("c", "a"), 3, 1, runs);
    assertThat(t.complete()).isFalse();
    assertThat(t.rows().get(0).keptRounds()).containsExactly(2);
    assertThat(t.rows().get(0).missingRounds()).containsExactly(3);
    assertThat(t.rows().get(0).throughput()).isEqualTo(new Spread(100, 100, 100, 0, 1));
    assertThat(t.rows().get(1).missingRounds()).containsExactly(2, 3);
    String text = SuiteTableFormat.text(t);
    assertThat(text)
        .contains(
            "INCOMPLETE", "missing: workload c, round(s) 3", "missing: workload a, round(s) 2,3");
  }

  @Test
  void roundsMustExceedDiscard() {
    assertThatThrownBy(() -> SuiteAggregator.aggregate(List.of("c"), 2, 2, List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void rendersTheSeedsShapeInEveryForm() {
    SuiteTable t = SuiteAggregator.aggregate(List.of("c"), 3, 1, runs());
    String text = SuiteTableFormat.text(t);
    assertThat(text.lines().toList().get(0))
        .isEqualTo(
            "hbload suite: 3 rounds, the first 1 discarded as warm-up; figures from rounds 2-3");
    String row = text.lines().filter(l -> l.startsWith("c ")).findFirst().orElseThrow();
    assertThat(row)
        .contains(
            "2,3",
            "150 [100-200] sd 71",
            "READ",
            "1.54 / 2.00 / 2.00",
            "1.54 / 1.50 / 1.50",
            "[1.00-2.00]",
            "94.5% (94.5% / -)");
    assertThat(text).contains("summed", "mean of rounds");

    assertThat(SuiteTableFormat.markdown(t))
        .contains("| workload | rounds |", "|---|", "| c | 2,3 | 100 |");
    List<String> csv = SuiteTableFormat.csv(t).lines().toList();
    assertThat(csv).hasSize(2);
    assertThat(csv.get(1))
        .startsWith("c,2 3,,100,100,100,150,100,200,70.710678,READ,200,")
        .endsWith(",0.945000,0.945000,,0.900000,0.990000");
    String json = SuiteTableFormat.json(t);
    assertThat(json)
        .contains(
            "\"workload\":",
            "\"keptRounds\":",
            "\"summed\":",
            "\"meanOfRounds\":",
            "\"hitRatio\":");
    assertThat(json.replaceAll("\\s", "")).contains("\"keptRounds\":[2,3]", "\"hitRatio\":0.945");
  }

  /**
   * RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled; any other is
   * left alone.
   */
  @Test
  void csvQuotesOnlyTheFieldsThatNeedIt() {
    assertThat(
            SuiteTableFormat.csvLine(
                List.of("plain", "", "a,b", "say \"hi\"", "two\nlines", "cr\r", "1.5")))
        .isEqualTo("plain,,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"cr\r\",1.5");
    // a workload file whose name holds a comma and a quote stays one field of its row
    List<RoundRun> runs =
        List.of(
            run("w,\"1\"", 1, 1000, reads(10, 1), null),
            run("w,\"1\"", 2, 1000, reads(10, 1), null));
    List<String> csv =
        SuiteTableFormat.csv(SuiteAggregator.aggregate(List.of("w,\"1\""), 2, 1, runs))
            .lines()
            .toList();
    assertThat(csv.get(1)).startsWith("\"w,\"\"1\"\"\",2,,10,10,10,");
    assertThat(csv.get(0).split(",", -1)).hasSize(26);
  }

  /**
   * The suite JSON's keys come in the order written, every time (the legend's and summed's came
   * from Map.of).
   */
  @Test
  void suiteJsonKeysComeInAFixedOrder() {
    String json = SuiteTableFormat.json(SuiteAggregator.aggregate(List.of("c"), 3, 1, runs()));
    assertThat(json)
        .startsWith(
            "{\"tool\": \"hbload suite\", \"rounds\": 3, \"discardedRounds\": 1, "
                + "\"complete\": true, \"legend\": {\"summed\": ")
        .contains("\"summed\": {\"avgMs\": ")
        .containsPattern(
            "\"p95Ms\": [0-9.]+, \"p99Ms\": [0-9.]+}, \"meanOfRounds\": \\{\"avgMs\": \\{\"mean\": ")
        .contains("\"l2HitRatio\": \"NaN\"");
  }
}
