package io.hbload.core.server;

import java.util.Map;

/**
 * One server's figures read at one moment. Immutable.
 *
 * @param server the server's name as its cluster knows it ({@code host:port})
 * @param epochMillis when it was read (this host's clock, as the client's intervals)
 * @param values each figure's value as read: a counter's running total, a gauge's level
 */
public record ServerSample(String server, long epochMillis, Map<ServerFigure, Double> values) {
  public ServerSample {
    values = Map.copyOf(values);
  }
}
