package io.hbload.core;

import java.nio.file.Path;

/**
 * The repository's workload files, read as {@code -P} reads them (the workloads module bundles the
 * same files).
 */
public final class TestWorkloads {
  private TestWorkloads() {}

  /** {@code workloadFile("a")} is {@code workloads/workloada}. */
  public static Hbload workloadFile(String name) {
    return Hbload.workloadFile(Path.of("../workloads/workload" + name));
  }
}
