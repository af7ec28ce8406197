package io.hbload.gc.jdk;

import io.hbload.gc.InvalidInputException;
import io.hbload.gc.JdkRelease;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Asks a {@code java} binary which release it is by running {@code java -version}. Stateless,
 * thread-safe; each call starts one short-lived process.
 */
public final class JavaVersionProbe {
  // `openjdk version "17.0.15" 2025-04-15`, `java version "1.8.0_392"`, `openjdk version "25"
  // 2025-09-16`
  private static final Pattern VERSION = Pattern.compile("version \"(1\\.)?(\\d+)[^\"]*\"");

  private JavaVersionProbe() {}

  /**
   * @throws InvalidInputException when the path is not an executable java or its output has no
   *     version
   */
  public static JdkRelease probe(Path java) {
    // a directory is "executable" (searchable) too, and would fail later as an obscure "Permission
    // denied"
    if (!Files.isRegularFile(java) || !Files.isExecutable(java)) {
      throw new InvalidInputException("--java: " + java + " is not an executable file");
    }
    ProcessBuilder pb = new ProcessBuilder(java.toString(), "-version").redirectErrorStream(true);
    try {
      Process p = pb.start();
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new InvalidInputException("--java: " + java + " -version did not finish in 60 s");
      }
      return parseVersionOutput(java, new String(out, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new InvalidInputException("--java: cannot run " + java + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InvalidInputException("--java: interrupted while running " + java + " -version", e);
    }
  }

  /** Reads the release from {@code java -version} output. */
  public static JdkRelease parseVersionOutput(Path java, String output) {
    Matcher m = VERSION.matcher(output);
    if (!m.find()) {
      throw new InvalidInputException("--java: " + java + " -version printed no version string");
    }
    return JdkRelease.of(Integer.parseInt(m.group(2)));
  }
}
