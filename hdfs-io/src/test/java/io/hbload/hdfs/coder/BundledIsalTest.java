package io.hbload.hdfs.coder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The JNI library as the build packages it and {@link IsalLibrary} extracts it: run path {@code
 * $ORIGIN}, the bundled libisal.so.2 beside it in the extracted directory, and the dynamic linker
 * resolving libisal from there rather than from the system's libisal2, which is installed on this
 * machine (so a wrong path would show).
 */
class BundledIsalTest {
  private Path dir;

  @BeforeEach
  void loaded() {
    IsalAssumptions.requireIsal();
    assumeTrue(
        System.getProperty(IsalLibrary.PATH_PROPERTY) == null,
        "an explicit library is not extracted");
    dir = IsalLibrary.directory().orElseThrow();
  }

  @Test
  void both_files_are_extracted_into_one_fresh_directory() {
    assertThat(dir.getFileName().toString()).startsWith("hbload-isal");
    assertThat(dir.getParent()).isEqualTo(Path.of(System.getProperty("java.io.tmpdir")));
    assertThat(dir.resolve(IsalLibrary.JNI_LIBRARY)).isRegularFile();
    assertThat(dir.resolve(IsalLibrary.ISAL_LIBRARY)).isRegularFile();
    assertThat(IsalLibrary.status()).isEqualTo("rs_isal loaded from " + dir);
  }

  @Test
  void jni_library_has_run_path_origin() throws Exception {
    List<String> dynamic = tool("readelf", "-d", dir.resolve(IsalLibrary.JNI_LIBRARY).toString());
    assertThat(dynamic).anyMatch(l -> l.contains("(NEEDED)") && l.contains("[libisal.so.2]"));
    assertThat(dynamic)
        .anyMatch(
            l -> (l.contains("(RPATH)") || l.contains("(RUNPATH)")) && l.endsWith("[$ORIGIN]"));
  }

  @Test
  void ldd_resolves_libisal_to_the_extracted_directory() throws Exception {
    List<String> libs = tool("ldd", dir.resolve(IsalLibrary.JNI_LIBRARY).toString());
    assertThat(libs)
        .filteredOn(l -> l.contains("libisal"))
        .containsExactly("libisal.so.2 => " + dir.resolve("libisal.so.2"));
  }

  @Test
  void this_jvm_mapped_the_extracted_libisal_and_no_other() throws IOException {
    // what the dynamic linker actually did for this process, not what ldd predicts
    List<String> mapped =
        Files.readAllLines(Path.of("/proc/self/maps")).stream()
            .filter(l -> l.contains("libisal"))
            .map(l -> l.substring(l.indexOf('/')))
            .distinct()
            .toList();
    assertThat(mapped).containsExactly(dir.resolve("libisal.so.2").toString());
  }

  @Test
  void isal_license_travels_with_the_library() {
    assumeTrue(
        Files.exists(Path.of("/usr/share/doc/libisal2/copyright")),
        "Debian's libisal2 copyright absent");
    assertThat(IsalLibrary.class.getResource(IsalLibrary.RESOURCE_DIR + "libisal.so.2.LICENSE"))
        .isNotNull();
  }

  /**
   * Runs a binutils/libc tool with LD_LIBRARY_PATH removed, so only the run path can point at the
   * directory.
   */
  static List<String> tool(String... command) throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().remove("LD_LIBRARY_PATH");
    Process p = builder.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    // ldd ends each line with the load address, "(0x...)": not part of what is compared
    return out.lines().map(l -> l.replaceAll("\\(0x[0-9a-f]+\\)$", "").strip()).toList();
  }
}
