package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.contract.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload suite} end to end in-process on the memory binding (the suite logic; the embedded
 * HBase is SuiteIT's): 3 rounds x 2 workloads of 1 s, round 1 discarded; then a resume after a
 * run's files were removed. About 10 s.
 */
class SuiteCommandTest {
  @TempDir Path tmp;

  private static final String[] WORKLOADS = {"a", "c"};

  private static CommandOutput suite(String... more) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "suite",
                "-w",
                "a,c",
                "-db",
                "memory",
                "--rounds",
                "3",
                "--discard",
                "1",
                "--duration",
                "1s",
                "-threads",
                "1",
                "-target",
                "2000",
                "-p",
                "recordcount=200"));
    args.addAll(List.of(more));
    // on virtual time: six runs of 1 s take what their operations cost
    return CommandOutput.onVirtualTime(args.toArray(new String[0]));
  }

  private static long operations(Path json) throws Exception {
    Matcher m = Pattern.compile("\"operations\":\\s*(\\d+),").matcher(Files.readString(json));
    assertThat(m.find()).isTrue();
    return Long.parseLong(m.group(1));
  }

  private static double seconds(String line, String after) {
    Matcher m = Pattern.compile(Pattern.quote(after) + "([\\d.]+) s").matcher(line);
    assertThat(m.find()).as(line).isTrue();
    return Double.parseDouble(m.group(1));
  }

  @Test
  void roundsTimesWorkloadsKeepTheLastRoundsAndResumeRunsOnlyWhatIsMissing() throws Exception {
    Path dir = tmp.resolve("s");
    CommandOutput o = suite("--out", dir.toString());
    assertThat(o.exit()).as(o.err()).isEqualTo(ExitCode.OK);
    assertThat(o.outLines().get(0))
        .isEqualTo(
            "hbload suite: 3 rounds, the first 1 discarded as warm-up; figures from rounds 2-3");
    assertThat(o.outLines()).filteredOn(l -> l.matches("[ac] +2,3 .*")).hasSize(2);
    // the suite's own progress at each step: 6 runs of 1 s, so about 6 s at first, then less
    List<String> steps = o.errLines().stream().filter(l -> l.contains(": step ")).toList();
    assertThat(steps).hasSize(6);
    assertThat(steps.get(0))
        .matches("hbload suite: step 1 of 6, [\\d.]+ s elapsed, about 6.0 s left");
    for (int k = 2; k <= 6; k++) {
      assertThat(steps.get(k - 1))
          .matches("hbload suite: step " + k + " of 6, [\\d.]+ s elapsed, about [\\d.]+ s left");
    }
    // five runs of 1 s before the last; what is left is at least its duration
    assertThat(seconds(steps.get(5), ", ")).isGreaterThanOrEqualTo(5.0);
    assertThat(seconds(steps.get(5), "about ")).isGreaterThanOrEqualTo(1.0);
    for (int round = 1; round <= 3; round++) {
      for (String w : WORKLOADS) {
        for (String ext : new String[] {".txt", ".json", ".hlog"}) {
          assertThat(dir.resolve("round" + round + "-" + w + ext)).isRegularFile();
        }
      }
    }
    for (String f :
        new String[] {"suite.txt", "suite.md", "suite.csv", "suite.json", "suite.manifest"}) {
      assertThat(dir.resolve(f)).isRegularFile();
    }
    assertThat(Files.readString(dir.resolve("round2-c.txt"))).contains("[READ], Operations, ");
    // the table's operations are the mean of rounds 2 and 3 only, exactly
    List<String> csv = Files.readAllLines(dir.resolve("suite.csv"));
    for (String w : WORKLOADS) {
      String line = csv.stream().filter(l -> l.startsWith(w + ",")).findFirst().orElseThrow();
      double mean = Double.parseDouble(line.split(",")[3]);
      assertThat(mean)
          .isEqualTo(
              (operations(dir.resolve("round2-" + w + ".json"))
                      + operations(dir.resolve("round3-" + w + ".json")))
                  / 2.0);
    }
    String table = Files.readString(dir.resolve("suite.txt"));
    assertThat(o.out()).isEqualTo(table);

    // the last run's files are gone (as if it never finished): --resume runs that one only
    FileTime first = Files.getLastModifiedTime(dir.resolve("round1-a.hlog"));
    for (String ext : new String[] {".txt", ".json", ".hlog"}) {
      Files.delete(dir.resolve("round3-c" + ext));
    }
    CommandOutput resumed = suite("--resume", dir.toString());
    assertThat(resumed.exit()).as(resumed.err()).isEqualTo(ExitCode.OK);
    assertThat(resumed.err())
        .contains("round2-a finished before (resumed)")
        .contains("round 3 of 3, workload c (run 6 of 6)")
        .containsPattern("hbload suite: step 1 of 1, [\\d.]+ s elapsed, about 1.0 s left")
        .doesNotContain("round 1 of 3, workload a");
    assertThat(dir.resolve("round3-c.hlog")).isRegularFile();
    assertThat(Files.getLastModifiedTime(dir.resolve("round1-a.hlog"))).isEqualTo(first);
    // the same table shape: header, legend, one row per workload from rounds 2-3
    List<String> before =
        table
            .lines()
            .map(
                l ->
                    l.replaceAll("[0-9.,%\\-\\[\\]]+", "#")
                        .replaceAll("#( #)*", "#")
                        .replaceAll(" +", " "))
            .toList();
    List<String> after =
        resumed
            .out()
            .lines()
            .map(
                l ->
                    l.replaceAll("[0-9.,%\\-\\[\\]]+", "#")
                        .replaceAll("#( #)*", "#")
                        .replaceAll(" +", " "))
            .toList();
    assertThat(after).isEqualTo(before);
    // and a row for round 2 of workload a is exactly what it was: read back from its hlog
    String a1 = csv.stream().filter(l -> l.startsWith("a,")).findFirst().orElseThrow();
    String a2 =
        Files.readAllLines(dir.resolve("suite.csv")).stream()
            .filter(l -> l.startsWith("a,"))
            .findFirst()
            .orElseThrow();
    assertThat(a2).isEqualTo(a1);
  }
}
