package io.hbload.mapreduce.pe;

import io.hbload.hbase.pe.PeClientResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What one {@code mapreduce pe} map task commits beside its shard's {@code .hlog} ({@code
 * shard-00001.pe}): its PE client's figures that no histogram holds (its rows, its elapsed time as
 * PE measures it, rows scanned, checks not applied, bad reads) and how many operations it measured.
 * Its latencies travel in the {@code .hlog}, as every shard's do, and the driver puts the two back
 * together ({@link #withLatency}). Text, one {@code key=value} line each after a header; immutable.
 *
 * @param measured the client's measured operations: the count its latencies from the {@code .hlog}
 *     must add up to
 */
public record PeShardResult(
    int index,
    int startRow,
    int rows,
    long elapsedMillis,
    long rowsScanned,
    long rowsExpected,
    long notApplied,
    long badValues,
    int mostInFlight,
    long measured) {
  private static final String HEADER = "#hbload-pe-shard 1";

  /**
   * The figures of a client's result (its histogram stays behind: the {@code .hlog} carries the
   * latencies).
   */
  public static PeShardResult of(PeClientResult c) {
    return new PeShardResult(
        c.index(),
        c.startRow(),
        c.rows(),
        c.elapsedMillis(),
        c.rowsScanned(),
        c.rowsExpected(),
        c.notApplied(),
        c.badValues(),
        c.mostInFlight(),
        c.latencyNanos().getTotalCount());
  }

  /** The client's result again, with its latencies as read back from its shard's log. */
  public PeClientResult withLatency(Histogram latencyNanos) {
    return new PeClientResult(
        index,
        startRow,
        rows,
        elapsedMillis,
        latencyNanos,
        rowsScanned,
        rowsExpected,
        notApplied,
        badValues,
        mostInFlight);
  }

  /** The file's lines. */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    out.add(HEADER);
    out.add("index=" + index);
    out.add("startRow=" + startRow);
    out.add("rows=" + rows);
    out.add("elapsedMillis=" + elapsedMillis);
    out.add("rowsScanned=" + rowsScanned);
    out.add("rowsExpected=" + rowsExpected);
    out.add("notApplied=" + notApplied);
    out.add("badValues=" + badValues);
    out.add("mostInFlight=" + mostInFlight);
    out.add("measured=" + measured);
    return out;
  }

  /**
   * Reads {@link #lines()} back.
   *
   * @throws IllegalArgumentException naming {@code source} when the lines are not a PE shard result
   */
  public static PeShardResult parse(List<String> lines, String source) {
    if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
      throw new IllegalArgumentException(source + ": not an hbload pe shard result");
    }
    Map<String, String> v = new LinkedHashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        v.put(line.substring(0, eq), line.substring(eq + 1));
      }
    }
    try {
      return new PeShardResult(
          Integer.parseInt(v.get("index")),
          Integer.parseInt(v.get("startRow")),
          Integer.parseInt(v.get("rows")),
          Long.parseLong(v.get("elapsedMillis")),
          Long.parseLong(v.get("rowsScanned")),
          Long.parseLong(v.get("rowsExpected")),
          Long.parseLong(v.get("notApplied")),
          Long.parseLong(v.get("badValues")),
          Integer.parseInt(v.get("mostInFlight")),
          Long.parseLong(v.get("measured")));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          source + ": malformed pe shard result (" + e.getMessage() + ")", e);
    }
  }
}
