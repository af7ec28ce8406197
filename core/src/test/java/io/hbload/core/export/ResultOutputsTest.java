package io.hbload.core.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import io.hbload.core.config.SpecException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The outputs of a command created before its work: found unusable then (bad input), written by
 * name at the end, their temp files gone when not written, an appended log as it is at the end.
 */
class ResultOutputsTest {
  private FileSystem disk;
  private Path dir;

  @BeforeEach
  void disk() throws IOException {
    disk =
        Jimfs.newFileSystem(
            Configuration.unix().toBuilder().setBlockSize(256).setMaxSize(1024).build());
    dir = Files.createDirectories(disk.getPath("/out"));
  }

  @AfterEach
  void close() throws IOException {
    disk.close();
  }

  private Stream<String> names() throws IOException {
    return Files.list(dir).map(p -> p.getFileName().toString()).toList().stream();
  }

  @Test
  void eachTempFileExistsBeforeTheWorkAndOnlyWrittenOnesArePublished() throws Exception {
    Path a = dir.resolve("a.json");
    Path b = dir.resolve("b.html");
    try (ResultOutputs outputs = ResultOutputs.reserve(a, null, b)) {
      assertThat(names()).hasSize(2).allMatch(n -> n.startsWith(".") && n.endsWith(".partial"));
      assertThat(Files.list(dir)).allMatch(ResultFile::isTemp);
      outputs.write(a, out -> out.write("{}".getBytes(StandardCharsets.UTF_8)));
      assertThat(outputs.holds(a)).isFalse();
      assertThat(outputs.holds(b)).isTrue();
    }
    assertThat(names()).containsExactly("a.json");
    assertThat(Files.readString(a)).isEqualTo("{}");
  }

  @Test
  void anOutputThatCannotBeCreatedIsBadInputAndLeavesNoTempFileOfTheOthers() throws Exception {
    Path a = dir.resolve("a.json");
    Path missing = disk.getPath("/nowhere/b.json");
    assertThatThrownBy(() -> ResultOutputs.reserve(a, missing))
        .isInstanceOf(SpecException.class)
        .hasMessage("cannot write /nowhere/b.json: no such file or directory");
    assertThat(names()).isEmpty();
  }

  @Test
  void aWriteThatDoesNotFitFailsNamingTheFileAndLeavesNothing() throws Exception {
    Path a = dir.resolve("a.txt");
    try (ResultOutputs outputs = ResultOutputs.reserve(a)) {
      assertThatThrownBy(() -> outputs.write(a, out -> out.write(new byte[4096])))
          .isInstanceOf(IOException.class)
          .hasMessage("cannot write /out/a.txt: out of disk space");
    }
    assertThat(names()).isEmpty();
  }

  /**
   * An appended log reserved before a run gets what the log holds at the end of the run, not when
   * it was reserved: another run may have appended in between.
   */
  @Test
  void anAppendedLogIsReadWhenWrittenNotWhenReserved() throws Exception {
    Path log = dir.resolve("results.log");
    Files.writeString(log, "one\n");
    try (ResultOutputs outputs = ResultOutputs.reserve(log)) {
      Files.writeString(log, "one\ntwo\n");
      outputs.append(log, out -> out.write("three\n".getBytes(StandardCharsets.UTF_8)));
    }
    assertThat(Files.readString(log)).isEqualTo("one\ntwo\nthree\n");
    assertThat(names()).containsExactly("results.log");
  }
}
