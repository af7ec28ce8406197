package io.hbload.core.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.within;

import io.hbload.core.config.MixgraphSpec;
import io.hbload.core.config.MixgraphSpec.KeyRangeHotness;
import io.hbload.core.config.MixgraphSpec.Mix;
import io.hbload.core.config.MixgraphSpec.Pareto;
import io.hbload.core.config.MixgraphSpec.SineRate;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertySources;
import io.hbload.core.config.RateSchedule;
import io.hbload.core.config.SpecException;
import io.hbload.core.source.WorkloadType.MixgraphWorkloadType;
import io.hbload.core.spec.RunSpec;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code workload=mixgraph} picks db_bench's mixgraph with db_bench's flag names and defaults, the
 * shipped files hold db_bench's defaults and the paper's all-random parameters, and every bad value
 * is one line naming its flag, reported with the spec's other problems.
 */
class MixgraphParserTest {
  private static RunSpec parse(String file, String... kv) {
    PropertySources sources = new PropertySources().file(Path.of("../workloads/workload" + file));
    for (int i = 0; i < kv.length; i += 2) {
      sources.set(kv[i], kv[i + 1]);
    }
    return SpecParser.parse(sources.merge(), Phase.RUN);
  }

  private static MixgraphSpec mixgraph(RunSpec spec) {
    assertThat(spec.binding().workload()).isInstanceOf(MixgraphWorkloadType.class);
    return ((MixgraphWorkloadType) spec.binding().workload()).spec();
  }

  @Test
  void theShippedFileHoldsDbBenchDefaults() {
    RunSpec spec = parse("mixgraph");
    MixgraphSpec m = mixgraph(spec);
    assertThat(m.keyRanges()).as("no key ranges").isNull();
    assertThat(m.powerKeys()).isFalse();
    assertThat(m.valueSizes()).isEqualTo(new Pareto(0, 0.2615, 25.45));
    assertThat(m.scanLengths()).isEqualTo(new Pareto(0, 2.517, 14.236));
    assertThat(m.mix()).isEqualTo(new Mix(1, 0, 0));
    assertThat(new int[] {m.maxScanLength(), m.maxValueSize(), m.keySize()})
        .containsExactly(10_000, 1024, 16);
    assertThat(m.sine()).isEqualTo(new SineRate(false, 1, 1, 0, 1, 10_000, 0));
    assertThat(spec.provenance().notes()).isEmpty();
    // no flag of the file is unknown, and the code's defaults are the file's
    RunSpec bare = SpecParser.parse(java.util.Map.of("workload", "mixgraph"), Phase.RUN);
    assertThat(mixgraph(bare)).isEqualTo(m);
  }

  @Test
  void theAllRandomFileHoldsThePapersParameters() {
    MixgraphSpec spec = mixgraph(parse("mixgraph_allrandom"));
    assertThat(spec.keyRanges())
        .isEqualTo(new KeyRangeHotness(14.18, -2.917, 0.0164, -0.08082, 30));
    assertThat(spec.powerKeys()).isFalse();
    assertThat(spec.valueSizes()).isEqualTo(new Pareto(0, 0.2615, 25.45));
    assertThat(spec.scanLengths()).isEqualTo(new Pareto(0, 2.517, 14.236));
    assertThat(spec.mix()).isEqualTo(new Mix(0.85, 0.14, 0.01));
    assertThat(spec.sine()).isEqualTo(new SineRate(false, 1000, 0.000073, 0, 4500, 5000, 0));
  }

  @Test
  void twoParsesOfTheSameSettingsAreEqualAndOtherSettingsAreNot() {
    assertThat(parse("mixgraph_allrandom")).isEqualTo(parse("mixgraph_allrandom"));
    assertThat(parse("mixgraph_allrandom", "value_k", "0.3"))
        .isNotEqualTo(parse("mixgraph_allrandom"));
    assertThat(parse("mixgraph").binding())
        .isNotEqualTo(parse("mixgraph", "workload", "site.ycsb.workloads.CoreWorkload").binding());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "keyrange_num|0|property keyrange_num: 0 is below the minimum 1",
        "keyrange_num|2000|property keyrange_num: 2000 ranges exceed the 1000 records",
        "keyrange_dist_a|-1|property keyrange_dist_a: no key range is ever accessed",
        "keyrange_dist_b|40|property keyrange_dist_a: the key-range hotness spans too many",
        "key_dist_a|-0.1|property key_dist_a: -0.1 must be >= 0",
        "value_sigma|0|property value_sigma: 0 must be > 0 (the distribution's scale)",
        "iter_k|NaN|property iter_k: NaN must be a finite number",
        "sine_b|Infinity|property sine_b: Infinity must be a finite number",
        "mix_put_ratio|-0.1|property mix_put_ratio: -0.1 must be >= 0",
        "mix_get_ratio|0|property mix_get_ratio: the mix ratios (get, put, seek) sum to 0",
        "mix_max_scan_len|0|property mix_max_scan_len: 0 is below the minimum 1",
        "mix_max_value_size|9|property mix_max_value_size: 9 is below the minimum 10",
        "key_size|6|property key_size: 6 bytes cannot hold 'user' and the 3 digits",
        "sine_mix_rate|yes|property sine_mix_rate: expected true or false, got 'yes'",
        "sine_mix_rate_interval_milliseconds|0|property sine_mix_rate_interval_milliseconds: 0 is below the minimum 1",
        "sine_mix_rate_noise|2|property sine_mix_rate_noise: 2 must be in [0, 1]",
        "dataintegrity|true|property dataintegrity: workload=mixgraph writes values of drawn sizes"
      })
  void badValuesNameTheirFlag(String key, String value, String message) {
    String[] kv =
        key.equals("keyrange_dist_b")
            ? new String[] {
              "keyrange_dist_a",
              "1",
              "keyrange_dist_b",
              value,
              "keyrange_dist_c",
              "1e-15",
              "keyrange_num",
              "30"
            }
            : new String[] {key, value};
    assertThatThrownBy(() -> parse("mixgraph", kv))
        .isInstanceOf(SpecException.class)
        .hasMessageStartingWith(message)
        .hasMessageNotContaining("\n");
  }

  @Test
  void everyProblemIsReportedAtOnce() {
    SpecException e =
        (SpecException)
            catchThrowable(
                () ->
                    parse(
                        "mixgraph", "keyrange_num", "0", "value_sigma", "-1", "threadcount", "0"));
    assertThat(e.problems()).hasSize(3);
  }

  @Test
  void theSineCurveBecomesTheRunsRateSchedule() {
    RunSpec spec = parse("mixgraph_allrandom", "sine_mix_rate", "true");
    assertThat(mixgraph(spec).sine().enabled()).isTrue();
    assertThat(spec.provenance().notes()).noneMatch(n -> n.contains("sine"));
    // db_bench's qps = 1000 sin(0.000073 t) + 4500: mean d, amplitude a, period 2 pi / b
    RateSchedule.Sine sine = (RateSchedule.Sine) spec.execution().target();
    assertThat(sine.meanOpsPerSec()).isEqualTo(4500);
    assertThat(sine.amplitudeOpsPerSec()).isEqualTo(1000);
    assertThat(sine.periodSeconds()).isCloseTo(2 * Math.PI / 0.000073, within(1e-6));
    for (double t : new double[] {0, 100, 12_345, 50_000}) {
      assertThat(sine.rateAt(t)).isCloseTo(1000 * Math.sin(0.000073 * t) + 4500, within(1e-6));
    }
    assertThat(spec.execution().throttled()).isTrue();
    RateSchedule.Sine negative =
        (RateSchedule.Sine)
            parse(
                    "mixgraph",
                    "sine_mix_rate",
                    "true",
                    "sine_a",
                    "-3",
                    "sine_b",
                    "-0.5",
                    "sine_c",
                    "1",
                    "sine_d",
                    "10")
                .execution()
                .target();
    for (double t : new double[] {0, 1.5, 7, 100}) {
      assertThat(negative.rateAt(t)).isCloseTo(-3 * Math.sin(-0.5 * t + 1) + 10, within(1e-9));
    }
    assertThat(parse("mixgraph_allrandom").execution().throttled())
        .as("sine_mix_rate=false: paced by target alone")
        .isFalse();
  }

  @Test
  void aSineCurveThatReachesZeroOrATargetBesideItIsBadInput() {
    assertThat(catchThrowable(() -> parse("mixgraph", "sine_mix_rate", "true")))
        .hasMessage(
            "property sine_a: |sine_a| (1) must be below sine_d (1): the curve"
                + " sine_a*sin(sine_b*t+sine_c)+sine_d would reach 0 ops/s");
    assertThat(
            catchThrowable(
                () -> parse("mixgraph_allrandom", "sine_mix_rate", "true", "target", "100")))
        .hasMessageStartingWith(
            "property target: workload=mixgraph with sine_mix_rate=true paces by its sine curve");
    assertThat(
            catchThrowable(
                () -> parse("mixgraph", "sine_mix_rate", "true", "sine_b", "0", "sine_d", "5")))
        .hasMessageStartingWith("property sine_b: 0 makes no curve");
  }

  @Test
  void valuesAreAtMostOneMebibyteAsInDbBench() {
    RunSpec spec = parse("mixgraph", "mix_max_value_size", "4000000");
    assertThat(mixgraph(spec).maxValueSize()).isEqualTo(1024 * 1024);
    assertThat(spec.provenance().notes()).singleElement().asString().contains("at most 1 MiB");
  }

  @Test
  void anUnknownWorkloadNamesBoth() {
    assertThatThrownBy(() -> parse("mixgraph", "workload", "mixgraf"))
        .hasMessage(
            "property workload: expected site.ycsb.workloads.CoreWorkload or mixgraph, got 'mixgraf'");
  }
}
