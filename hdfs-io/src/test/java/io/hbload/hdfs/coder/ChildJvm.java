package io.hbload.hdfs.coder;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a test class's {@code main} in a fresh JVM on this JVM's class path. For cases whose failure
 * mode is a native crash (SIGSEGV, glibc abort): in the test JVM that would take every other test
 * down with it, here it is an exit code and output the test can assert on. The crash report goes to
 * the temp directory, not the module.
 */
final class ChildJvm {
  /** What the child printed (stdout and stderr interleaved) and how it ended. */
  record Result(int exit, String output) {
    List<String> lines() {
      return output.lines().toList();
    }

    /**
     * Lines -Xcheck:jni prints about misuse: "WARNING: JNI local refs..." and "Warning: Calling
     * other JNI...".
     */
    List<String> jniWarnings() {
      return output.lines().filter(l -> l.regionMatches(true, 0, "warning", 0, 7)).toList();
    }
  }

  private ChildJvm() {}

  static Result run(List<String> jvmOptions, Class<?> main, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
    command.add(
        "-XX:ErrorFile="
            + Path.of(System.getProperty("java.io.tmpdir"), "hbload-hs_err_pid%p.log"));
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(main.getName());
    command.addAll(List.of(args));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(child.waitFor(300, TimeUnit.SECONDS)).as("child JVM finished: %s", output).isTrue();
    return new Result(child.exitValue(), output);
  }
}
