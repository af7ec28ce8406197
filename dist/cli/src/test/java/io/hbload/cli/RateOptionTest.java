package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -target} with a schedule on the command line: a short ramp on the basic binding prints the
 * {@code [RATE]} block (per second the intended and achieved rate and the backlog, the objective's
 * percentile, where it broke or that it held) and the same in {@code --json}; bad schedules and
 * rate files are one line naming what is wrong (a file's line), exit 2, nothing run. What the rate
 * does per interval is judged on virtual time (RateSchedulePhaseTest); this checks the command's
 * wiring and output only.
 */
class RateOptionTest {
  @TempDir Path dir;

  private static CommandOutput exec(String... args) {
    return CommandOutput.of(HbloadCommand.commandLine(), args);
  }

  @Test
  void aRampPrintsTheRateBlockAndItsJson() throws IOException {
    Path json = dir.resolve("r.json");
    CommandOutput o =
        exec(
            "run",
            "-w",
            "c",
            "-db",
            "basic",
            "-p",
            "recordcount=100",
            "-threads",
            "2",
            "-target",
            "ramp:200..600/2s",
            "--slo",
            "p99<1s",
            "--json",
            json.toString());
    assertThat(o.exit()).as(o.err()).isZero();
    assertThat(o.out())
        .contains("[RATE], Schedule, ramp:200..600/2s")
        .contains("[RATE], SLO, p99<1s")
        .contains("[RATE], Interval(s), Intended(ops/sec) Achieved(ops/sec) Backlog p99(ms)")
        .contains("[RATE], MaxBacklog, ")
        .contains("[RATE], SLOBroken, never: p99<1s held in every interval");
    // a line per second (its end, from the start of measuring), and the stop's short one
    assertThat(
            o.out()
                .lines()
                .filter(l -> l.matches("\\[RATE\\], [12](\\.\\d+)?, \\d+ \\d+ \\d+ [0-9.]+")))
        .as(o.out())
        .hasSizeBetween(2, 3);
    assertThat(o.err()).contains("The -target schedule ended (2 s)");
    JsonNode doc = new ObjectMapper().readTree(json.toFile());
    assertThat(doc.path("targetSchedule").asText()).isEqualTo("ramp:200..600/2s");
    JsonNode rate = doc.path("rate");
    assertThat(rate.path("schedule").asText()).isEqualTo("ramp:200..600/2s");
    assertThat(rate.path("columns").toString())
        .isEqualTo(
            "[\"startSeconds\",\"endSeconds\",\"intendedOpsPerSec\",\"achievedOpsPerSec\","
                + "\"backlog\",\"scheduleOpsPerSec\",\"p99Millis\"]");
    assertThat(rate.path("intervals").size()).isGreaterThanOrEqualTo(2);
    // the ramp asks 200 + 200 t: 300 over the first second (its end as the clock ticked it)
    assertThat(rate.path("intervals").get(0).get(5).asDouble()).isCloseTo(300.0, within(5.0));
    assertThat(rate.path("sloBroken").isNull()).isTrue();
    assertThat(rate.path("sloBrokenForGood").isNull()).isTrue();
    // the ramp's 800 operations (200 t + 100 t² over 2 s), give or take the stop's instant
    assertThat(doc.path("operations").asLong()).isBetween(780L, 801L);
  }

  @Test
  void aDamagedRateFileNamesItsLine() throws IOException {
    Path rates = dir.resolve("rates.csv");
    Files.writeString(rates, "time,rate\n0,100\n30s,200\n1m,-5\n");
    CommandOutput o = exec("run", "-w", "c", "-db", "basic", "-target", "@" + rates);
    assertThat(o.exit()).isEqualTo(2);
    assertThat(o.errLines())
        .containsExactly(
            "hbload run: property target: "
                + rates
                + " line 4: the rate: the rate -5 must be above 0");
    assertThat(o.out()).isEmpty();
  }

  @Test
  void badSchedulesAreOneLineEach() {
    CommandOutput ramp = exec("run", "-w", "c", "-db", "basic", "-target", "ramp:100..5000");
    assertThat(ramp.exit()).isEqualTo(2);
    assertThat(ramp.errLines())
        .containsExactly(
            "hbload run: property target: cannot read 'ramp:100..5000': write a ramp as"
                + " ramp:FROM..TO/DURATION, e.g. ramp:100..5000/10m");
    CommandOutput steps = exec("run", "-w", "c", "-db", "basic", "-target", "1000@60s,-5@60s");
    assertThat(steps.errLines())
        .containsExactly("hbload run: property target: step '-5@60s': the rate -5 must be above 0");
    CommandOutput slo = exec("run", "-w", "c", "-db", "basic", "-target", "100", "--slo", "p99");
    assertThat(slo.exit()).isEqualTo(2);
    assertThat(slo.errLines())
        .singleElement()
        .asString()
        .startsWith("hbload run: property hbload.slo: cannot read 'p99'");
  }
}
