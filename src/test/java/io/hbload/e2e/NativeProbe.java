package io.hbload.e2e;

import io.hbload.hdfs.coder.IsalLibrary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Run by {@link NativeCoderIT} in a child JVM on hbload.jar: loads the ISA-L coder as the jar does
 * and prints what the dynamic linker mapped, one {@code key=value} a line.
 */
public final class NativeProbe {
  private NativeProbe() {}

  public static void main(String[] args) throws IOException {
    System.out.println("status=" + IsalLibrary.status());
    System.out.println("dir=" + IsalLibrary.directory().map(Path::toString).orElse(""));
    Files.readAllLines(Path.of("/proc/self/maps")).stream()
        .filter(l -> l.contains("libisal"))
        .map(l -> l.substring(l.indexOf('/')))
        .distinct()
        .forEach(l -> System.out.println("mapped=" + l));
  }
}
