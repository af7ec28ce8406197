package io.hbload.core.testing;

import io.hbload.core.server.ServerFigure;
import java.util.Map;

/**
 * Two server figures, one of each kind, for tests of what consumes a server series (the series
 * itself, the meters) without a server. Immutable.
 */
public final class TestServerFigures {
  /** A running total with a tag: one collector's pause time. */
  public static final ServerFigure PAUSE =
      new ServerFigure(
          "gc.pause.milliseconds",
          Map.of("collector", "G1 Young Generation"),
          "ms per interval",
          ServerFigure.Kind.COUNTER,
          "GC",
          "");

  /** A level without tags: the flush queue's length. */
  public static final ServerFigure QUEUE =
      new ServerFigure(
          "flush.queue.length", Map.of(), "queued", ServerFigure.Kind.GAUGE, "Queues", "period");

  private TestServerFigures() {}
}
