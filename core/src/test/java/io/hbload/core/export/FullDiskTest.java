package io.hbload.core.export;

import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import io.hbload.core.config.Outputs;
import io.hbload.core.config.Phase;
import io.hbload.core.config.ReportFormat;
import io.hbload.core.config.SpecException;
import io.hbload.core.exec.Runner;
import io.hbload.core.launch.Launcher;
import io.hbload.core.merge.HlogMerge;
import io.hbload.core.merge.MergedRun;
import io.hbload.core.result.RunResult;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.suite.SuiteManifest;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every result writer of core on a disk that fills up: a Jimfs file system of 512 bytes, on which
 * each result (an hlog, a report in each exporter's format, a JSON result, a merged hlog and
 * report, a suite manifest) is too big. Each must fail with one line naming the file and the cause,
 * and leave nothing under the final name (nor its temp file). Before issue 22, the hlog, the export
 * file and the merged outputs were published empty or truncated, without an error, because a
 * PrintStream swallowed the IOException.
 */
class FullDiskTest {
  private static final String FULL = "out of disk space"; // Jimfs's ENOSPC
  private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

  @TempDir Path realDir;

  private FileSystem disk;
  private Path results;

  @BeforeEach
  void fillableDisk() throws IOException {
    disk =
        Jimfs.newFileSystem(
            Configuration.unix().toBuilder().setBlockSize(256).setMaxSize(512).build());
    results = Files.createDirectories(disk.getPath("/results"));
  }

  @AfterEach
  void closeDisk() throws IOException {
    disk.close();
  }

  private List<Path> left() throws IOException {
    try (Stream<Path> files = Files.list(results)) {
      return files.toList();
    }
  }

  private static RunSpec smallRun() {
    return workloadFile("a")
        .binding("basic")
        .threads(2)
        .operationCount(2000)
        .seed(7)
        .spec(Phase.RUN);
  }

  /** The spec writing its outputs elsewhere: SpecParser's paths are on the default file system. */
  private static RunSpec with(RunSpec spec, UnaryOperator<Outputs> change) {
    return spec.withOutputs(change.apply(spec.outputs()));
  }

  @Test
  void anHlogThatDoesNotFitFailsNamingItAndLeavesNoFile() throws Exception {
    Path hlog = results.resolve("run.hlog");
    RunSpec spec =
        workloadFile("a")
            .binding("basic")
            .threads(2)
            .operationCount(1000)
            .target(2000)
            .property("status.interval", "0.1")
            .spec(Phase.RUN);
    HlogWriter writer = new HlogWriter(hlog);
    new Runner(spec, QUIET, writer).run();
    assertThatThrownBy(writer::close)
        .isInstanceOf(IOException.class)
        .hasMessage("cannot write /results/run.hlog: " + FULL);
    assertThat(left()).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(ReportFormat.class)
  void anExportFileThatDoesNotFitFailsTheLaunchNamingItAndLeavesNoFile(ReportFormat format)
      throws Exception {
    RunSpec spec =
        with(smallRun(), o -> o.withFormat(format).withExportFile(results.resolve("report.txt")));
    Launcher launcher = new Launcher(spec, QUIET, null);
    assertThatThrownBy(launcher::launch)
        .isInstanceOf(IOException.class)
        .hasMessage("cannot write /results/report.txt: " + FULL);
    assertThat(left()).isEmpty();
  }

  @Test
  void aJsonResultThatDoesNotFitFailsTheLaunchNamingItAndLeavesNoFile() throws Exception {
    RunSpec spec = with(smallRun(), o -> o.withJsonFile(results.resolve("run.json")));
    Launcher launcher = new Launcher(spec, QUIET, null);
    assertThatThrownBy(launcher::launch)
        .isInstanceOf(IOException.class)
        .hasMessage("cannot write /results/run.json: " + FULL);
    assertThat(left()).isEmpty();
  }

  /**
   * One failed output does not cost the others their chance, and the one line names every file that
   * failed.
   */
  @Test
  void everyOutputIsTriedAndEachOneThatDoesNotFitIsNamed() throws Exception {
    Path report = realDir.resolve("report.txt");
    RunSpec spec =
        with(
            workloadFile("a")
                .binding("basic")
                .threads(2)
                .operationCount(1000)
                .target(2000)
                .property("status.interval", "0.1")
                .spec(Phase.RUN),
            o ->
                o.withExportFile(report)
                    .withHlogFile(results.resolve("run.hlog"))
                    .withJsonFile(results.resolve("run.json")));
    Launcher launcher = new Launcher(spec, QUIET, null);
    assertThatThrownBy(launcher::launch)
        .isInstanceOf(IOException.class)
        .hasMessage(
            "cannot write /results/run.hlog: "
                + FULL
                + "; cannot write /results/run.json: "
                + FULL);
    assertThat(left()).isEmpty();
    assertThat(Files.readAllLines(report)).anyMatch(l -> l.startsWith("[OVERALL], RunTime(ms), "));
  }

  private MergedRun mergedShards() throws IOException {
    List<Path> logs = new java.util.ArrayList<>();
    for (int shard = 0; shard < 2; shard++) {
      Path log = realDir.resolve("shard" + shard + ".hlog");
      workloadFile("a")
          .binding("basic")
          .threads(2)
          .operationCount(2000)
          .target(4000)
          .seed(7)
          .property("status.interval", "0.1")
          .property("hbload.shard", shard + "/2")
          .hlog(log)
          .run();
      logs.add(log);
    }
    return HlogMerge.merge(logs);
  }

  @Test
  void mergedOutputsThatDoNotFitFailNamingThemAndLeaveNoFile() throws Exception {
    MergedRun merged = mergedShards();
    Path hlog = results.resolve("merged.hlog");
    assertThatThrownBy(() -> ResultFiles.write(hlog, merged::writeHlog))
        .isInstanceOf(IOException.class)
        .hasMessage("cannot write /results/merged.hlog: " + FULL);
    // merge -o: the report through a PrintStream, as the merge command writes it
    RunResult r = merged.result();
    Path report = results.resolve("merged.txt");
    assertThatThrownBy(
            () ->
                ResultFiles.write(
                    report,
                    out ->
                        ReportWriter.write(
                            YcsbReport.records(r),
                            r.spec().outputs().format(),
                            new PrintStream(out, true, StandardCharsets.UTF_8))))
        .isInstanceOf(IOException.class)
        .hasMessage("cannot write /results/merged.txt: " + FULL);
    assertThat(left()).isEmpty();
  }

  /**
   * The same merged hlog on a disk with room: the failure above is the disk's, not the writer's.
   */
  @Test
  void theMergedHlogIsWrittenWhereItFits() throws Exception {
    MergedRun merged = mergedShards();
    Path hlog = realDir.resolve("merged.hlog");
    ResultFiles.write(hlog, merged::writeHlog);
    assertThat(Files.size(hlog)).isGreaterThan(512);
    try (Stream<Path> files = Files.list(realDir)) {
      assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".partial"));
    }
  }

  @Test
  void aSuiteManifestThatDoesNotFitFailsNamingItAndLeavesNoFile() {
    String plan = "workloads a,b,c,d,e,f; rounds 3; ".repeat(30);
    assertThatThrownBy(() -> SuiteManifest.create(results, plan))
        .isInstanceOf(IOException.class)
        .hasMessage("cannot write /results/suite.manifest: " + FULL);
    assertThat(results.resolve(SuiteManifest.FILE)).doesNotExist();
  }

  /**
   * A directory whose permission bits allow a write that the file system refuses (here /proc, where
   * even root creates no file) is found before the run by the launcher, which creates every
   * result's temp file before it starts.
   */
  @Test
  void anOutputThatCannotBeCreatedIsFoundBeforeTheRun() throws Exception {
    Path json = Path.of("/proc/hbload-result.json");
    RunSpec spec = with(smallRun(), o -> o.withJsonFile(json));
    assertThatThrownBy(() -> new Launcher(spec, QUIET, null))
        .isInstanceOf(SpecException.class)
        .hasMessageStartingWith("cannot write /proc/hbload-result.json: ");
  }

  /**
   * The outputs created before the one that cannot be are removed again: bad output leaves no temp
   * file behind.
   */
  @Test
  void anOutputThatCannotBeCreatedLeavesNoTempFileOfTheOthers() throws Exception {
    Path export = results.resolve("report.txt");
    Path json = results.resolve("result.json");
    RunSpec spec =
        with(
            smallRun(),
            o ->
                o.withExportFile(export)
                    .withJsonFile(json)
                    .withHlogFile(Path.of("/proc/hbload-result.hlog")));
    assertThatThrownBy(() -> new Launcher(spec, QUIET, null))
        .isInstanceOf(SpecException.class)
        .hasMessageStartingWith("cannot write /proc/hbload-result.hlog: ");
    assertThat(left()).isEmpty();
  }
}
