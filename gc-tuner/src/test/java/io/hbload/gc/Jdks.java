package io.hbload.gc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Locates the JDKs installed on the test machine. Stateless, thread-safe. */
public final class Jdks {
  public static final Path TEMURIN_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
  private static final Path DEBIAN_17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64/bin/java");

  private Jdks() {}

  /** The machine's JDK 17: the Debian package, or the JVM running the tests when that is a 17. */
  public static Optional<Path> jdk17() {
    if (Files.isExecutable(DEBIAN_17)) {
      return Optional.of(DEBIAN_17);
    }
    Path self = Path.of(System.getProperty("java.home"), "bin", "java");
    return Runtime.version().feature() == 17 && Files.isExecutable(self)
        ? Optional.of(self)
        : Optional.empty();
  }

  public static Optional<Path> temurin25() {
    return Files.isExecutable(TEMURIN_25) ? Optional.of(TEMURIN_25) : Optional.empty();
  }
}
