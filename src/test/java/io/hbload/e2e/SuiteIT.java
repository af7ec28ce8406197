package io.hbload.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload suite} as a user runs it, on the embedded HBase it starts when nothing is
 * configured: load, 3 rounds of workloads a and c (3 s each instead of the issue's 10 s: the same
 * assertions, a third of the cost), round 1 discarded; then a resume after the last run's files
 * were removed. About 70 s in all (two embedded starts).
 */
class SuiteIT {
  @TempDir Path dir;

  private static List<String> suite(Path out, String dirFlag) {
    return Cli.javaJar(
        "suite",
        "-w",
        "a,c",
        "--rounds",
        "3",
        "--discard",
        "1",
        "--duration",
        "3s",
        "--load",
        "-threads",
        "2",
        dirFlag,
        out.toString());
  }

  private static long operations(Path json) throws Exception {
    Matcher m = Pattern.compile("\"operations\":\\s*(\\d+),").matcher(Files.readString(json));
    assertThat(m.find()).isTrue();
    return Long.parseLong(m.group(1));
  }

  /**
   * The table's lines with every figure blanked: what must not change between a suite and its
   * resume.
   */
  private static List<String> shape(String table) {
    return table
        .lines()
        .map(
            l ->
                l.replaceAll("[0-9.,%\\-\\[\\]]+", "#")
                    .replaceAll("#( #)*", "#")
                    .replaceAll(" +", " "))
        .toList();
  }

  @Test
  void aSuiteOnTheEmbeddedHBaseKeepsRounds2And3AndResumes() throws Exception {
    Path out = dir.resolve("results");
    Cli.Result r = Cli.run(suite(out, "--out"), dir, 400);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err())
        .contains("starting one embedded HBase")
        .contains("[hbase]")
        .containsPattern(
            "round1-a done: [0-9,]+ operations, [0-9,]+ ops/s, block-cache hit ratio \\d");
    List<String> lines = r.outLines();
    assertThat(lines.get(0))
        .isEqualTo(
            "hbload suite: 3 rounds, the first 1 discarded as warm-up; figures from rounds 2-3");
    // two workload rows, each from rounds 2 and 3, each with a block-cache hit ratio
    assertThat(lines).filteredOn(l -> l.matches("[ac] +2,3 .*%.*")).hasSize(2);
    for (String step :
        new String[] {
          "load", "round1-a", "round1-c", "round2-a", "round2-c", "round3-a", "round3-c"
        }) {
      for (String ext : new String[] {".txt", ".json", ".hlog"}) {
        assertThat(out.resolve(step + ext)).as(step + ext).isRegularFile();
      }
    }
    assertThat(Files.readString(out.resolve("round2-c.txt")))
        .contains("[READ], Return=OK, ", "[BLOCKCACHE], ");
    List<String> csv = Files.readAllLines(out.resolve("suite.csv"));
    for (String w : new String[] {"a", "c"}) {
      String row = csv.stream().filter(l -> l.startsWith(w + ",")).findFirst().orElseThrow();
      assertThat(Double.parseDouble(row.split(",")[3]))
          .as("operations of %s: mean of rounds 2-3", w)
          .isEqualTo(
              (operations(out.resolve("round2-" + w + ".json"))
                      + operations(out.resolve("round3-" + w + ".json")))
                  / 2.0);
    }
    assertThat(out.resolve("suite.md")).content().contains("| workload |");
    assertThat(out.resolve("suite.json")).content().contains("\"keptRounds\"");
    String table = Files.readString(out.resolve("suite.txt"));

    for (String ext : new String[] {".txt", ".json", ".hlog"}) {
      Files.delete(out.resolve("round3-c" + ext));
    }
    Cli.Result resumed = Cli.run(suite(out, "--resume"), dir, 300);
    assertThat(resumed.code()).as(resumed.err()).isZero();
    assertThat(resumed.err())
        .contains("round2-a finished before (resumed)", "round 3 of 3, workload c (run 6 of 6)")
        .doesNotContain("round 1 of 3, workload a");
    assertThat(out.resolve("round3-c.hlog")).isRegularFile();
    assertThat(shape(resumed.out())).isEqualTo(shape(table));
  }
}
