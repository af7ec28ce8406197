package io.hbload.e2e;

import static io.hbload.core.testing.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.testing.Waits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** hbload.jar run as a separate process: output shapes, exit codes, Ctrl-C. */
class JarRunIT {
  @TempDir Path dir;

  /**
   * Unbounded runs this test started: none may outlive a failed assertion (they would load the
   * machine for hours).
   */
  private final List<Process> started = new java.util.ArrayList<>();

  @org.junit.jupiter.api.AfterEach
  void stopLeftovers() {
    started.forEach(Process::destroyForcibly);
  }

  static final Pattern STATUS =
      Pattern.compile(
          "^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d:\\d{3} \\d+ sec: \\d+ operations; "
              + ".*(\\[[A-Z-]+: Count=\\d+, Max=\\d+, Min=\\d+, Avg=[\\d.]+, 90=\\d+, 99=\\d+, 99\\.9=\\d+, 99\\.99=\\d+\\] )*$");

  @Test
  void runWorkloadAOnTheNoOpBindingPrintsYcsbsOutput() throws Exception {
    Cli.Result r =
        Cli.run(
            Cli.javaJar(
                "run",
                "-w",
                "a",
                "-db",
                "basic",
                "-s",
                "-threads",
                "2",
                "-target",
                "2000",
                "-p",
                "operationcount=5000",
                "-p",
                "status.interval=1"),
            dir,
            60);
    assertThat(r.code()).as(r.err()).isZero();
    List<String> status = r.errLines().stream().filter(l -> l.contains(" sec: ")).toList();
    assertThat(status.size()).isGreaterThanOrEqualTo(3);
    status.forEach(l -> assertThat(l).matches(STATUS));
    assertThat(status.get(1)).contains("current ops/sec; est completion in ");
    List<String> out = r.outLines();
    assertThat(out.get(0)).matches("\\[OVERALL\\], RunTime\\(ms\\), \\d+");
    assertThat(out.get(1)).matches("\\[OVERALL\\], Throughput\\(ops/sec\\), [\\d.E]+");
    double throughput = Double.parseDouble(out.get(1).substring(out.get(1).lastIndexOf(' ') + 1));
    // the 2 % bound is EngineTest's; here JVM start-up jitter of a separate process only needs to
    // stay small
    assertThat(throughput).isBetween(1850.0, 2100.0);
    assertThat(out).contains("[CLEANUP], Operations, 2");
    assertThat(
            out.stream()
                .filter(l -> l.matches("\\[(READ|UPDATE)\\], Return=OK, \\d+"))
                .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1)))
                .sum())
        .isEqualTo(5000);
  }

  /**
   * A report printed to a stdout that cannot be written is lost: exit 1 and one line, never exit 0.
   */
  @Test
  void aReportToAFullStdoutIsAFailure() throws Exception {
    java.io.File full = new java.io.File("/dev/full");
    Assumptions.assumeTrue(full.canWrite(), "no /dev/full on this system");
    Path err = dir.resolve("err.txt");
    Process p =
        new ProcessBuilder(
                Cli.javaJar("run", "-w", "a", "-db", "basic", "-p", "operationcount=1000"))
            .directory(dir.toFile())
            .redirectOutput(full)
            .redirectError(err.toFile())
            .start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(Files.readString(err)).isEqualTo(1);
    assertThat(Files.readString(err))
        .contains("standard output could not be written")
        .doesNotContain("\tat ");
  }

  @Test
  void badInputIsOneLineAndExitTwo() throws Exception {
    Cli.Result r = Cli.run(Cli.javaJar("run", "-w", "nope"), dir, 60);
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.errLines()).hasSize(1);
    assertThat(r.err()).startsWith("hbload run: unknown workload 'nope'");
  }

  @Test
  void ctrlCStillPrintsTheReportOfWhatWasDone() throws Exception {
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    Process p =
        new ProcessBuilder(
                Cli.javaJar(
                    "run",
                    "-w",
                    "c",
                    "-db",
                    "basic",
                    "-s",
                    "-p",
                    "operationcount=0",
                    "-p",
                    "status.interval=1",
                    "-target",
                    "20000"))
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    started.add(p);
    await("3 status lines", Duration.ofSeconds(30), Duration.ofMillis(100))
        .failFast(Waits.alive("hbload run", p, err))
        .until(() -> Cli.statusLines(err) >= 3);
    new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(130);
    List<String> report = Files.readAllLines(out);
    assertThat(report).anyMatch(l -> l.startsWith("[OVERALL], RunTime(ms), "));
    long reads =
        report.stream()
            .filter(l -> l.startsWith("[READ], Return=OK, "))
            .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1)))
            .findFirst()
            .orElse(0);
    assertThat(reads).isGreaterThan(20000);
    assertThat(report).contains("[OVERALL], StoppedEarly, interrupted");
    // an unbounded run says so, in one line, before it starts (issue 13, defect 13)
    List<String> said = Files.readAllLines(err);
    assertThat(said)
        .contains(
            "operationcount=0 and no maxexecutiontime: running until interrupted (Ctrl-C prints the report)");
    assertThat(
            said.indexOf(
                "operationcount=0 and no maxexecutiontime: running until interrupted (Ctrl-C prints the report)"))
        .isLessThan(said.indexOf("Starting test."));
  }

  /**
   * Issue 13, defect 4: calls that never return (here a 1-hour delay that ignores interrupts) used
   * to keep a SIGTERM'ed run alive for the hook's minute and then end it with no report and no
   * JSON.
   */
  @Test
  void sigtermWithCallsThatNeverReturnStillReportsAndNamesTheStuckWorkers() throws Exception {
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    Path json = dir.resolve("run.json");
    Process p =
        new ProcessBuilder(
                Cli.javaJar(
                    "run",
                    "-w",
                    "c",
                    "-db",
                    "basic",
                    "-threads",
                    "2",
                    "-p",
                    "basicdb.simulatedelay=3600000",
                    "-p",
                    "basicdb.randomizedelay=false",
                    "-p",
                    "hbload.stopgrace=2",
                    "--json",
                    json.toString()))
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    started.add(p);
    await("both workers in their first call", Duration.ofSeconds(30), Duration.ofMillis(100))
        .failFast(Waits.alive("hbload run", p, err))
        .until(() -> Files.readString(err).contains("Starting test.") && inBindingCalls(p, 2));
    long termAt = System.nanoTime();
    new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor();
    assertThat(p.waitFor(30, TimeUnit.SECONDS))
        .as("exits within the grace, not after the hook's minute")
        .isTrue();
    assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - termAt)).isLessThan(20);
    // a JVM ended by SIGTERM exits 128 + 15 whatever the command returns; the failure is in the
    // report and on stderr
    assertThat(p.exitValue()).isEqualTo(143);
    String said = Files.readString(err);
    assertThat(said)
        .contains(
            "hbload: run failed: 2 of 2 workers still in a binding call 2 s after the stop "
                + "(interrupted; hbload.stopgrace): hbload-worker-0 in ")
        .contains("hbload-worker-1 in ");
    assertThat(said).doesNotContain("Exception");
    assertThat(Files.readAllLines(out))
        .anyMatch(l -> l.startsWith("[OVERALL], RunTime(ms), "))
        .anyMatch(
            l -> l.startsWith("[OVERALL], StoppedEarly, 2 of 2 workers still in a binding call"));
    assertThat(Files.readString(json))
        .contains("\"stopReason\"")
        .contains("still in a binding call");
  }

  /**
   * Whether each of the run's first {@code workers} is inside a call of the basic binding now, as a
   * thread dump of its JVM ({@code jcmd PID Thread.print}) shows.
   */
  private static boolean inBindingCalls(Process run, int workers) throws Exception {
    Process jcmd =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(run.pid()),
                "Thread.print")
            .redirectErrorStream(true)
            .start();
    String dump = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(jcmd.waitFor(30, TimeUnit.SECONDS)).as("jcmd Thread.print ends").isTrue();
    // a thread's entry: its quoted name, then its stack, up to a blank line
    for (int w = 0; w < workers; w++) {
      int at = dump.indexOf("\"hbload-worker-" + w + "\"");
      if (at < 0) {
        return false;
      }
      int end = dump.indexOf("\n\n", at);
      String stack = dump.substring(at, end < 0 ? dump.length() : end);
      if (!stack.contains("BasicBindingProvider$Basic.")) {
        return false;
      }
    }
    return true;
  }
}
