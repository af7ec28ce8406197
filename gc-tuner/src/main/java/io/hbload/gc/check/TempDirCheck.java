package io.hbload.gc.check;

import io.hbload.gc.InvalidInputException;
import io.hbload.gc.TuningResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Runs {@link FlagChecker} in a directory of its own under {@code java.io.tmpdir} and removes it
 * afterwards, so a caller (the CLI) needs no working directory: the check's GC log and the JVM's
 * output are scratch files. Stateless, thread-safe; each call starts one JVM.
 */
public final class TempDirCheck {
  private TempDirCheck() {}

  /**
   * @param java the target binary
   * @param result options to check
   * @param machineMemoryBytes memory of this machine, 0 if unknown (see {@link FlagChecker#check})
   * @throws InvalidInputException when the directory cannot be made or the java cannot be run
   */
  public static CheckReport run(Path java, TuningResult result, long machineMemoryBytes) {
    Path work;
    try {
      work = Files.createTempDirectory("hbload-gc-check");
    } catch (IOException e) {
      throw new InvalidInputException(
          "--check: cannot create a temp directory: " + e.getMessage(), e);
    }
    try {
      return FlagChecker.check(java, result, machineMemoryBytes, work);
    } finally {
      deleteQuietly(work);
    }
  }

  private static void deleteQuietly(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a leftover temp dir is harmless; the check result is what matters
    }
  }
}
