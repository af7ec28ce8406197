package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class GcTuneCommandTest {
  private static final Path JDK17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64/bin/java");
  private static final Path TEMURIN25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

  @TempDir Path dir;

  /**
   * Through the root command line, as a user runs it: the error handler and parser settings live
   * there.
   */
  static CommandOutput run(String... args) {
    String[] command = new String[args.length + 1];
    command[0] = "gc-tune";
    System.arraycopy(args, 0, command, 1, args.length);
    return CommandOutput.of(HbloadCommand.commandLine(), command);
  }

  @Test
  void postFiguresOnJdk17() {
    CommandOutput r = run("--heap", "100g", "--cpus", "40", "--jdk", "17");
    assertThat(r.exit()).isZero();
    assertThat(r.out().strip())
        .doesNotContain("\n")
        .startsWith(
            "-XX:+UseG1GC -Xms100g -Xmx100g -XX:MaxGCPauseMillis=100 -XX:-ResizePLAB"
                + " -XX:ParallelGCThreads=28 -XX:+UnlockExperimentalVMOptions -XX:G1NewSizePercent=1 -Xlog:gc*");
    assertThat(r.err()).contains("compressed-oops");
    assertThat(r.errLines()).allMatch(l -> l.startsWith("hbload gc-tune: warning: "));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({"32g,3", "64g,2", "100g,1"})
  void postHeapPoints(String heap, int pct) {
    CommandOutput r = run("--heap", heap, "--cpus", "40", "--jdk", "21");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("-XX:G1NewSizePercent=" + pct + " ");
  }

  @Test
  void hbaseEnvForJdk8() {
    CommandOutput r = run("--heap", "32g", "--jdk", "8", "--cpus", "16", "--format", "hbase-env");
    assertThat(r.exit()).isZero();
    assertThat(r.out())
        .startsWith(
            "export HBASE_REGIONSERVER_OPTS=\"$HBASE_REGIONSERVER_OPTS -XX:+UseG1GC -Xms32g")
        .contains(
            "-XX:+ParallelRefProcEnabled",
            "-XX:ParallelGCThreads=13",
            "-XX:G1NewSizePercent=3",
            "-XX:+PrintGCDetails",
            "-Xloggc:/var/log/hbase/gc-regionserver.log")
        .doesNotContain("-Xlog:");
  }

  @Test
  void jsonAndJvmOptionsFormats() {
    CommandOutput json =
        run(
            "--heap",
            "31g",
            "--cpus",
            "24",
            "--jdk",
            "11",
            "--format",
            "json",
            "--machine-memory",
            "16g",
            "--bucketcache-size",
            "40g");
    assertThat(json.exit()).isZero();
    assertThat(json.out())
        .contains(
            "\"jdk\": 11",
            "\"parallelGCThreads\": 18",
            "\"maxDirectMemorySize\": \"72g\"",
            "\"-XX:MaxDirectMemorySize=72g\"",
            "larger than this machine's memory (16.0g)");
    CommandOutput lines =
        run("--heap", "8g", "--cpus", "8", "--jdk", "25", "--format", "jvm-options");
    assertThat(lines.out().lines())
        .contains("-Xms8g", "-XX:ParallelGCThreads=8")
        .noneMatch(l -> l.contains(" -"));
    assertThat(lines.err()).contains("MSLAB");
  }

  @Test
  void explainGivesEveryRuleWithItsSource() {
    CommandOutput r = run("--heap", "64g", "--cpus", "40", "--jdk", "17", "--explain");
    assertThat(r.exit()).isZero();
    assertThat(r.out())
        .contains(
            "# parallel-gc-threads: ParallelGCThreads=28 for 40 CPUs: 8 + (40 - 8) * 5 / 8 = 28",
            "#   source: HotSpot nof_parallel_worker_threads",
            "# g1-new-size-percent: G1NewSizePercent=2",
            "# parallel-ref-proc: ParallelRefProcEnabled not emitted",
            "JDK-8205043",
            "# gc-logging:",
            "# resize-plab:",
            "# fixed-heap:",
            "# pause-goal:",
            "# region-size:",
            "# compressed-oops:");
  }

  @Test
  void defaultCpusAreThisMachines() {
    CommandOutput r = run("--heap", "16g", "--jdk", "17");
    int n = Runtime.getRuntime().availableProcessors();
    int expected = n <= 8 ? n : 8 + (n - 8) * 5 / 8;
    assertThat(r.out()).contains("-XX:ParallelGCThreads=" + expected + " ");
  }

  @Test
  void helpExitsZero() {
    CommandOutput r = run("--help");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("--heap", "--gc-log", "--check", "Exit codes");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "--heap 0",
        "--heap banana",
        "--heap -5g",
        "--heap 100g --cpus -4",
        "--heap 1g --cpus x",
        "--heap 1g --jdk 9",
        "--heap 1g --jdk banana",
        "--heap 1g --pause-ms 0",
        "--heap 1g --format yaml",
        "--cpus 4",
        "--heap",
        "--heap 1g --bogus",
        "--heap 1g extra",
        "--heap 1g --evacuation-rate fast",
        "--heap 1g --evacuation-rate -1",
        "--heap 1g --gc-log /nonexistent/gc.log",
        "--heap 1g --gc-log",
        "--heap 1g --java /nonexistent/java",
        "--heap 1g --bucketcache-size lots",
        // caught by the typed options' converters
        "--heap 1g --cpus 4x",
        "--heap 1g --cpus 99999999999",
        "--heap 1g --pause-ms 1.5",
        "--heap 1g --format bogus",
        "--heap 1g --machine-memory lots",
        "--heap 1g --jdk",
        "--heap 1g --java",
        "--heap 1g --log-file",
        "--heap --cpus 4",
        "--heap 1g --java /tmp",
        "--heap=1g --explain=banana"
      })
  void badInputIsOneLineAndExit2(String args) {
    CommandOutput r = run(args.split(" "));
    assertThat(r.exit()).as(r.err()).isEqualTo(2);
    assertThat(r.errLines())
        .singleElement()
        .asString()
        .startsWith("hbload gc-tune: ")
        .doesNotContain("Exception in", "\tat ");
    assertThat(r.out()).isEmpty();
  }

  @Test
  void nonGcAndUnreadableLogsAreOneLineExit2() throws IOException {
    Path text =
        Files.writeString(dir.resolve("regionserver.out"), "Starting RegionServer\nall good\n");
    CommandOutput r = run("--heap", "32g", "--gc-log", text.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.errLines()).singleElement().asString().contains("is not a GC log");
    CommandOutput d = run("--heap", "32g", "--gc-log", dir.toString());
    assertThat(d.exit()).isEqualTo(2);
    assertThat(d.errLines()).singleElement().asString().contains("cannot read");
    CommandOutput both =
        run("--heap", "32g", "--gc-log", text.toString(), "--evacuation-rate", "5");
    assertThat(both.errLines()).singleElement().asString().contains("not both");
  }

  /**
   * Picocli's own parse errors become one line too: the root command line's handler prints them.
   */
  @Test
  void parseErrorsAreOneLineWithTheHandler() {
    CommandOutput r = run("--heap", "1g", "--explain=banana");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.errLines()).singleElement().asString().startsWith("hbload gc-tune: ");
  }

  /** Each typed option names itself and the bad value, in picocli's words or gc-tuner's. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "--heap 1g --cpus 4x|Invalid value for option '--cpus': '4x' is not an int",
        "--heap 1g --evacuation-rate fast|Invalid value for option '--evacuation-rate': 'fast'",
        "--heap banana|Invalid value for option '--heap': 'banana' is not a size",
        "--heap 1g --bucketcache-size lots|Invalid value for option '--bucketcache-size': 'lots' is not a size",
        "--heap 1g --format bogus|Invalid value for option '--format': unknown format 'bogus' (use opts, hbase-env,",
        "--heap 1g --format HBASE_ENV|unknown format 'HBASE_ENV'",
        "--heap 1g --jdk 9|Invalid value for option '--jdk': unknown JDK '9' (use one of 8, 11, 17, 21, 25",
        "--cpus 4|Missing required option: '--heap=SIZE'",
        "--heap|Missing required parameter for option '--heap'",
        "--heap 1g --bogus|Unknown option: '--bogus'",
        "--heap 1g extra|Unmatched argument at index 3: 'extra'",
        "--heap 1g --gc-log|Missing required parameter for option '--gc-log'",
        "--heap 1g --java /tmp|--java: /tmp is not an executable file",
        "--heap 1.1g --jdk 17|--heap must be a whole number of megabytes"
      })
  void badValuesSayWhichOptionAndWhy(String args, String message) {
    CommandOutput r = run(args.split(" "));
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.errLines())
        .singleElement()
        .asString()
        .startsWith("hbload gc-tune: ")
        .contains(message);
  }

  /** A log with too few pauses is a warning, but not next to an error: bad input stays one line. */
  @Test
  void badInputWithAWeakGcLogIsStillOneLine() throws IOException {
    CommandOutput r = run("--heap", "0", "--jdk", "17", "--gc-log", writeFew());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.errLines()).singleElement().asString().contains("--heap must be greater than 0");
  }

  @Test
  void formatNamesAreCaseInsensitiveAsBefore() {
    assertThat(run("--heap", "8g", "--cpus", "8", "--jdk", "17", "--format", "JSON").out())
        .isEqualTo(run("--heap", "8g", "--cpus", "8", "--jdk", "17", "--format", "json").out())
        .startsWith("{");
  }

  /**
   * Shell completion offers what --format accepts, not the enum constants (HBASE_ENV would be
   * rejected).
   */
  @Test
  void formatCompletionOffersTheCliNames() {
    var format =
        HbloadCommand.commandLine()
            .getSubcommands()
            .get("gc-tune")
            .getCommandSpec()
            .findOption("--format");
    assertThat(format.completionCandidates())
        .containsExactly("opts", "hbase-env", "jvm-options", "json");
  }

  @Test
  void repeatedOptionLastOneWins() {
    CommandOutput r = run("--heap", "1g", "--heap", "2g", "--jdk", "17", "--cpus", "2");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("-Xmx2g").doesNotContain("-Xmx1g");
  }

  /**
   * A synthetic -Xlog:gc* log (JDK 17 line format) of 30 pauses at 2.5 GB/s: 1 GB Eden in 400 ms.
   */
  @Test
  void gcLogDrivesTheRecommendation() throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("[0.010s][info][gc,init] Heap Region Size: 16M");
    for (int i = 0; i < 30; i++) {
      lines.add("[" + i + ".5s][info][gc,heap] GC(" + i + ") Eden regions: 64->0(64)");
      lines.add(
          "["
              + i
              + ".5s][info][gc     ] GC("
              + i
              + ") Pause Young (Normal) (G1 Evacuation Pause)"
              + " 5000M->4000M(32768M) "
              + (400 + i % 3)
              + ".000ms");
    }
    Path log = Files.write(dir.resolve("gc.log"), lines);
    CommandOutput r =
        run(
            "--heap",
            "64g",
            "--cpus",
            "40",
            "--jdk",
            "17",
            "--gc-log",
            log.toString(),
            "--explain");
    assertThat(r.exit()).as(r.err()).isZero();
    // 2.5 GB/s x 100 ms = 256M of 64g = 0.39% -> floor of 1 (the default rate would give 2)
    assertThat(r.out())
        .contains("-XX:G1NewSizePercent=1 ", "measured: p25 of 30 young (Normal) pauses");
    CommandOutput few = run("--heap", "64g", "--cpus", "40", "--jdk", "17", "--gc-log", writeFew());
    assertThat(few.exit()).isZero();
    assertThat(few.err()).contains("only 1 usable young pauses");
  }

  private String writeFew() throws IOException {
    return Files.writeString(
            dir.resolve("few.log"),
            """
                [0.010s][info][gc,init] Heap Region Size: 16M
                [1.000s][info][gc,heap] GC(1) Eden regions: 64->0(64)
                [1.000s][info][gc     ] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 5000M->4000M(32768M) 100.000ms
                """)
        .toString();
  }

  @Test
  void checkOnJdk17() {
    assumeTrue(Files.isExecutable(JDK17), "JDK 17 not installed at " + JDK17);
    CommandOutput r =
        run(
            "--heap",
            "2g",
            "--cpus",
            "4",
            "--java",
            JDK17.toString(),
            "--check",
            "--bucketcache-size",
            "1g");
    assertThat(r.exit()).as(r.out() + r.err()).isZero();
    assertThat(r.out())
        .contains(
            "# check: " + JDK17 + " (JDK 17), exit 0: OK",
            "ok   -Xms2g -> InitialHeapSize = 2147483648",
            "ok   -XX:MaxDirectMemorySize=4g");
  }

  @Test
  void checkOnTemurin25LeavesOutXmsOfAHeapLargerThanThisMachine() {
    assumeTrue(Files.isExecutable(TEMURIN25), "Temurin 25 not installed at " + TEMURIN25);
    CommandOutput r =
        run("--heap", "1t", "--cpus", "40", "--java", TEMURIN25.toString(), "--check");
    assertThat(r.exit()).as(r.out() + r.err()).isZero();
    assertThat(r.out())
        .contains(
            "(JDK 25), exit 0: OK",
            "left out: -Xms1t: larger than this machine's memory",
            "ok   -XX:G1NewSizePercent=1 -> G1NewSizePercent = 1");
  }

  @Test
  void checkFailsWhenTheTargetIsAnotherJdk() {
    assumeTrue(Files.isExecutable(TEMURIN25), "Temurin 25 not installed at " + TEMURIN25);
    CommandOutput mismatch =
        run("--heap", "2g", "--jdk", "17", "--java", TEMURIN25.toString(), "--check");
    assertThat(mismatch.exit()).isEqualTo(2);
    assertThat(mismatch.errLines()).singleElement().asString().contains("--jdk 17 but --java");
  }
}
