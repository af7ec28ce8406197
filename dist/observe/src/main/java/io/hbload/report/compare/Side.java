package io.hbload.report.compare;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One side of a comparison as read from its files: per group (a run: {@code run}; a suite: each
 * workload; dfsio: each pass) the rounds it holds, in order. Immutable.
 *
 * @param inputs every file read, so that an output naming one of them is refused
 */
public record Side(String label, Kind kind, Map<String, List<Round>> groups, List<Path> inputs) {
  /**
   * What the files were: runs with interval logs, or dfsio passes (totals and per-file spread, no
   * histograms).
   */
  public enum Kind {
    RUN,
    DFSIO
  }

  public Side {
    groups = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(groups));
    inputs = List.copyOf(inputs);
  }
}
