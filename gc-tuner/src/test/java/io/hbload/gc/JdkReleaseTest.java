package io.hbload.gc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.gc.jdk.FlagStatus;
import io.hbload.gc.jdk.FlagTable;
import io.hbload.gc.jdk.JavaVersionProbe;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JdkReleaseTest {
  @Test
  void parsesVerifiedReleasesOnly() {
    assertThat(JdkRelease.parse("1.8").feature()).isEqualTo(8);
    for (int f : JdkRelease.VERIFIED) {
      assertThat(JdkRelease.parse(Integer.toString(f)).feature()).isEqualTo(f);
    }
    assertThatThrownBy(() -> JdkRelease.parse("9"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("unknown JDK '9'"); // the value only: the CLI adds the option name
    assertThatThrownBy(() -> JdkRelease.parse("banana"))
        .hasMessageContaining("unknown JDK 'banana'");
    assertThatThrownBy(() -> JdkRelease.of(7)).hasMessageContaining("not supported");
  }

  @Test
  void behaviourThresholds() {
    assertThat(JdkRelease.of(8).hasUnifiedLogging()).isFalse();
    assertThat(JdkRelease.of(11).hasUnifiedLogging()).isTrue();
    assertThat(JdkRelease.of(8).g1DefaultsParallelRefProc()).isFalse();
    assertThat(JdkRelease.of(11).g1DefaultsParallelRefProc()).isTrue();
    assertThat(JdkRelease.of(17).maxRegionSizeBytes()).isEqualTo(32L << 20);
    assertThat(JdkRelease.of(21).maxRegionSizeBytes()).isEqualTo(512L << 20);
  }

  @Test
  void flagTableMatchesVerifiedStatus() {
    for (int f : JdkRelease.VERIFIED) {
      JdkRelease j = JdkRelease.of(f);
      assertThat(FlagTable.status(j, "G1NewSizePercent")).isEqualTo(FlagStatus.EXPERIMENTAL);
      assertThat(FlagTable.accepts(j, "PrintGCTimeStamps")).isEqualTo(f == 8);
      assertThat(FlagTable.accepts(j, "PrintAdaptiveSizePolicy")).isEqualTo(f == 8);
      assertThat(FlagTable.accepts(j, "G1UseAdaptiveIHOP")).isEqualTo(f != 8);
      assertThat(FlagTable.accepts(j, "NoSuchFlagEver")).isFalse();
    }
    // releases between verified ones take the status of the one below
    assertThat(FlagTable.accepts(JdkRelease.of(22), "PrintGCTimeStamps")).isFalse();
  }

  @Test
  void readsVersionOutputOfEachVendorStyle() {
    Path java = Path.of("java");
    assertThat(
            JavaVersionProbe.parseVersionOutput(java, "openjdk version \"17.0.15\" 2025-04-15")
                .feature())
        .isEqualTo(17);
    assertThat(JavaVersionProbe.parseVersionOutput(java, "java version \"1.8.0_392\"").feature())
        .isEqualTo(8);
    assertThat(
            JavaVersionProbe.parseVersionOutput(java, "openjdk version \"25\" 2025-09-16")
                .feature())
        .isEqualTo(25);
    assertThatThrownBy(() -> JavaVersionProbe.parseVersionOutput(java, "hello"))
        .hasMessageContaining("no version");
  }

  @Test
  void aDirectoryIsNotAJava(@TempDir Path dir) {
    assertThatThrownBy(() -> JavaVersionProbe.probe(dir))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("--java: " + dir + " is not an executable file");
  }
}
