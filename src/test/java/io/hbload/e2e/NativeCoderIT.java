package io.hbload.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ISA-L coder inside the built hbload.jar: the JNI library and the real libisal.so.2 travel
 * together, the JNI library resolves libisal beside itself ({@code $ORIGIN}), and a JVM on the jar
 * maps that copy even though this machine has the system's libisal2 installed. Children run with
 * LD_LIBRARY_PATH unset, so only the run path can point the dynamic linker at the extracted
 * directory.
 */
class NativeCoderIT {
  private static final String DIR = "native/linux-x86_64/";
  private static final String JNI = "libhbload-isal.so";
  private static final String[] TINY_BENCH = {
    "dfsio",
    "coder-bench",
    "--k",
    "2",
    "--p",
    "1",
    "--cell",
    "4k",
    "--working-set",
    "64k",
    "--seconds",
    "0.02"
  };

  @TempDir Path dir;

  @Test
  void jar_carries_the_jni_library_and_the_libisal_it_was_linked_against() throws IOException {
    List<String> names = requireNativeInJar();
    assertThat(names).contains(DIR + JNI, DIR + "libisal.so.2");
    if (Files.exists(Path.of("/usr/share/doc/libisal2/copyright"))) {
      assertThat(names).contains(DIR + "libisal.so.2.LICENSE");
    }
  }

  @Test
  void extracted_jni_library_resolves_libisal_from_its_own_directory() throws Exception {
    requireNativeInJar();
    Path lib = Files.createDirectory(dir.resolve("native"));
    extractNative(lib);
    Cli.Result readelf = exec(List.of("readelf", "-d", lib.resolve(JNI).toString()));
    assertThat(readelf.outLines())
        .anyMatch(l -> l.contains("(NEEDED)") && l.contains("[libisal.so.2]"))
        .anyMatch(
            l ->
                (l.contains("(RPATH)") || l.contains("(RUNPATH)"))
                    && l.strip().endsWith("[$ORIGIN]"));
    Cli.Result ldd = exec(List.of("ldd", lib.resolve(JNI).toString()));
    assertThat(ldd.outLines().stream().map(String::strip).filter(l -> l.startsWith("libisal")))
        .singleElement()
        .asString()
        .startsWith("libisal.so.2 => " + lib.resolve("libisal.so.2") + " (0x");
    assertThat(ldd.out()).doesNotContain("not found");
  }

  @Test
  void a_jvm_on_the_jar_maps_the_bundled_libisal_and_no_other() throws Exception {
    requireNativeInJar();
    Path probeClasses =
        Path.of(NativeProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Cli.Result r =
        exec(List.of(java(), "-cp", Cli.JAR + ":" + probeClasses, NativeProbe.class.getName()));
    String extracted =
        r.outLines().stream()
            .filter(l -> l.startsWith("dir="))
            .findFirst()
            .orElseThrow()
            .substring("dir=".length());
    assertThat(r.outLines()).as(r.out()).contains("status=rs_isal loaded from " + extracted);
    assertThat(Path.of(extracted).getFileName().toString()).startsWith("hbload-isal");
    assertThat(r.outLines().stream().filter(l -> l.startsWith("mapped=")))
        .containsExactly("mapped=" + extracted + "/libisal.so.2");
  }

  @Test
  void dfsio_coder_bench_on_the_jar_runs_rs_isal_and_says_so() throws Exception {
    requireNativeInJar();
    Cli.Result r = exec(command(List.of(), TINY_BENCH));
    assertThat(r.outLines()).anyMatch(l -> l.startsWith("ISA-L coder: rs_isal loaded from "));
    assertThat(r.out()).contains("rs_isal    direct").contains("all coders agree");
  }

  @Test
  void with_the_systems_libisal_hidden_a_jvm_on_the_jar_still_loads_rs_isal() throws Exception {
    requireNativeInJar();
    Path system = Path.of("/usr/lib/x86_64-linux-gnu/libisal.so.2");
    assumeTrue(Files.exists(system), "no system libisal.so.2 to hide");
    assumeTrue(
        run(List.of("unshare", "--mount", "--propagation", "private", "true")).code() == 0,
        "cannot hide the system's libisal: unshare --mount is not permitted here");
    // /dev/null over the system's libisal in a private mount namespace: this child only, nothing
    // else sees it
    List<String> hidden =
        new ArrayList<>(
            List.of(
                "unshare",
                "--mount",
                "--propagation",
                "private",
                "sh",
                "-c",
                "mount --bind /dev/null \"$0\" || exit 99; [ -s \"$0\" ] && exit 98; exec \"$@\"",
                system.toRealPath().toString()));
    hidden.addAll(command(List.of(), TINY_BENCH));
    Cli.Result r = run(hidden);
    assumeTrue(r.code() != 99, "cannot hide the system's libisal: " + r.err());
    assertThat(r.code()).as("%s%nstderr: %s", hidden, r.err()).isZero();
    assertThat(r.outLines()).anyMatch(l -> l.startsWith("ISA-L coder: rs_isal loaded from "));
    assertThat(r.out()).contains("rs_isal    direct").contains("all coders agree");
  }

  @Test
  void without_its_library_the_jar_says_why_on_every_run_and_uses_rs_java() throws Exception {
    Cli.Result r =
        exec(command(List.of("-Dhbload.isal.library=/nonexistent/libhbload-isal.so"), TINY_BENCH));
    assertThat(r.outLines())
        .contains(
            "ISA-L coder: rs_isal unavailable: UnsatisfiedLinkError: Can't load library: /nonexistent/libhbload-isal.so");
    assertThat(r.out()).contains("rs_java    direct").doesNotContain("rs_isal    direct");
  }

  /**
   * The jar's native entries; skips only when the build could not compile the coder (the property
   * {@code hbload.isal.required} says whether it did), fails when it did and the jar lost it.
   */
  private static List<String> requireNativeInJar() throws IOException {
    List<String> names = new ArrayList<>();
    try (JarFile jar = new JarFile(Cli.JAR.toFile())) {
      jar.stream()
          .map(JarEntry::getName)
          .filter(n -> n.startsWith(DIR) && !n.equals(DIR))
          .forEach(names::add);
    }
    if (names.isEmpty()) {
      assertThat(Boolean.getBoolean("hbload.isal.required"))
          .as("hdfs-io built the native coder but %s has no %s", Cli.JAR, DIR)
          .isFalse();
      assumeTrue(
          false,
          Cli.JAR
              + " has no "
              + DIR
              + ": this machine could not build the native coder; "
              + "run 'sh hdfs-io/setup-native.sh' and rebuild");
    }
    return names;
  }

  private static void extractNative(Path target) throws IOException {
    try (JarFile jar = new JarFile(Cli.JAR.toFile())) {
      for (JarEntry e :
          jar.stream().filter(e -> e.getName().startsWith(DIR) && !e.isDirectory()).toList()) {
        try (InputStream in = jar.getInputStream(e)) {
          Files.copy(in, target.resolve(e.getName().substring(DIR.length())));
        }
      }
    }
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static List<String> command(List<String> jvmOptions, String... args) {
    List<String> cmd = new ArrayList<>(List.of(java(), "-Xmx512m"));
    cmd.addAll(jvmOptions);
    cmd.addAll(List.of("-jar", Cli.JAR.toString()));
    cmd.addAll(List.of(args));
    return cmd;
  }

  /** Runs to exit 0 with LD_LIBRARY_PATH removed from the environment. */
  private Cli.Result exec(List<String> command) throws IOException, InterruptedException {
    Cli.Result r = run(command);
    assertThat(r.code()).as("%s%nstderr: %s", command, r.err()).isZero();
    return r;
  }

  /** Runs with LD_LIBRARY_PATH removed from the environment. */
  private Cli.Result run(List<String> command) throws IOException, InterruptedException {
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
    builder.environment().remove("LD_LIBRARY_PATH");
    Process p = builder.start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("timed out: " + command);
    }
    return new Cli.Result(p.exitValue(), Files.readString(out), Files.readString(err));
  }
}
