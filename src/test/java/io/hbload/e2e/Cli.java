package io.hbload.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the built distribution as a user would: a separate JVM on hbload.jar, or the tarball's launcher. */
final class Cli {
  static final Path JAR = Path.of(System.getProperty("hbload.jar", "dist/package/target/hbload.jar"));
  static final Path ROOT = Path.of(System.getProperty("hbload.root", "."));

  record Result(int code, String out, String err) {
    List<String> outLines() {
      return out.lines().toList();
    }

    List<String> errLines() {
      return err.lines().toList();
    }
  }

  static List<String> javaJar(String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx1g");
    cmd.add("-jar");
    cmd.add(JAR.toString());
    cmd.addAll(List.of(args));
    return cmd;
  }

  static Result run(List<String> command, Path workDir, long timeoutSeconds) throws IOException, InterruptedException {
    Path out = Files.createTempFile("hbload-out", ".txt");
    Path err = Files.createTempFile("hbload-err", ".txt");
    try {
      Process p = new ProcessBuilder(command).directory(workDir.toFile()).redirectOutput(out.toFile())
          .redirectError(err.toFile()).start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("timed out: " + command + "\nstderr: " + Files.readString(err));
      }
      return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  private Cli() {
  }
}
