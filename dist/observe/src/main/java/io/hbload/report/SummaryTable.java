package io.hbload.report;

import java.util.List;

/**
 * A table the page shows above the runs, already in words and numbers (a suite's table of its kept
 * rounds, summed and mean of rounds): the report only lays it out, so each form of the table (text,
 * markdown, CSV, JSON, HTML) says the same. Immutable.
 *
 * @param cells header row first
 * @param legend how the figures were computed
 */
public record SummaryTable(String title, List<List<String>> cells, String legend) {
  public SummaryTable {
    cells = cells.stream().map(List::copyOf).toList();
  }
}
