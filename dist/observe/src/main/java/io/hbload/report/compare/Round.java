package io.hbload.report.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One measured run of a side: its result document (a run's {@code --json}, or one pass of a dfsio
 * {@code --json}) and, for a run, its measured (not warm-up) interval histograms per tag ({@code
 * READ.service}, ...) in time order. Immutable.
 */
public record Round(String label, JsonNode result, Map<String, List<Histogram>> intervals) {
  public Round {
    intervals = Map.copyOf(intervals);
  }
}
