package io.hbload.hdfs.coder;

import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * Run in a child JVM with small memory limits by {@link CoderBenchMemoryTest}: runs {@link
 * CoderBench} with the given settings, optionally holding a direct-memory ballast first (memory the
 * benchmark's own estimate cannot see), and prints {@code ok} or {@code threw <class>: <message>}.
 * Args: k p cell working-set-bytes ballast-bytes.
 */
public final class CoderBenchProbe {
  private CoderBenchProbe() {}

  public static void main(String[] args) {
    int k = Integer.parseInt(args[0]);
    int p = Integer.parseInt(args[1]);
    long cell = Long.parseLong(args[2]);
    long workingSet = Long.parseLong(args[3]);
    ByteBuffer ballast = ByteBuffer.allocateDirect(Integer.parseInt(args[4]));
    try {
      CoderBench.run(
          CoderBench.Settings.of(k, p, cell, workingSet, Duration.ofMillis(10)), line -> {});
      System.out.println("ok");
    } catch (Throwable e) {
      System.out.println("threw " + e.getClass().getName() + ": " + e.getMessage());
    }
    System.out.println("ballast " + ballast.capacity());
  }
}
