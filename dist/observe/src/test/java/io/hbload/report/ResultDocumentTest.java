package io.hbload.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.config.SpecException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's inputs read back from the fixed run of {@link HtmlReportTest}, then damaged: what is
 * not hbload's result, or not the result of the run whose log comes with it, is bad input naming
 * the file, never a page.
 */
class ResultDocumentTest {
  @TempDir Path dir;

  private String fixture() throws Exception {
    return Files.readString(HtmlReportTest.JSON);
  }

  private Path write(String name, String text) throws Exception {
    return Files.writeString(dir.resolve(name), text);
  }

  private static void assertBad(Path json, List<Path> hlogs, String message) {
    assertThatThrownBy(() -> RunInput.read(json, hlogs, false))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining(message);
  }

  @Test
  void theFixtureAndItsLogAreOneRun() throws Exception {
    RunInput run = RunInput.read(HtmlReportTest.JSON, List.of(HtmlReportTest.HLOG), false);
    assertThat(run.intervals()).isNotEmpty();
  }

  @Test
  void aDocumentOfAnotherShapeIsBadInput() throws Exception {
    String json = fixture();
    assertBad(
        write("nomeasure.json", json.replace("\"measurements\"", "\"m\"")),
        List.of(),
        "'measurements' is not an array");
    assertBad(
        write(
            "nan.json",
            json.replaceFirst(
                "\"throughputOpsPerSec\":\\s*[0-9.eE+-]+", "\"throughputOpsPerSec\": \"NaN\"")),
        List.of(),
        "'throughputOpsPerSec' is not a finite number");
    assertBad(
        write(
            "time.json",
            json.replaceFirst("\"startTime\":\\s*\"[^\"]+\"", "\"startTime\": \"yesterday\"")),
        List.of(),
        "'startTime' is not an ISO-8601 instant");
    assertBad(
        write("ops.json", json.replaceFirst("\"operations\":\\s*[0-9]+", "\"operations\": -4")),
        List.of(),
        "'operations' is not a count");
    assertBad(write("other.json", "{\"tool\":\"ycsb\"}"), List.of(), "not an hbload JSON result");
  }

  @Test
  void aLogOfAnotherRunIsBadInput() throws Exception {
    String json = fixture();
    String start = json.replaceFirst("(?s).*?\"startTime\":\\s*\"([^\"]+)\".*", "$1");
    String later = java.time.Instant.parse(start).plusSeconds(60).toString();
    Path other = write("later.json", json.replace(start, later));
    assertBad(other, List.of(HtmlReportTest.HLOG), "not the log of " + other);
  }

  @Test
  void hugeDeepOrBinaryInputIsOneLineNotAnError() throws Exception {
    Path huge = dir.resolve("huge.json");
    try (RandomAccessFile f = new RandomAccessFile(huge.toFile(), "rw")) {
      f.setLength(ResultDocument.MAX_BYTES + 1); // sparse: costs no disk
    }
    assertBad(huge, List.of(), "too large for an hbload JSON result");
    assertBad(
        write("deep.json", "{\"a\":".repeat(100_000) + "1" + "}".repeat(100_000)),
        List.of(),
        "nested deeper than 32 levels");
    Path binary = Files.write(dir.resolve("bin.json"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
    assertBad(binary, List.of(), "not JSON");
    Path devZero = Path.of("/dev/zero");
    if (Files.exists(devZero)) {
      assertBad(devZero, List.of(), "not a regular file");
    }
  }
}
