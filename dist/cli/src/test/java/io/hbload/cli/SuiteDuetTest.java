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
 * is not found different. Two duets of 3 rounds x 2 sides x 1 s, about 20 s.
 */
class SuiteDuetTest {
  @TempDir Path tmp;

  private static final ObjectMapper JSON = new ObjectMapper();

  private CommandOutput duet(Path dir, Path a, Path b) {
    return CommandOutput.of(
        HbloadCommand.commandLine(),
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

  /** The verdict of READ's median service latency in a {@code compare --json} document. */
  private static String medianVerdict(Path comparison) throws Exception {
    List<String> verdicts = new ArrayList<>();
    for (JsonNode op : JSON.readTree(comparison.toFile()).path("operations")) {
      for (JsonNode metric : op.path("metrics")) {
        if (op.path("operation").asText().equals("READ")
            && metric.path("name").asText().equals("service p50")) {
          verdicts.add(metric.path("verdict").asText());
        }
      }
    }
    assertThat(verdicts).as("READ service p50 in %s", comparison).hasSize(1);
    return verdicts.get(0);
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
    assertThat(medianVerdict(comparison)).startsWith("B slower");
  }

  @Test
  void anAaDuetIsNotFoundDifferent() throws Exception {
    Path dir = tmp.resolve("aa");
    Path same = delayFile("same.properties", 1);
    CommandOutput o = duet(dir, same, same);
    assertThat(o.exit()).as(o.err()).isEqualTo(ExitCode.OK);
    Path comparison = tmp.resolve("aa.json");
    CommandOutput c = compare(dir, "--json", comparison.toString(), "--fail-if-slower", "25");
    assertThat(c.exit()).as(c.out() + c.err()).isEqualTo(ExitCode.OK);
    assertThat(medianVerdict(comparison)).startsWith("no difference");
  }
}
