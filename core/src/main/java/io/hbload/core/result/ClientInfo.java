package io.hbload.core.result;

import io.hbload.core.config.ShardSpec;
import java.io.IOException;
import java.net.InetAddress;

/**
 * Which client produced a result: its shard of a many-client run, its host, and how its start lined
 * up with the shared start instant. Shards' run windows are compared in wall-clock time (the merged
 * throughput divides by the union of their windows), so the hosts' clocks should be NTP-synced; a
 * late start is reported here, never hidden. Immutable.
 *
 * @param startAtEpochMillis the shared start instant ({@code --start-at}), or null when none was
 *     given
 * @param startLateMillis how much later than {@code startAtEpochMillis} the measured phase started
 *     (0 when none)
 */
public record ClientInfo(
    ShardSpec shard, String host, Long startAtEpochMillis, long startLateMillis) {
  /** This host's name, as the JVM resolves it (no network lookup beyond the local resolver). */
  public static String localHost() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
