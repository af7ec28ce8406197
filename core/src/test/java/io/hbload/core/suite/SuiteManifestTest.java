package io.hbload.core.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.config.SpecException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A suite's manifest as the suite writes it, read back; then damaged, which is bad input naming the
 * file.
 */
class SuiteManifestTest {
  @TempDir Path dir;

  @Test
  void aWrittenManifestReadsBack() throws Exception {
    SuiteManifest m = SuiteManifest.create(dir, "plan-1");
    m.markLoaded();
    m.markDone(1, "a", new CacheCounts(1, 2, 3, 4, 5, 6));
    SuiteManifest back = SuiteManifest.read(dir, "plan-1");
    assertThat(back.loaded()).isTrue();
    assertThat(back.done(1, "a")).isTrue();
    assertThat(back.cache(1, "a")).isEqualTo(new CacheCounts(1, 2, 3, 4, 5, 6));
  }

  @Test
  void aBinaryOrEndlessManifestIsBadInput() throws Exception {
    SuiteManifest.create(dir, "plan-1").markLoaded();
    Path file = dir.resolve(SuiteManifest.FILE);
    byte[] good = Files.readAllBytes(file);
    byte[] damaged =
        java.util.Arrays.copyOf(
            good, good.length + 8); // NUL bytes at the end, as a torn write leaves
    Files.write(file, damaged);
    assertThatThrownBy(() -> SuiteManifest.read(dir, "plan-1"))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("a NUL character");
    Files.writeString(file, "hbload-suite 1\nplan plan-1\n" + "x".repeat(1 << 20));
    assertThatThrownBy(() -> SuiteManifest.read(dir, "plan-1"))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("line 3: longer than");
  }
}
