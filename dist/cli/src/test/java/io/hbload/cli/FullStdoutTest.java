package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.contract.ExitCode;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * Every command that prints a report, printing it to a standard output that fails: the kernel's
 * {@code /dev/full}, which refuses every write with ENOSPC, as {@code > /dev/full} would. The
 * command's writer swallows the error (PrintWriter does), so the exit code is settled once the
 * command has returned, as the jar's main does: exit 1 and one line, never exit 0.
 */
class FullStdoutTest {
  @TempDir static Path runDir;
  private static Path hlog;
  private static Path json;

  @BeforeAll
  static void aRun() {
    hlog = runDir.resolve("run.hlog");
    json = runDir.resolve("run.json");
    FullDiskCommandsTest.smallRun(json, hlog);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "run -w a -db memory -p operationcount=500",
        "load -w a -db memory -p recordcount=100",
        "merge RUN.hlog",
        "compare RUN.json RUN.json --resamples 200",
        "plan --regionservers 5 --heap 32g --blockcache 0.4 --host-memory 128g",
        "gc-tune --heap 100g --cpus 40 --jdk 17",
        "dfsio coder-bench --seconds 100ms --working-set 16m"
      })
  void aReportToAFullStdoutIsExitOne(String line) throws Exception {
    File full = new File("/dev/full");
    Assumptions.assumeTrue(full.canWrite(), "no /dev/full here");
    String[] args =
        line.replace("RUN.hlog", hlog.toString()).replace("RUN.json", json.toString()).split(" ");
    CommandLine commandLine = HbloadCommand.commandLine();
    StringWriter err = new StringWriter();
    commandLine.setErr(new PrintWriter(err, true));
    ByteArrayOutputStream lines = new ByteArrayOutputStream();
    try (OutputStream device = new FileOutputStream(full)) {
      PrintWriter out = new PrintWriter(device);
      commandLine.setOut(out);
      int exit = commandLine.execute(args);
      assertThat(exit).as(err.toString()).isZero();
      PrintStream fine = new PrintStream(OutputStream.nullOutputStream());
      int finalExit = Main.afterOutput(exit, out, fine, new PrintStream(lines, true));
      assertThat(finalExit).as(err.toString()).isEqualTo(ExitCode.FAILURE);
    }
    assertThat(lines.toString().lines())
        .containsExactly(
            "hbload: standard output could not be written (disk full or pipe closed): the report is lost");
  }
}
