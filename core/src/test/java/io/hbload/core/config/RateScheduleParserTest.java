package io.hbload.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code target} as people write it: each form read into its typed schedule, the time scale
 * dividing its times, and every bad form one line naming what is wrong (a file's, its line).
 */
class RateScheduleParserTest {
  @TempDir Path dir;

  private static RateSchedule parse(String text) {
    return RateScheduleParser.parse("target", text, 1);
  }

  private static String problem(String text, double scale) {
    List<String> problems = new ArrayList<>();
    assertThat(RateScheduleParser.parse(text, scale, problems)).isNull();
    assertThat(problems).hasSize(1);
    return problems.get(0);
  }

  @Test
  void aPlainNumberIsYcsbsConstantRate() {
    assertThat(parse("5000")).isEqualTo(RateSchedule.constant(5000));
    assertThat(parse("0")).isEqualTo(RateSchedule.constant(0));
    assertThat(parse("2500.5").varies()).isFalse();
    assertThat(parse("0").peakOpsPerSec()).isZero();
  }

  @Test
  void stepsRampSineAndTheirTexts() {
    RateSchedule steps = parse("1000@60s, 2000@1m,4000@90");
    assertThat(steps)
        .isEqualTo(
            new RateSchedule.Steps(
                List.of(
                    new RateSchedule.Step(1000, 60),
                    new RateSchedule.Step(2000, 60),
                    new RateSchedule.Step(4000, 90))));
    assertThat(steps.seconds()).isEqualTo(210);
    assertThat(steps.rateAt(59.9)).isEqualTo(1000);
    assertThat(steps.rateAt(60)).isEqualTo(2000);
    assertThat(steps.rateAt(500)).as("the last rate is held").isEqualTo(4000);
    assertThat(steps.text()).isEqualTo("1000@60s,2000@60s,4000@90s");

    RateSchedule ramp = parse("ramp:100..5000/10m");
    assertThat(ramp).isEqualTo(new RateSchedule.Ramp(100, 5000, 600));
    assertThat(ramp.rateAt(300)).isEqualTo(2550);
    assertThat(parse(ramp.text())).isEqualTo(ramp);
    assertThat(parse("ramp:5000..100/1h").rateAt(3600)).as("down too").isEqualTo(100);

    RateSchedule sine = parse("sine:mean=2000,amp=1500,period=1h");
    assertThat(sine).isEqualTo(new RateSchedule.Sine(2000, 1500, 3600, 0));
    assertThat(sine.rateAt(900)).isCloseTo(3500, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(sine.seconds()).isInfinite();
    assertThat(parse(sine.text())).isEqualTo(sine);
  }

  @Test
  void theTimeScaleDividesEveryTime() {
    assertThat(RateScheduleParser.parse("target", "ramp:100..200/24h", 24))
        .isEqualTo(new RateSchedule.Ramp(100, 200, 3600));
    assertThat(RateScheduleParser.parse("target", "1000@60s,2000@60s", 60).seconds()).isEqualTo(2);
    assertThat(problem("5000", 24)).contains("a time scale needs a schedule");
  }

  @Test
  void aFileOfPointsLinearBetweenThem() throws IOException {
    Path f = dir.resolve("rates.csv");
    Files.writeString(
        f,
        "# a day, compressed\ntime,rate\n00:00,100\n06:00,100 # night\n12:00, 4000\n\n24:00:00,100\n",
        StandardCharsets.UTF_8);
    RateSchedule.Points p = (RateSchedule.Points) RateScheduleParser.parse("target", "@" + f, 24);
    assertThat(p.points())
        .containsExactly(
            new RateSchedule.Point(0, 100),
            new RateSchedule.Point(900, 100),
            new RateSchedule.Point(1800, 4000),
            new RateSchedule.Point(3600, 100));
    assertThat(p.rateAt(1350)).isEqualTo(2050);
    assertThat(p.seconds()).isEqualTo(3600);
    assertThat(p.text()).isEqualTo("@" + f + " (time scale 24)");
    Files.writeString(dir.resolve("s.csv"), "0 10\n1.5m 20\n2h 30\n");
    assertThat(RateScheduleParser.parse("target", "@" + dir.resolve("s.csv"), 1).seconds())
        .isEqualTo(7200);
  }

  @Test
  void everyBadFormIsOneLine() throws IOException {
    assertThat(problem("", 1)).startsWith("empty");
    assertThat(problem("fast", 1)).startsWith("cannot read 'fast'");
    assertThat(problem("-5", 1)).isEqualTo("'-5' is not a rate: a rate is 0 (none) or above");
    assertThat(problem("1000@60s,,2000@60s", 1)).contains("has an empty step");
    assertThat(problem("1000@60s,2000", 1)).contains("step '2000' has no @DURATION");
    assertThat(problem("-1000@60s", 1)).contains("the rate -1000 must be above 0");
    assertThat(problem("0@60s", 1)).contains("the rate 0 must be above 0");
    assertThat(problem("1000@soon", 1)).contains("'soon' is not a duration");
    assertThat(problem("1000@0s", 1)).contains("the duration 0s must be above 0");
    assertThat(problem("ramp:100-5000/10m", 1)).contains("write a ramp as ramp:FROM..TO/DURATION");
    assertThat(problem("ramp:0..5000/10m", 1)).contains("the rate 0 must be above 0");
    assertThat(problem("ramp:100..5000/10x", 1)).contains("'10x' is not a duration");
    assertThat(problem("sine:mean=2000,period=1h", 1)).contains("has no amp=");
    assertThat(problem("sine:mean=2000,amp=2500,period=1h", 1))
        .contains("the amplitude 2500 must be below the mean 2000");
    assertThat(problem("sine:mean=2000,amp=100,period=1h,freq=2", 1))
        .contains("cannot read 'freq=2'");
    assertThat(problem("@" + dir.resolve("none.csv"), 1))
        .isEqualTo(
            "cannot read the rate file " + dir.resolve("none.csv") + " (NoSuchFileException)");

    Path damaged = dir.resolve("damaged.csv");
    Files.writeString(damaged, "0,100\n10,200\n20,lots\n30,100\n");
    assertThat(problem("@" + damaged, 1))
        .isEqualTo(damaged + " line 3: the rate: 'lots' is not a rate (operations per second)");
    Files.writeString(damaged, "0,100\n10,200\n5,300\n");
    assertThat(problem("@" + damaged, 1)).startsWith(damaged + " line 3: time 5 is not after");
    Files.writeString(damaged, "0,100\n10,200,3\n");
    assertThat(problem("@" + damaged, 1)).startsWith(damaged + " line 2: expected TIME,RATE");
    Files.writeString(damaged, "5,100\n10,200\n");
    assertThat(problem("@" + damaged, 1)).contains("line 1: the first point must be at time 0");
    Files.writeString(damaged, "0,100\n10,-1\n");
    assertThat(problem("@" + damaged, 1)).contains("line 2: the rate: the rate -1 must be above 0");
    Files.writeString(damaged, "# nothing\n0,100\n");
    assertThat(problem("@" + damaged, 1)).contains("has 1 point; it needs at least two");
    Files.write(damaged, new byte[] {'0', ',', (byte) 0xff, (byte) 0xfe, '\n'});
    assertThat(problem("@" + damaged, 1))
        .isEqualTo("the rate file " + damaged + " is not UTF-8 text");

    assertThatThrownBy(() -> parse("ramp:1..2/0s"))
        .isInstanceOf(SpecException.class)
        .hasMessage("property target: the ramp: the duration 0s must be above 0");
  }

  @Test
  void anObjectiveIsPercentileLimits() {
    List<String> problems = new ArrayList<>();
    Slo slo = Slo.parse("p99<10ms, p99.9<1s,service.p50<800us", problems);
    assertThat(problems).isEmpty();
    assertThat(slo.limits())
        .containsExactly(
            new Slo.Limit(99, 10_000_000, false),
            new Slo.Limit(99.9, 1_000_000_000, false),
            new Slo.Limit(50, 800_000, true));
    assertThat(slo.text()).isEqualTo("p99<10ms,p99.9<1s,service.p50<800us");
    assertThat(Slo.parse("p99<10", problems)).isNull();
    assertThat(Slo.parse("p100<10ms", problems)).isNull();
    assertThat(Slo.parse("", problems)).isNull();
    assertThat(problems)
        .containsExactly(
            "cannot read 'p99<10'; write e.g. p99<10ms, p99.9<50ms or service.p50<800us (units us, ms, s)",
            "'p100<10ms': the percentile must be above 0 and below 100",
            "empty; write e.g. p99<10ms (p50, p90, p99, p99.9; units us, ms, s)");
  }
}
