package io.hbload.core.mixgraph;

import static io.hbload.core.mixgraph.Samples.ALL_RANDOM_RANGES;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.binding.ReportLine;
import io.hbload.core.config.MixgraphSpec;
import io.hbload.core.config.MixgraphSpec.Pareto;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The check of a run's offered keys and value sizes: draws of the configured model are within 0.02
 * of it and warn of nothing; draws of another model are reported far from it, with a warning.
 */
class MixgraphCheckTest {
  private static final long RECORDS = 30_000;

  @Test
  void drawsOfTheConfiguredModelAreCloseAndQuiet() {
    MixgraphSpec spec = Samples.spec(ALL_RANDOM_RANGES, 0, 0);
    ByteArrayOutputStream messages = new ByteArrayOutputStream();
    List<ReportLine> lines = check(spec, spec, messages);
    assertThat(value(lines, "KeyDraws")).isEqualTo(100_000L);
    assertThat((double) value(lines, "KeyDistance")).isLessThan(0.02);
    assertThat((double) value(lines, "ValueSizeDistance")).isLessThan(0.02);
    assertThat(messages.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void powerRanksAreCheckedAgainstTheirModel() {
    MixgraphSpec spec = Samples.spec(ALL_RANDOM_RANGES, 0.002312, 0.3467);
    List<ReportLine> lines = check(spec, spec, new ByteArrayOutputStream());
    assertThat((double) value(lines, "KeyDistance")).isLessThan(0.02);
  }

  @Test
  void drawsOfAnotherModelAreFarAndWarned() {
    MixgraphSpec configured = Samples.spec(ALL_RANDOM_RANGES, 0, 0);
    MixgraphSpec other =
        new MixgraphSpec(
            null,
            0,
            0,
            new Pareto(0, 0.2615, 35),
            configured.scanLengths(),
            configured.mix(),
            configured.maxScanLength(),
            configured.maxValueSize(),
            16,
            configured.sine());
    ByteArrayOutputStream messages = new ByteArrayOutputStream();
    List<ReportLine> lines = check(configured, other, messages);
    assertThat((double) value(lines, "KeyDistance")).isGreaterThan(0.02);
    assertThat((double) value(lines, "ValueSizeDistance")).isGreaterThan(0.02);
    assertThat(messages.toString(StandardCharsets.UTF_8).lines())
        .hasSize(2)
        .allMatch(l -> l.startsWith("hbload: WARNING: the "))
        .anyMatch(l -> l.contains("keys this run offered"))
        .anyMatch(l -> l.contains("value sizes this run offered"));
  }

  @Test
  void aRunThatDrewNothingReportsNothing() {
    MixgraphSpec spec = Samples.spec(null, 0, 0);
    assertThat(
            new MixgraphCheck(spec, RECORDS).report(new PrintStream(new ByteArrayOutputStream())))
        .isEmpty();
  }

  /** 100,000 keys and sizes drawn by {@code drawn}'s model, checked against {@code configured}. */
  private static List<ReportLine> check(
      MixgraphSpec configured, MixgraphSpec drawn, ByteArrayOutputStream messages) {
    MixgraphCheck check = new MixgraphCheck(configured, RECORDS);
    MixgraphModel model = new MixgraphModel(drawn, RECORDS);
    // two workers' tallies, as a run adds them
    for (int worker = 0; worker < 2; worker++) {
      Tally keys = check.newKeyTally();
      Tally sizes = check.newSizeTally();
      SplittableRandom random = new SplittableRandom(worker);
      for (int i = 0; i < Samples.DRAWS / 2; i++) {
        model.keys().next(random);
        keys.record(model.keys().checked());
        sizes.record(model.values().size(1 - random.nextDouble()));
      }
      check.add(keys, sizes);
    }
    return check.report(new PrintStream(messages, true, StandardCharsets.UTF_8));
  }

  private static Object value(List<ReportLine> lines, String measurement) {
    return lines.stream()
        .filter(l -> l.metric().equals("MIXGRAPH") && l.measurement().equals(measurement))
        .findFirst()
        .orElseThrow()
        .value();
  }
}
