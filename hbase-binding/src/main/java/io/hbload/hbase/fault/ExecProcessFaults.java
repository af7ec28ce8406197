package io.hbload.hbase.fault;

import io.hbload.core.config.FaultAction;
import io.hbload.core.fault.FaultCommand;
import io.hbload.core.fault.FaultTarget;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.hadoop.hbase.ClusterMetrics.Option;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;

/**
 * The process faults of a cluster hbload does not own, carried out by the user's command ({@code
 * --fault-exec}), as HBase ChaosMonkey's cluster manager runs its ssh commands: the server is
 * chosen as ChaosMonkey chooses it, from the Admin API's {@code ClusterMetrics} at the moment of
 * the fault (a random live RegionServer not carrying {@code hbase:meta} for {@code
 * restart-regionserver} and {@code kill-regionserver}, as {@code RestartRandomRsExceptMetaAction};
 * the one carrying it for {@code restart-meta-regionserver}; the active master for {@code
 * restart-master}), then the command runs with {@code {host}} its host name, {@code {server}} its
 * {@code host,port,startcode} and {@code {action}} the fault's name. What the command does (a
 * graceful restart, a {@code kill -9}) is the user's; hbload reports its exit code and last stderr
 * line, and a command that fails or times out is a fault that did not happen. Not thread-safe: the
 * engine's one fault thread calls it.
 */
public final class ExecProcessFaults implements FaultTarget {
  private final Connection connection;
  private final FaultCommand command;
  private final SplittableRandom random = new SplittableRandom();

  public ExecProcessFaults(Connection connection, FaultCommand command) {
    this.connection = connection;
    this.command = command;
  }

  @Override
  public Set<FaultAction> supports() {
    return FaultAction.ofKind(FaultAction.Kind.PROCESS);
  }

  @Override
  public String describe() {
    return "--fault-exec '" + command.template() + "'";
  }

  @Override
  public String inject(FaultAction action) throws Exception {
    Chosen chosen =
        switch (action) {
          case RESTART_REGIONSERVER, KILL_REGIONSERVER -> randomRegionServerExceptMeta();
          case RESTART_META_REGIONSERVER -> new Chosen(metaServer(), "carrying hbase:meta");
          case RESTART_MASTER -> new Chosen(activeMaster(), "the active master");
          default -> throw new IllegalArgumentException(action + " is not a process fault");
        };
    FaultCommand.Outcome o =
        command.run(chosen.server().getHostname(), chosen.server().toString(), action.shortName());
    String line = chosen + ": " + o.describe();
    if (!o.succeeded()) {
      throw new IOException("did not happen: " + line);
    }
    return line;
  }

  /** The server a fault hits, and why that one. */
  private record Chosen(ServerName server, String why) {
    @Override
    public String toString() {
      return server + " (" + why + ")";
    }
  }

  private Chosen randomRegionServerExceptMeta() throws IOException {
    List<ServerName> live;
    try (Admin admin = connection.getAdmin()) {
      live =
          new ArrayList<>(
              admin
                  .getClusterMetrics(EnumSet.of(Option.LIVE_SERVERS))
                  .getLiveServerMetrics()
                  .keySet());
    }
    ServerName meta = metaServer();
    int all = live.size();
    live.remove(meta);
    if (live.isEmpty()) {
      throw new IOException(
          "did not happen: "
              + all
              + " live RegionServer(s), none but the one carrying hbase:meta ("
              + meta
              + ")");
    }
    live.sort(null); // the draw depends on the random only, not on the metrics' map order
    return new Chosen(
        live.get(random.nextInt(live.size())),
        "random of " + live.size() + " live RegionServers not carrying hbase:meta");
  }

  private ServerName metaServer() throws IOException {
    try (RegionLocator meta = connection.getRegionLocator(TableName.META_TABLE_NAME)) {
      return meta.getRegionLocation(HConstants.EMPTY_START_ROW, true).getServerName();
    }
  }

  private ServerName activeMaster() throws IOException {
    try (Admin admin = connection.getAdmin()) {
      return admin.getClusterMetrics(EnumSet.of(Option.MASTER)).getMasterName();
    }
  }
}
