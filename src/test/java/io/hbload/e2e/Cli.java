package io.hbload.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the built distribution as a user would: a separate JVM on hbload.jar, or the tarball's
 * launcher.
 */
final class Cli {
  static final Path JAR =
      Path.of(System.getProperty("hbload.jar", "dist/package/target/hbload.jar"));
  static final Path ROOT = Path.of(System.getProperty("hbload.root", "."));

  record Result(int code, String out, String err) {
    List<String> outLines() {
      return out.lines().toList();
    }

    List<String> errLines() {
      return err.lines().toList();
    }
  }

  /**
   * Restores SIGINT's default, then execs its arguments; "or die" so a missing command is an error,
   * not perl's 0.
   */
  private static final String DEFAULT_SIGINT_EXEC =
      "$SIG{INT} = 'DEFAULT'; exec { $ARGV[0] } @ARGV or die \"exec $ARGV[0]: $!\\n\"";

  /**
   * {@code java -jar hbload.jar args...}, started {@link #withDefaultSigint with SIGINT at its
   * default}.
   */
  static List<String> javaJar(String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx1g");
    // these runs check what the jar prints and returns, not its speed: the JIT's first tier alone
    // starts it (and the embedded HBase it carries) on less CPU
    cmd.add("-XX:TieredStopAtLevel=1");
    cmd.add("-jar");
    cmd.add(JAR.toString());
    cmd.addAll(List.of(args));
    return withDefaultSigint(cmd);
  }

  /**
   * The command, started with SIGINT at its default disposition, as an interactive shell starts
   * what a user types. A process started with SIGINT ignored (a background job of a non-interactive
   * shell, which is how some CI runners start a build) passes the ignore down to every child, and a
   * JVM that starts with SIGINT ignored installs no handler for it: Ctrl-C tests would then test
   * their parent, not hbload. A POSIX shell cannot undo an inherited ignore ({@code trap - INT} is
   * a no-op for a signal ignored on entry to a non-interactive sh or bash); perl can, and it execs,
   * so the process (and the pid a test signals) is the command itself. Perl is part of every Debian
   * and Ubuntu base image ({@code perl-base} is essential).
   */
  static List<String> withDefaultSigint(List<String> command) {
    List<String> cmd = new ArrayList<>(List.of("perl", "-e", DEFAULT_SIGINT_EXEC, "--"));
    cmd.addAll(command);
    return cmd;
  }

  static Result run(List<String> command, Path workDir, long timeoutSeconds)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile("hbload-out", ".txt");
    Path err = Files.createTempFile("hbload-err", ".txt");
    try {
      Process p =
          new ProcessBuilder(command)
              .directory(workDir.toFile())
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("timed out: " + command + "\nstderr: " + Files.readString(err));
      }
      return new Result(
          p.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /** The status lines ({@code "... N sec: M operations; ..."}) a run has printed to {@code err}. */
  static long statusLines(Path err) throws IOException {
    return Files.readString(err).lines().filter(l -> l.contains(" sec: ")).count();
  }

  private Cli() {}
}
