package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.cli.contract.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload suite --side a=FILE --side b=FILE}, the duet, end to end in-process on the basic
 * binding with a fixed simulated delay per side: the runs alternate in ABBA order (read from the
 * start times the runs recorded in their JSON), {@code compare} on the two directories finds the
 * side with 2 ms a call slower than the side with 0.5 ms, and an A/A duet (one file for both sides)
 * shows no figure different by 10 %; each side runs on the binding its file names. Three short
 * duets (rounds of 1 s) on virtual time, where a call takes its simulated delay exactly.
 */
class SuiteDuetTest {
  @TempDir Path tmp;

  private static final ObjectMapper JSON = new ObjectMapper();

  /** A suite's command on virtual time: its runs take their simulated delays exactly. */
  private static CommandOutput suite(String... args) {
    return CommandOutput.onVirtualTime(args);
  }

  private CommandOutput duet(Path dir, Path a, Path b) {
    return suite(
        "suite",
        "-w",
        "c",
        "-db",
        "basic",
        "--rounds",
        "3",
        "--discard",
        "1",
        "--duration",
        "1s",
        "-threads",
        "2",
        "-target",
        "300",
        "-p",
        "recordcount=100",
        // the full delay every call, so a side's latency is its file's delay
        "-p",
        "basicdb.randomizedelay=false",
        "--side",
        "a=" + a,
        "--side",
        "b=" + b,
        "--out",
        dir.toString());
  }

  private Path delayFile(String name, double delayMillis) throws Exception {
    return Files.writeString(tmp.resolve(name), "basicdb.simulatedelay=" + delayMillis + "\n");
  }

  private static CommandOutput compare(Path dir, String... more) {
    List<String> argv =
        new ArrayList<>(
            List.of("compare", dir.resolve("a").toString(), dir.resolve("b").toString()));
    argv.addAll(List.of(more));
    return CommandOutput.of(HbloadCommand.commandLine(), argv.toArray(new String[0]));
  }

  /**
   * READ's judged figures (those with an interval) in a {@code compare --json} document, by name.
   */
  private static Map<String, JsonNode> judged(Path comparison) throws Exception {
    Map<String, JsonNode> byName = new TreeMap<>();
    for (JsonNode op : JSON.readTree(comparison.toFile()).path("operations")) {
      for (JsonNode metric : op.path("metrics")) {
        if (op.path("operation").asText().equals("READ") && metric.path("low").isNumber()) {
          byName.put(metric.path("name").asText(), metric);
        }
      }
    }
    assertThat(byName).as("READ in %s", comparison).containsKey("service p50");
    return byName;
  }

  @Test
  void sidesAlternateAbbaAndTheSlowerSideIsFoundSlower() throws Exception {
    Path dir = tmp.resolve("duet");
    CommandOutput o = duet(dir, delayFile("fast.properties", 0.5), delayFile("slow.properties", 2));
    assertThat(o.exit()).as(o.err()).isEqualTo(ExitCode.OK);
    assertThat(o.out()).contains("side a (" + dir.resolve("a") + "):");
    assertThat(o.out()).contains("side b (" + dir.resolve("b") + "):");
    // the order from what the runs recorded: each run's start time in its JSON
    Map<Instant, String> byStart = new TreeMap<>(Comparator.naturalOrder());
    for (String side : List.of("a", "b")) {
      for (int round = 1; round <= 3; round++) {
        Path json = dir.resolve(side).resolve("round" + round + "-c.json");
        JsonNode doc = JSON.readTree(json.toFile());
        byStart.put(Instant.parse(doc.path("startTime").asText()), side + round);
        // each side's file reached its runs
        assertThat(doc.path("properties").path("basicdb.simulatedelay").asText())
            .isEqualTo(side.equals("a") ? "0.5" : "2.0");
      }
    }
    assertThat(byStart.values()).containsExactly("a1", "b1", "b2", "a2", "a3", "b3");
    // each side a suite of its own, the warm-up round dropped per side
    for (String side : List.of("a", "b")) {
      assertThat(dir.resolve(side).resolve("suite.manifest")).isRegularFile();
      assertThat(Files.readString(dir.resolve(side).resolve("suite.txt")))
          .contains("figures from rounds 2-3");
    }

    Path comparison = tmp.resolve("slow.json");
    CommandOutput c = compare(dir, "--json", comparison.toString(), "--fail-if-slower", "25");
    assertThat(c.exit()).as(c.out() + c.err()).isEqualTo(ExitCode.FAILURE);
    assertThat(c.out()).contains("2 vs 2 rounds");
    JsonNode p50 = judged(comparison).get("service p50");
    // 2 ms against 0.5 ms a call: about 3.5 times, far beyond the noise
    assertThat(p50.path("verdict").asText()).startsWith("B slower");
    assertThat(p50.path("low").asDouble()).isGreaterThan(1.5);
  }

  @Test
  void anAaDuetIsNotFoundDifferent() throws Exception {
    Path dir = tmp.resolve("aa");
    Path same = delayFile("same.properties", 1);
    CommandOutput o = duet(dir, same, same);
    assertThat(o.exit()).as(o.err()).isEqualTo(ExitCode.OK);
    Path comparison = tmp.resolve("aa.json");
    // rounds of 300 reads judge no percentile beyond p90: the gate is narrowed to what they judge
    CommandOutput c =
        compare(
            dir,
            "--json",
            comparison.toString(),
            "--fail-if-slower",
            "25",
            "--gate",
            "throughput,p50,p90");
    assertThat(c.exit()).as(c.out() + c.err()).isEqualTo(ExitCode.OK);
    // rounds of a fixed delay spread so little that a fraction of a percent can be significant:
    // "not different" is no figure shown to differ by 10 % either way
    judged(comparison)
        .forEach(
            (name, m) ->
                assertThat(m.path("low").asDouble() < 1.10 && m.path("high").asDouble() > 0.90)
                    .as("%s: %s", name, m.path("verdict").asText())
                    .isTrue());
  }

  /**
   * A duet given no design runs the default one (issue 32 §2: many short rounds in pairs, each
   * after a warm-up, within five minutes): 20 rounds a side, the first discarded, 5 s measured
   * after 1 s of warm-up; {@code compare} then draws the pairs together and says how many rounds a
   * wanted difference needs, and {@code --calibrate} on an A/A duet states the false-positive rate
   * of the gate on its re-splits.
   */
  @Test
  void aDuetWithoutADesignRunsTheDefaultOneAndCompareCalibratesOnIt() throws Exception {
    Path dir = tmp.resolve("default");
    Path same = delayFile("same.properties", 1);
    CommandOutput o =
        suite(
            "suite",
            "-w",
            "c",
            "-db",
            "basic",
            "-threads",
            "2",
            "-target",
            "200",
            "-p",
            "recordcount=100",
            "--side",
            "a=" + same,
            "--side",
            "b=" + same,
            "--out",
            dir.toString());
    assertThat(o.exit()).as(o.err()).isEqualTo(ExitCode.OK);
    for (String side : List.of("a", "b")) {
      assertThat(Files.readString(dir.resolve(side).resolve("suite.txt")))
          .contains("20 rounds, the first 1 discarded")
          .contains("figures from rounds 2-20");
      JsonNode round = JSON.readTree(dir.resolve(side).resolve("round7-c.json").toFile());
      assertThat(round.path("properties").path("hbload.warmup").asText()).isEqualTo("1s");
      assertThat(round.path("runtimeMillis").asLong()).isBetween(5000L, 5100L);
    }

    CommandOutput c = compare(dir, "--detect", "1");
    assertThat(c.exit()).as(c.out() + c.err()).isEqualTo(ExitCode.OK);
    assertThat(c.out()).contains("19 vs 19 rounds, taken in turn and so paired (a duet)");
    assertThat(c.out())
        .containsPattern(
            "READ: to see a 1% difference, rounds a side \\(these have 19\\): .*service p50 about [0-9]+");

    CommandOutput calibrated =
        compare(
            dir,
            "--fail-if-slower",
            "10",
            "--gate",
            "throughput,p50,p90",
            "--calibrate",
            dir.toString());
    assertThat(calibrated.exit()).as(calibrated.out() + calibrated.err()).isEqualTo(ExitCode.OK);
    String line =
        calibrated
            .out()
            .lines()
            .filter(l -> l.startsWith("calibration: "))
            .findFirst()
            .orElseThrow();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile(
                "on the A/A duet .* \\(19 pairs\\), re-split 100 times: the verdict found a difference"
                    + " in (\\d+) \\(\\d+ %\\), the gate failed (\\d+) \\(\\d+ %\\); nominal at most 5 %")
            .matcher(line);
    assertThat(m.find()).as(line).isTrue();
    // an A/A duet on virtual time differs by its draws only: its re-splits stay near the nominal
    // rate (Binomial(100, 5 %)'s 99.9 % quantile is 13)
    assertThat(Integer.parseInt(m.group(1))).as(line).isLessThanOrEqualTo(13);
    assertThat(Integer.parseInt(m.group(2))).as(line).isLessThanOrEqualTo(13);

    CommandOutput notADuet = compare(dir, "--calibrate", dir.resolve("a").toString());
    assertThat(notADuet.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(notADuet.err().strip())
        .contains("--calibrate")
        .contains("no a/ in it")
        .doesNotContain("\n");
  }

  /**
   * What differs between the sides is in their files, connection settings included: here the
   * binding, each side loading its own records; the common command line names none.
   */
  @Test
  void eachSideRunsOnWhatItsFileNames() throws Exception {
    Path dir = tmp.resolve("bindings");
    CommandOutput o =
        suite(
            "suite",
            "-w",
            "c",
            "--rounds",
            "2",
            "--discard",
            "1",
            "--duration",
            "1s",
            "-threads",
            "1",
            "-target",
            "200",
            "-p",
            "recordcount=100",
            "--load",
            "--side",
            "a=" + Files.writeString(tmp.resolve("basic.properties"), "db=basic\n"),
            "--side",
            "b=" + Files.writeString(tmp.resolve("memory.properties"), "db=memory\n"),
            "--out",
            dir.toString());
    assertThat(o.exit()).as(o.err()).isEqualTo(ExitCode.OK);
    for (String side : List.of("a", "b")) {
      String binding = side.equals("a") ? "basic" : "memory";
      for (String step : List.of("load", "round1-c", "round2-c")) {
        JsonNode doc = JSON.readTree(dir.resolve(side).resolve(step + ".json").toFile());
        assertThat(doc.path("binding").asText()).as("%s/%s", side, step).isEqualTo(binding);
      }
    }
  }
}
