package io.hbload.core.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A phase's server figures over time: per server and figure, one point per sample, a counter as its
 * growth since the previous sample (so a point is "GC pause ms in this interval"), a gauge as read.
 * Handed on as one of the run's typed figures ({@link io.hbload.core.result.RunResult#figure}).
 * Immutable.
 *
 * @param source where the figures came from and how fresh they are ({@link ServerSampler#source})
 * @param intervalMillis the sample interval, the client's interval
 * @param samples how many reads answered
 * @param error the last failed read's message, null when none failed
 */
public record ServerSeries(
    String source, long intervalMillis, int samples, String error, List<Series> series) {

  public ServerSeries {
    series = List.copyOf(series);
  }

  /** One point: the value over the interval that ended at {@code epochMillis}. */
  public record Point(long epochMillis, double value) {}

  /** One server's figure over the phase, in time order. */
  public record Series(String server, ServerFigure figure, List<Point> points) {
    public Series {
      points = List.copyOf(points);
    }
  }

  /** One new point, as the meters see it. */
  public record Value(String server, ServerFigure figure, long epochMillis, double value) {}

  /** The servers in the order first read. */
  public List<String> servers() {
    return series.stream().map(Series::server).distinct().toList();
  }

  /** The figures in the order first read. */
  public List<ServerFigure> figures() {
    return series.stream().map(Series::figure).distinct().toList();
  }

  /**
   * Turns samples into points: a counter's first reading on a server is its baseline (no point),
   * and a counter that went down (the server restarted) starts a new baseline rather than plot a
   * negative interval. Confined to one thread (the engine's reporter); allocates per sample.
   */
  public static final class Recorder {
    private final Map<String, Map<ServerFigure, List<Point>>> points = new LinkedHashMap<>();
    private final Map<String, Map<ServerFigure, Double>> last = new HashMap<>();
    private int samples;

    /** Adds one server's sample; returns the points it made. */
    public List<Value> add(ServerSample s) {
      samples++;
      Map<ServerFigure, List<Point>> byFigure =
          points.computeIfAbsent(s.server(), k -> new LinkedHashMap<>());
      Map<ServerFigure, Double> previous = last.computeIfAbsent(s.server(), k -> new HashMap<>());
      List<Value> made = new ArrayList<>();
      for (Map.Entry<ServerFigure, Double> e : s.values().entrySet()) {
        ServerFigure f = e.getKey();
        double v = e.getValue();
        List<Point> l = byFigure.computeIfAbsent(f, k -> new ArrayList<>());
        if (f.kind() == ServerFigure.Kind.COUNTER) {
          Double before = previous.put(f, v);
          if (before == null || v < before) {
            continue;
          }
          v -= before;
        }
        l.add(new Point(s.epochMillis(), v));
        made.add(new Value(s.server(), f, s.epochMillis(), v));
      }
      return made;
    }

    /** Whether any server answered. */
    public boolean hasSamples() {
      return samples > 0;
    }

    public ServerSeries build(String source, long intervalMillis, String error) {
      List<Series> out = new ArrayList<>();
      points.forEach((server, m) -> m.forEach((f, l) -> out.add(new Series(server, f, l))));
      return new ServerSeries(source, intervalMillis, samples, error, out);
    }
  }
}
