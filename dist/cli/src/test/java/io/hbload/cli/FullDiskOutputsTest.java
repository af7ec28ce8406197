package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import io.hbload.core.export.ResultOutputs;
import io.hbload.hdfs.report.DfsioReport;
import io.hbload.hdfs.report.RunResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The command line's own result writers on a disk that fills up (a Jimfs file system of 2 KiB, as
 * core's FullDiskTest does for the engine's): the dfsio result log and the HTML report fail naming
 * the file and the cause, and leave no file, or the log as it was, under the final name.
 */
class FullDiskOutputsTest {
  private static final String FULL = "out of disk space"; // Jimfs's ENOSPC
  private FileSystem disk;

  @BeforeEach
  void fillableDisk() {
    disk =
        Jimfs.newFileSystem(
            Configuration.unix().toBuilder().setBlockSize(256).setMaxSize(2048).build());
  }

  @AfterEach
  void closeDisk() throws IOException {
    disk.close();
  }

  private static RunResult pass(String phase) {
    return new RunResult(
        phase,
        "REPLICATION x3",
        "none",
        "embedded HDFS",
        Instant.parse("2026-11-25T00:00:00Z"),
        4,
        4L << 20,
        2_000_000_000L,
        2.0,
        2.1,
        0.1,
        0.5,
        0,
        0,
        0,
        0,
        0,
        0,
        0.5,
        0.6,
        Optional.empty());
  }

  @Test
  void aDfsioResultLogThatDoesNotFitFailsNamingItAndKeepsTheLogAsItWas() throws Exception {
    Path log = disk.getPath("/TestDFSIO_results.log");
    DfsioOptions.Run options = new DfsioOptions.Run();
    options.resultLog = log;
    StringWriter out = new StringWriter();
    try (ResultOutputs reserved = ResultOutputs.reserve(log)) {
      DfsioReport.publish(
          List.of(pass("write")),
          DfsioReport.Format.TEXT,
          options.resultLog(reserved),
          new PrintWriter(out));
    }
    String before = Files.readString(log);
    assertThat(before).contains("----- TestDFSIO ----- : write");
    // one more block per pass until the 2 KiB disk cannot hold the log and its replacement
    List<RunResult> many = Collections.nCopies(8, pass("read"));
    ResultOutputs second = ResultOutputs.reserve(log);
    assertThatThrownBy(
            () ->
                DfsioReport.publish(
                    many,
                    DfsioReport.Format.TEXT,
                    options.resultLog(second),
                    new PrintWriter(new StringWriter())))
        .isInstanceOf(IOException.class)
        .hasMessageContaining(log.toString())
        .hasMessageContaining(FULL);
    assertThat(Files.readString(log)).isEqualTo(before);
    try (var files = Files.list(disk.getPath("/"))) {
      // no temp file left either (Jimfs's own /work directory aside)
      assertThat(files.filter(Files::isRegularFile).map(Path::toString))
          .containsExactly(log.toString());
    }
  }

  @Test
  void anHtmlReportThatDoesNotFitFailsNamingItAndLeavesNoFile() throws IOException {
    HtmlOption html = new HtmlOption();
    html.file = disk.getPath("/dfsio.html");
    html.check(null); // creates the temp file, as a command does before its passes
    assertThatThrownBy(() -> html.writeDfsio(List.of(pass("write"), pass("read"))))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("/dfsio.html")
        .hasMessageContaining(FULL);
    assertThat(Files.exists(html.file)).isFalse();
    html.close();
    try (var files = Files.list(disk.getPath("/"))) {
      assertThat(files.filter(Files::isRegularFile)).as("no temp file").isEmpty();
    }
  }
}
