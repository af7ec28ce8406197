package io.hbload.hbase.embedded;

import io.hbload.core.config.FaultAction;
import io.hbload.core.fault.FaultTarget;
import java.io.IOException;
import java.util.Comparator;
import java.util.Set;
import org.apache.hadoop.hbase.MiniHBaseCluster;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.util.JVMClusterUtil;

/**
 * The process faults of an in-process mini cluster, which hbload owns and so can stop and start:
 * restart a RegionServer (a graceful stop, its regions closed and reassigned, then a new one
 * started), kill one (an abort: no clean close, its WAL is split and its regions reopened
 * elsewhere), restart the master. The RegionServer hit is the busiest one not carrying {@code
 * hbase:meta}, as ChaosMonkey's {@code RestartRandomRsExceptMetaAction} spares meta: a fault on
 * meta's server measures meta's recovery, and one on an idle server measures nothing. Each call
 * returns once the servers it started are up. Not thread-safe: the engine's one fault thread calls
 * it.
 */
final class InProcessFaults implements FaultTarget {
  /** The longest wait for a server to stop or start: a mini cluster's take seconds. */
  private static final long WAIT_MILLIS = 60_000;

  private final MiniHBaseCluster cluster;

  InProcessFaults(MiniHBaseCluster cluster) {
    this.cluster = cluster;
  }

  @Override
  public Set<FaultAction> supports() {
    return FaultAction.ofKind(FaultAction.Kind.PROCESS);
  }

  @Override
  public String describe() {
    return "the in-process cluster's servers";
  }

  @Override
  public String inject(FaultAction action) throws IOException {
    return switch (action) {
      case RESTART_REGIONSERVER -> restartRegionServer(victim());
      case RESTART_META_REGIONSERVER -> restartRegionServer(metaVictim());
      case KILL_REGIONSERVER -> killRegionServer();
      case RESTART_MASTER -> restartMaster();
      default -> throw new IllegalArgumentException(action + " is not a process fault");
    };
  }

  private String restartRegionServer(Victim v) throws IOException {
    cluster.stopRegionServer(v.name());
    cluster.waitForRegionServerToStop(v.name(), WAIT_MILLIS);
    HRegionServer started = cluster.startRegionServerAndWait(WAIT_MILLIS).getRegionServer();
    return "stopped " + v + ", started " + started.getServerName();
  }

  private String killRegionServer() throws IOException {
    Victim v = victim();
    cluster.killRegionServer(v.name());
    cluster.waitForRegionServerToStop(v.name(), WAIT_MILLIS);
    return "aborted " + v + ", not restarted";
  }

  private String restartMaster() throws IOException {
    ServerName name = cluster.getMaster().getServerName();
    cluster.stopMaster(name);
    cluster.waitForMasterToStop(name, WAIT_MILLIS);
    cluster.startMaster();
    if (!cluster.waitForActiveAndReadyMaster(WAIT_MILLIS)) {
      throw new IOException("no master became active within " + WAIT_MILLIS / 1000 + " s");
    }
    return "stopped master " + name + ", " + cluster.getMaster().getServerName() + " active";
  }

  /** The RegionServer a fault hits, and how many regions it held then. */
  private record Victim(ServerName name, int regions) {
    @Override
    public String toString() {
      return name + " (" + regions + " regions)";
    }
  }

  /** The RegionServer carrying hbase:meta; an IOException when it is the only one live. */
  private Victim metaVictim() throws IOException {
    ServerName meta = cluster.getServerHoldingMeta();
    HRegionServer rs =
        cluster.getLiveRegionServerThreads().stream()
            .map(JVMClusterUtil.RegionServerThread::getRegionServer)
            .filter(s -> s.getServerName().equals(meta))
            .findFirst()
            .orElseThrow(() -> new IOException("no live RegionServer carries hbase:meta"));
    if (cluster.getLiveRegionServerThreads().size() < 2) {
      throw new IOException("1 RegionServer live: a RegionServer fault needs at least 2");
    }
    return new Victim(rs.getServerName(), rs.getNumberOfOnlineRegions());
  }

  /**
   * The live RegionServer not carrying hbase:meta with the most regions; an IOException when there
   * is none, or when stopping it would leave no RegionServer.
   */
  private Victim victim() throws IOException {
    ServerName meta = cluster.getServerHoldingMeta();
    var live =
        cluster.getLiveRegionServerThreads().stream()
            .map(JVMClusterUtil.RegionServerThread::getRegionServer)
            .filter(rs -> !rs.isStopped() && !rs.isAborted())
            .toList();
    if (live.size() < 2) {
      throw new IOException(
          live.size() + " RegionServer(s) live: a RegionServer fault needs at least 2");
    }
    HRegionServer rs =
        live.stream()
            .filter(s -> !s.getServerName().equals(meta))
            .max(Comparator.comparingInt(HRegionServer::getNumberOfOnlineRegions))
            .orElseThrow(() -> new IOException("every live RegionServer carries hbase:meta"));
    return new Victim(rs.getServerName(), rs.getNumberOfOnlineRegions());
  }
}
