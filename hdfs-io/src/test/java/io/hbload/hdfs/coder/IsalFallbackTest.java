package io.hbload.hdfs.coder;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Without the JNI library the coder reports itself unavailable, {@code auto} falls back to rs_java
 * with exactly one warning line, and Hadoop skips rs_isal even when configured first. Runs in a
 * child JVM pointed at a library file that does not exist (the library loads once per JVM).
 */
class IsalFallbackTest {
  @Test
  void missing_library_falls_back_to_java_with_one_warning() throws Exception {
    String java =
        System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
    Process child =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                "-Dhbload.isal.library=/nonexistent/libhbload-isal.so",
                FallbackProbe.class.getName())
            .redirectErrorStream(true)
            .start();
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(child.exitValue()).as(output).isZero();
    List<String> lines = output.lines().toList();
    assertThat(lines).contains("available=false", "inUse=rs_java");
    assertThat(lines)
        .anyMatch(
            l -> l.startsWith("rawcoders=") && l.endsWith("rs_java") && !l.contains("rs_isal"));
    assertThat(lines.stream().filter(l -> l.startsWith("warning=")))
        .singleElement()
        .asString()
        .contains("no ISA-L coder")
        .contains("/nonexistent/libhbload-isal.so")
        .contains("rs_java");
  }
}
