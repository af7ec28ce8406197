package io.hbload.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code -P} file that is not a workload file (endless, huge, binary) is bad input in one line,
 * never an OutOfMemoryError: before issue 22, {@code run -P /dev/zero} died with one.
 */
class PropertySourcesTest {
  @TempDir Path dir;

  @Test
  void anEndlessFileIsBadInput() {
    Path zero = Path.of("/dev/zero");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(zero), "no /dev/zero");
    assertThatThrownBy(() -> new PropertySources().file(zero))
        .isInstanceOf(SpecException.class)
        .hasMessage("workload file /dev/zero: larger than 1 MiB, not a workload file");
  }

  @Test
  void aBinaryFileIsBadInput() throws Exception {
    Path bin = Files.write(dir.resolve("w.bin"), new byte[] {'a', '=', 0, '1', '\n'});
    assertThatThrownBy(() -> new PropertySources().file(bin))
        .isInstanceOf(SpecException.class)
        .hasMessageEndingWith("holds a NUL byte: a binary file, not a workload file");
  }

  @Test
  void aHugeFileIsBadInputAndAWorkloadFileIsRead() throws Exception {
    Path huge = dir.resolve("huge");
    Files.write(huge, new byte[PropertySources.MAX_FILE_BYTES + 1]);
    assertThatThrownBy(() -> new PropertySources().file(huge))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("larger than 1 MiB");
    Path good =
        Files.writeString(
            dir.resolve("w"), "recordcount=10\nfieldcount=2\n", StandardCharsets.ISO_8859_1);
    assertThat(new PropertySources().file(good).sourceNames()).containsExactly(good.toString());
  }
}
