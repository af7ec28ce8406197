package io.hbload.gc.check;

import io.hbload.gc.ByteSize;
import io.hbload.gc.InvalidInputException;
import io.hbload.gc.JvmOption;
import io.hbload.gc.TuningResult;
import io.hbload.gc.jdk.JavaVersionProbe;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Launches the target {@code java} with the emitted options plus {@code -XX:+PrintFlagsFinal
 * -version} and confirms each flag took the intended value from the command line. What cannot apply
 * on this machine is left out and reported in {@link CheckReport#omitted()}: {@code -Xms} of a heap
 * larger than this machine's memory (committing it fails with {@code os::commit_memory ... 'Not
 * enough space'}; {@code -Xmx} alone only reserves address space and is kept). GC log files are
 * redirected into {@code workDir} so the check needs no {@code /var/log/hbase}. Stateless,
 * thread-safe; each call starts one JVM (a second or two).
 */
public final class FlagChecker {
  /** Output that means the options do not work as written (docs/g1-tuner.md section 6). */
  private static final List<String> BAD_OUTPUT =
      List.of(
          "Unrecognized VM option",
          "must be enabled via -XX:+UnlockExperimentalVMOptions",
          "The unlock option must precede",
          "outside the allowed range",
          "must be less than or equal to",
          "is deprecated",
          "Improperly specified",
          "[warning]",
          "warning:",
          "Error:",
          "Invalid -Xlog");

  private static final long TIMEOUT_SECONDS = 120;

  private FlagChecker() {}

  /**
   * @param java the target binary
   * @param result options to check
   * @param machineMemoryBytes memory of this machine, 0 if unknown (then {@code -Xms} is always
   *     kept)
   * @param workDir an existing writable directory for the GC log and the JVM's output
   */
  public static CheckReport check(
      Path java, TuningResult result, long machineMemoryBytes, Path workDir) {
    if (!Files.isExecutable(java)) {
      throw new InvalidInputException("--check: " + java + " is not an executable java");
    }
    String logFile = result.input().gcLogFile();
    Path checkLog = workDir.resolve("gc-check.log");
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    List<JvmOption> passed = new ArrayList<>();
    List<String> omitted = new ArrayList<>();
    long heap = result.input().heapBytes();
    for (JvmOption o : result.options()) {
      if ("InitialHeapSize".equals(o.flagName())
          && machineMemoryBytes > 0
          && heap > machineMemoryBytes) {
        omitted.add(
            o.text()
                + ": larger than this machine's memory ("
                + ByteSize.human(machineMemoryBytes)
                + "), committing it would fail; -Xmx is kept, it only reserves address space");
        continue;
      }
      String text = o.text().replace(logFile, checkLog.toString());
      if (!text.equals(o.text())) {
        omitted.add("log file " + logFile + " replaced by " + checkLog + " for the check");
      }
      JvmOption run = new JvmOption(text, o.flagName(), o.expectedValue(), o.rule());
      passed.add(run);
      command.add(text);
    }
    command.add("-XX:+PrintFlagsFinal");
    command.add("-version");

    Path out = workDir.resolve("check-stdout.txt");
    Path err = workDir.resolve("check-stderr.txt");
    int exit;
    String stdout;
    String stderr;
    try {
      Process p =
          new ProcessBuilder(command)
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .start();
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new InvalidInputException(
            "--check: " + java + " did not finish in " + TIMEOUT_SECONDS + " s");
      }
      exit = p.exitValue();
      stdout = Files.readString(out, StandardCharsets.ISO_8859_1);
      stderr = Files.readString(err, StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      throw new InvalidInputException("--check: cannot run " + java + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InvalidInputException("--check: interrupted", e);
    }

    List<String> findings = new ArrayList<>();
    if (exit != 0) {
      findings.add("exit " + exit + ": " + firstLines(stderr + stdout, 3));
    }
    for (String line : stderr.split("\\R")) {
      String lower = line.toLowerCase(Locale.ROOT);
      for (String bad : BAD_OUTPUT) {
        if (lower.contains(bad.toLowerCase(Locale.ROOT))) {
          findings.add(line.strip());
          break;
        }
      }
    }
    int actual = 0;
    try {
      actual = JavaVersionProbe.parseVersionOutput(java, stderr + "\n" + stdout).feature();
    } catch (IllegalArgumentException e) {
      // a JVM that refuses the options exits before printing its version: ask it separately
      actual = JavaVersionProbe.probe(java).feature();
    }
    int target = result.input().jdk().feature();
    if (actual != 0 && actual != target) {
      findings.add(
          "options were computed for JDK " + target + " but " + java + " is JDK " + actual);
    }

    PrintFlagsFinal table = PrintFlagsFinal.parse(stdout);
    List<FlagCheck> checks = new ArrayList<>();
    long region = result.derived().regionSizeBytes();
    for (JvmOption o : passed) {
      checks.add(
          exit == 0
              ? verify(o, table, region, checkLog)
              : new FlagCheck(
                  o.text(), o.flagName(), o.expectedValue(), null, false, "JVM did not start"));
    }
    return new CheckReport(
        java.toString(), target, actual, exit, command, checks, omitted, findings);
  }

  private static FlagCheck verify(
      JvmOption o, PrintFlagsFinal table, long regionBytes, Path checkLog) {
    if (o.flagName() == null) {
      // -Xlog / -Xloggc have no flag of their own: the proof is the file the JVM wrote
      boolean written = Files.exists(checkLog) || Files.exists(Path.of(checkLog + ".0"));
      return new FlagCheck(
          o.text(),
          null,
          "log file written",
          written ? checkLog.toString() : null,
          written,
          written ? "the JVM created the GC log" : "no GC log file appeared at " + checkLog);
    }
    var flag = table.get(o.flagName());
    if (flag.isEmpty()) {
      return new FlagCheck(
          o.text(), o.flagName(), o.expectedValue(), null, false, "not in PrintFlagsFinal");
    }
    String expected = o.expectedValue();
    String note = "origin " + flag.get().origin();
    if (o.flagName().equals("MaxHeapSize") || o.flagName().equals("InitialHeapSize")) {
      // G1 aligns the heap up to its region size
      long want = Long.parseLong(expected);
      long aligned = (want + regionBytes - 1) / regionBytes * regionBytes;
      expected = Long.toString(aligned);
      if (aligned != want) {
        note += ", aligned up to the " + ByteSize.formatUpper(regionBytes) + " region size";
      }
    }
    boolean valueOk = flag.get().value().equals(expected);
    // JDK 8 prints ":=" for any flag set on the command line, even to its default, so this holds on
    // 8 too
    boolean fromCommandLine = flag.get().setOnCommandLine();
    return new FlagCheck(
        o.text(),
        o.flagName(),
        expected,
        flag.get().value(),
        valueOk && fromCommandLine,
        !valueOk
            ? "expected " + expected + ", " + note
            : fromCommandLine ? note : "right value but not from the command line, " + note);
  }

  private static String firstLines(String s, int n) {
    return String.join(" | ", s.strip().lines().limit(n).toList());
  }
}
