package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import io.hbload.cli.contract.ExitCode;
import io.hbload.core.time.EventClock;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * Every command's result files on a disk that fills up, end to end through the command line: the
 * inputs are real files a run wrote, the outputs go to a Jimfs file system of 512 bytes (the
 * command's path options are read on it: {@code /full/...}). Each command must exit 1 with one line
 * naming the file and the cause, and leave nothing under the final name, nor a temp file.
 * FullDiskTest (core) does the same for the engine's writers, FullDiskOutputsTest for the dfsio log
 * and the HTML writer.
 */
class FullDiskCommandsTest {
  private static final String FULL = "out of disk space"; // Jimfs's ENOSPC

  @TempDir static Path runDir;
  private static Path json;
  private static Path hlog;

  /** A suite of one round of one second. */
  private static final String[] SUITE = {
    "suite",
    "-w",
    "a",
    "-db",
    "memory",
    "--rounds",
    "1",
    "--discard",
    "0",
    "--duration",
    "1s",
    "-threads",
    "1",
    "-target",
    "1000",
    "-p",
    "recordcount=100"
  };

  private FileSystem disk;

  /** One small real run whose JSON and hlog the commands read. */
  @BeforeAll
  static void aRun() {
    json = runDir.resolve("run.json");
    hlog = runDir.resolve("run.hlog");
    smallRun(json, hlog);
  }

  /** A run of workload a on the memory binding, written to {@code json} and {@code hlog}. */
  static void smallRun(Path json, Path hlog) {
    CommandOutput o =
        CommandOutput.of(
            HbloadCommand.commandLine(),
            "run",
            "-w",
            "a",
            "-db",
            "memory",
            "-p",
            "recordcount=100",
            "-p",
            "operationcount=2000",
            "--json",
            json.toString(),
            "--hlog",
            hlog.toString());
    assertThat(o.exit()).as(o.err()).isZero();
  }

  @AfterEach
  void closeDisk() throws IOException {
    if (disk != null) {
      disk.close();
    }
  }

  /** A disk of {@code bytes}, mounted at {@code /full}. */
  private Path disk(long bytes) throws IOException {
    disk =
        Jimfs.newFileSystem(
            Configuration.unix().toBuilder().setBlockSize(256).setMaxSize(bytes).build());
    return Files.createDirectories(disk.getPath("/full"));
  }

  /**
   * The command line with its path options under {@code /full/} on the small disk, on a virtual
   * clock (a find-max search's steps take no real time).
   */
  private CommandOutput exec(String... args) {
    EventClock clock = new EventClock();
    CommandLine commandLine = HbloadCommand.commandLine(clock);
    commandLine.registerConverter(
        Path.class, s -> s.startsWith("/full/") ? disk.getPath(s) : Path.of(s));
    return clock.run(() -> CommandOutput.of(commandLine, args));
  }

  private List<String> left() throws IOException {
    try (Stream<Path> files = Files.list(disk.getPath("/full"))) {
      return files.map(p -> p.getFileName().toString()).toList();
    }
  }

  private void failsNaming(CommandOutput o, String file) throws IOException {
    assertThat(o.exit()).as(o.err()).isEqualTo(ExitCode.FAILURE);
    assertThat(o.errLines()).as(o.err()).hasSize(1);
    assertThat(o.err()).contains("cannot write " + file + ": " + FULL);
    assertThat(left()).as("nothing under the final name, no temp file").isEmpty();
  }

  @Test
  void reportOutputThatDoesNotFit() throws Exception {
    disk(512);
    failsNaming(
        exec("report", json.toString(), hlog.toString(), "-o", "/full/report.html"),
        "/full/report.html");
  }

  @ParameterizedTest
  @ValueSource(strings = {"--json", "--html"})
  void compareOutputThatDoesNotFit(String option) throws Exception {
    disk(512);
    String file = "/full/compare" + (option.equals("--json") ? ".json" : ".html");
    failsNaming(
        exec("compare", json.toString(), json.toString(), "--resamples", "200", option, file),
        file);
  }

  /**
   * find-max's page on a disk with room for its temp file only: the search runs (a few 1 s steps
   * against 2 ms calls), then the page does not fit: exit 1 naming it, nothing left behind.
   */
  @Test
  void findMaxHtmlThatDoesNotFit() throws Exception {
    disk(512);
    CommandOutput o = exec(FindMaxArgs.twoMillisecondSearch("--html", "/full/find.html"));
    assertThat(o.exit()).as(o.err()).isEqualTo(ExitCode.FAILURE);
    assertThat(o.err()).as("the search ran").contains("find-max p99<10ms: ");
    assertThat(o.errLines())
        .filteredOn(l -> l.contains("cannot write"))
        .singleElement()
        .asString()
        .contains("cannot write /full/find.html: " + FULL);
    assertThat(left()).as("nothing under the final name, no temp file").isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"-o", "--json", "--hlog"})
  void mergeOutputThatDoesNotFit(String option) throws Exception {
    disk(512);
    failsNaming(exec("merge", hlog.toString(), option, "/full/merged"), "/full/merged");
  }

  /**
   * A finished suite copied onto a disk with one block to spare, then resumed: every round is read
   * back, only the tables are written, and they do not fit.
   */
  @Test
  void suiteTablesThatDoNotFit() throws Exception {
    Path real = runDir.resolve("suite");
    String[] suite = SUITE;
    List<String> first = new ArrayList<>(List.of(suite));
    first.addAll(List.of("--out", real.toString()));
    CommandOutput o = CommandOutput.of(HbloadCommand.commandLine(), first.toArray(new String[0]));
    assertThat(o.exit()).as(o.err()).isZero();
    List<Path> kept = new ArrayList<>();
    long blocks = 0;
    try (Stream<Path> files = Files.list(real)) {
      for (Path f : files.toList()) {
        if (!f.getFileName().toString().startsWith("suite.")
            || f.getFileName().toString().equals("suite.manifest")) {
          kept.add(f);
          blocks += (Files.size(f) + 255) / 256;
        }
      }
    }
    Path dir = disk((blocks + 1) * 256).resolve("suite");
    Files.createDirectories(dir);
    for (Path f : kept) {
      Files.copy(f, dir.resolve(f.getFileName().toString()));
    }
    List<String> resume = new ArrayList<>(List.of(suite));
    resume.addAll(List.of("--resume", "/full/suite"));
    CommandOutput resumed = exec(resume.toArray(new String[0]));
    assertThat(resumed.exit()).as(resumed.err()).isEqualTo(ExitCode.FAILURE);
    assertThat(resumed.errLines())
        .as(resumed.err())
        .filteredOn(l -> l.contains("cannot write"))
        .singleElement()
        .asString()
        .contains("cannot write /full/suite/suite.txt: " + FULL);
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .as("the rounds as they were, no table, no temp file")
          .containsExactlyInAnyOrderElementsOf(
              kept.stream().map(p -> p.getFileName().toString()).toList());
    }
  }

  /**
   * A new suite on a full disk: its manifest, written before the first round, does not fit. Found
   * before the work (exit 2, one line), and the directory it made is gone again.
   */
  @Test
  void aNewSuiteOnAFullDiskIsFoundBeforeItsRoundsAndLeavesNothing() throws Exception {
    Path full = disk(512);
    try (OutputStream filler = Files.newOutputStream(full.resolve("filler"))) {
      filler.write(new byte[512]);
    }
    List<String> args = new ArrayList<>(List.of(SUITE));
    args.addAll(List.of("--out", "/full/suite"));
    CommandOutput o = exec(args.toArray(new String[0]));
    assertThat(o.exit()).as(o.err()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(o.errLines()).as(o.err()).hasSize(1);
    assertThat(o.err()).contains("cannot write /full/suite/suite.manifest: " + FULL);
    assertThat(left()).containsExactly("filler");
  }

  /**
   * A directory that takes no new file (here /proc, which refuses even root) is found before any
   * work starts, by every command that writes results: exit 2, one line, nothing run.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "report RUN.json RUN.hlog -o /proc/hbload.html",
        "compare RUN.json RUN.json --json /proc/hbload.json",
        "compare RUN.json RUN.json --html /proc/hbload.html",
        "merge RUN.hlog -o /proc/hbload.txt",
        "merge RUN.hlog --hlog /proc/hbload.hlog",
        "run -w a -db memory -p operationcount=10 --html /proc/hbload.html",
        "run -w c -db basic --find-max p99<10ms --json /proc/hbload.json",
        "run -w c -db basic --find-max p99<10ms --html /proc/hbload.html",
        "suite -w a -db memory --rounds 1 --discard 0 --duration 1s --out SUITE --html /proc/hbload.html",
        "suite -w a -db memory --rounds 1 --discard 0 --duration 1s --out /proc/hbload.suite"
      })
  void anOutputThatCannotBeCreatedIsFoundBeforeTheWork(String line) throws Exception {
    String[] args =
        line.replace("RUN.json", json.toString())
            .replace("RUN.hlog", hlog.toString())
            .replace("SUITE", runDir.resolve("never").toString())
            .split(" ");
    long start = System.nanoTime();
    CommandOutput o = CommandOutput.of(HbloadCommand.commandLine(), args);
    assertThat(o.exit()).as(o.err()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(o.errLines()).as(o.err()).hasSize(1);
    assertThat(o.err()).contains("cannot write /proc/hbload.");
    assertThat(o.out()).as("nothing ran").isEmpty();
    assertThat(runDir.resolve("never")).doesNotExist();
    assertThat(System.nanoTime() - start).as("found before any work").isLessThan(5_000_000_000L);
  }

  /**
   * find-max's JSON is named by a property, so not on Jimfs: a real tmpfs of one page, filled,
   * mounted when the test runs as root (as CI's containers do); skipped elsewhere.
   */
  @Test
  void findMaxJsonThatDoesNotFit(@TempDir Path mountPoint) throws Exception {
    Assumptions.assumeTrue(SmallTmpfs.mount(mountPoint, 4), "needs root to mount a small tmpfs");
    try {
      SmallTmpfs.fill(mountPoint);
      Path out = mountPoint.resolve("find.json");
      // real time: the basic binding's calls here take no time, so on a virtual clock nothing
      // would ever hold the search back (the generator limit that ends it is the CPU's)
      CommandOutput o =
          CommandOutput.of(
              HbloadCommand.commandLine(),
              "run",
              "-w",
              "c",
              "-db",
              "basic",
              "-threads",
              "1",
              "-target",
              "100",
              "-p",
              "maxexecutiontime=1",
              "-p",
              "hbload.warmup=200ms",
              "--find-max",
              "p99<1s",
              "--find-max-precision",
              "0.9",
              "--json",
              out.toString());
      assertThat(o.exit()).as(o.err()).isEqualTo(ExitCode.FAILURE);
      assertThat(o.errLines()).filteredOn(l -> l.contains("cannot write")).hasSize(1);
      assertThat(o.err()).contains("cannot write " + out + ": No space left on device");
      try (Stream<Path> files = Files.list(mountPoint)) {
        assertThat(files.map(p -> p.getFileName().toString())).containsExactly("filler");
      }
    } finally {
      SmallTmpfs.unmount(mountPoint);
    }
  }

  /** A real size-limited tmpfs, for writers whose path cannot be a Jimfs one. */
  static final class SmallTmpfs {
    private SmallTmpfs() {}

    static boolean mount(Path dir, int kib) throws Exception {
      if (!"root".equals(System.getProperty("user.name"))) {
        return false;
      }
      Process p =
          new ProcessBuilder(
                  "mount", "-t", "tmpfs", "-o", "size=" + kib + "k", "tmpfs", dir.toString())
              .redirectErrorStream(true)
              .start();
      p.getInputStream().transferTo(OutputStream.nullOutputStream());
      return p.waitFor() == 0;
    }

    /** Writes a filler file until the file system is full. */
    static void fill(Path dir) throws IOException {
      byte[] block = new byte[1024];
      try (OutputStream out = Files.newOutputStream(dir.resolve("filler"))) {
        while (true) {
          out.write(block);
        }
      } catch (IOException full) {
        // the point: no byte more fits
      }
    }

    static void unmount(Path dir) throws Exception {
      new ProcessBuilder("umount", dir.toString()).inheritIO().start().waitFor();
    }
  }
}
