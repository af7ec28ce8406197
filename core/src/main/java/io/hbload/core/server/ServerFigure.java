package io.hbload.core.server;

import java.util.Map;
import java.util.TreeMap;

/**
 * One figure a binding reads from its servers, described so that core can record, chart and meter
 * it without knowing the server: a counter becomes its growth per interval, a gauge is plotted as
 * read. Immutable; equal figures from different servers are one figure.
 *
 * @param meter the meter name, dotted lower case with its unit last ({@code gc.pause.millis})
 * @param tags what tells figures of one meter apart on one server ({@code collector=G1 Young
 *     Generation}), empty for most
 * @param unit the axis label of the per-interval value ({@code ms per interval}, {@code MB})
 * @param kind whether the value read is a running total or a level
 * @param chart the title of the report chart the figure is drawn in; figures sharing a title share
 *     a chart
 * @param note how fresh the figure is where it comes from (empty when live), for the chart's legend
 * @param event what a value above zero in an interval is, as a cause of slow calls ("GC pause",
 *     "memstore flush"), or null when the figure is no event: a slow client interval is labelled
 *     with the events in or just before it ({@link TailOutliers})
 */
public record ServerFigure(
    String meter,
    Map<String, String> tags,
    String unit,
    Kind kind,
    String chart,
    String note,
    String event) {

  /** How a value read relates to time. */
  public enum Kind {
    /** A running total (collections, pause time, requests): recorded as its growth per interval. */
    COUNTER,
    /** A level (queue length, memory in use): recorded as read. */
    GAUGE
  }

  public ServerFigure {
    tags = Map.copyOf(tags);
  }

  /** A figure that is no event. */
  public ServerFigure(
      String meter, Map<String, String> tags, String unit, Kind kind, String chart, String note) {
    this(meter, tags, unit, kind, chart, note, null);
  }

  /** This figure, as an event of the given name. */
  public ServerFigure asEvent(String event) {
    return new ServerFigure(meter, tags, unit, kind, chart, note, event);
  }

  /** The figure's name in the JSON: the meter, and its tags in braces when it has any. */
  public String key() {
    return tags.isEmpty() ? meter : meter + new TreeMap<>(tags);
  }
}
