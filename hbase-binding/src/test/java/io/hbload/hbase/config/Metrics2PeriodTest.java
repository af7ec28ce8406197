package io.hbload.hbase.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The metrics2 period read as Hadoop reads it: the prefix's key before {@code *}'s, milliseconds
 * before seconds, the hbase file before the general one, 10 s without either.
 */
class Metrics2PeriodTest {
  @Test
  void thePeriodIsReadInMetrics2sOrder() {
    assertThat(Metrics2Period.millis(props())).isEqualTo(-1);
    assertThat(Metrics2Period.millis(props("*.period", "1"))).isEqualTo(1000);
    assertThat(Metrics2Period.millis(props("*.period", "1", "hbase.period", "3"))).isEqualTo(3000);
    assertThat(Metrics2Period.millis(props("hbase.period", "3", "*.period.millis", "200")))
        .isEqualTo(200);
    assertThat(Metrics2Period.millis(props("*.period.millis", "200", "hbase.period.millis", "700")))
        .isEqualTo(700);
    assertThat(Metrics2Period.millis(props("*.period", "soon"))).isEqualTo(-1);
    assertThat(Metrics2Period.millis(props("*.period", "0"))).isEqualTo(-1);
  }

  @Test
  void theClassPathsFileForHBaseComesFirstAndHadoopsDefaultWithoutOne(@TempDir Path dir)
      throws Exception {
    try (URLClassLoader none = loader(dir)) {
      Metrics2Period p = Metrics2Period.onClassPath(none);
      assertThat(p.millis()).isEqualTo(10_000);
      assertThat(p.source())
          .isEqualTo("Hadoop uses when no file on this JVM's class path sets one");
    }
    Files.writeString(dir.resolve("hadoop-metrics2.properties"), "*.period=4\n");
    try (URLClassLoader general = loader(dir)) {
      assertThat(Metrics2Period.onClassPath(general).millis()).isEqualTo(4_000);
    }
    Files.writeString(dir.resolve("hadoop-metrics2-hbase.properties"), "*.period=1\n");
    try (URLClassLoader hbase = loader(dir)) {
      Metrics2Period p = Metrics2Period.onClassPath(hbase);
      assertThat(p.millis()).isEqualTo(1_000);
      assertThat(p.source())
          .isEqualTo("that hadoop-metrics2-hbase.properties on this JVM's class path sets");
    }
  }

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  /** A class loader that sees only {@code dir}. */
  private static URLClassLoader loader(Path dir) throws Exception {
    return new URLClassLoader(new URL[] {dir.toUri().toURL()}, null);
  }
}
