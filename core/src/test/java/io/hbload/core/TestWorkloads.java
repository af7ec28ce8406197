package io.hbload.core;

import java.nio.file.Path;

/**
 * The repository's workload files, read as {@code -P} reads them (the workloads module bundles the
 * same files).
 */
public final class TestWorkloads {
  private TestWorkloads() {}

  /**
   * The workload file on the basic binding with calls of exactly 1 ms: on a virtual clock only
   * waits move time, so a run of instant calls would never reach its second interval.
   */
  public static Hbload oneMillisecondCalls(String name) {
    return workloadFile(name)
        .binding("basic")
        .property("basicdb.simulatedelay", "1")
        .property("basicdb.randomizedelay", "false");
  }

  /** {@code workloadFile("a")} is {@code workloads/workloada}. */
  public static Hbload workloadFile(String name) {
    return Hbload.workloadFile(Path.of("../workloads/workload" + name));
  }
}
