package io.hbload.hbase.fault;

import io.hbload.core.config.FaultAction;
import io.hbload.core.fault.FaultTarget;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BalanceRequest;
import org.apache.hadoop.hbase.client.BalanceResponse;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * Carries out a run's faults on HBase: the admin faults (flush, compact, major-compact, split, move
 * one region or all, balancer) through the {@link Admin} API on the run's table, as ChaosMonkey's
 * table actions do, and the process faults through {@code processes} (the in-process cluster's)
 * when there is one: the in-process cluster's, or the user's {@code --fault-exec} command ({@link
 * ExecProcessFaults}). On a configured cluster without that command a process fault is bad input
 * before the run starts. Compactions are requested, not waited for: what they cost the clients is
 * in the series, not in the action's time. Not thread-safe: the engine's one fault thread calls it.
 */
public final class HBaseFaultTarget implements FaultTarget {
  /** The longest wait for a split: the region must close, split and reopen as two. */
  private static final long SPLIT_WAIT_SECONDS = 60;

  private final Connection connection;
  private final TableName table;
  private final FaultTarget processes;

  /** A seed of its own: which region a fault hits need not follow the workload's draws. */
  private final SplittableRandom random = new SplittableRandom();

  /**
   * @param processes the in-process cluster's process faults, or null on a configured cluster
   */
  public HBaseFaultTarget(Connection connection, String table, FaultTarget processes) {
    this.connection = connection;
    this.table = TableName.valueOf(table);
    this.processes = processes;
  }

  @Override
  public Set<FaultAction> supports() {
    Set<FaultAction> out = FaultAction.ofKind(FaultAction.Kind.ADMIN);
    if (processes != null) {
      out.addAll(processes.supports());
    }
    return out;
  }

  @Override
  public String describe() {
    return "HBase Admin on table "
        + table.getNameAsString()
        + (processes != null
            ? "; " + processes.describe()
            : "; no process faults on a configured cluster without --fault-exec");
  }

  @Override
  public String inject(FaultAction action) throws Exception {
    if (action.kind() == FaultAction.Kind.PROCESS) {
      if (processes == null) {
        throw new IllegalStateException(action + " needs the in-process cluster");
      }
      return processes.inject(action);
    }
    try (Admin admin = connection.getAdmin()) {
      return switch (action) {
        case FLUSH -> {
          admin.flush(table);
          yield "flushed " + table;
        }
        case COMPACT -> {
          admin.compact(table);
          yield "requested a compaction of " + table;
        }
        case MAJOR_COMPACT -> {
          admin.majorCompact(table);
          yield "requested a major compaction of " + table;
        }
        case SPLIT -> split(admin);
        case MOVE_REGION -> {
          RegionInfo r = randomRegion(admin);
          admin.move(r.getEncodedNameAsBytes());
          yield "moved region " + r.getEncodedName();
        }
        case MOVE_REGIONS -> {
          List<RegionInfo> regions = admin.getRegions(table);
          for (RegionInfo r : regions) {
            admin.move(r.getEncodedNameAsBytes());
          }
          yield "moved " + regions.size() + " regions of " + table;
        }
        case BALANCER -> balance(admin);
        default -> throw new IllegalArgumentException(action + " is not an admin fault");
      };
    }
  }

  private String split(Admin admin) throws IOException, InterruptedException {
    RegionInfo r = randomRegion(admin);
    try {
      admin.splitRegionAsync(r.getRegionName()).get(SPLIT_WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw new IOException(
          "split of " + r.getEncodedName() + ": " + e.getCause().getMessage(), e.getCause());
    } catch (TimeoutException e) {
      throw new IOException(
          "split of " + r.getEncodedName() + " not done within " + SPLIT_WAIT_SECONDS + " s", e);
    }
    return "split region " + r.getEncodedName();
  }

  /** Runs the balancer even with regions in transition, as ChaosMonkey's forced balancer does. */
  private static String balance(Admin admin) throws IOException {
    BalanceResponse r =
        admin.balance(BalanceRequest.newBuilder().setIgnoreRegionsInTransition(true).build());
    if (!r.isBalancerRan()) {
      return "the balancer did not run (switched off, or the master refused)";
    }
    return "the balancer ran: "
        + r.getMovesExecuted()
        + " of "
        + r.getMovesCalculated()
        + " moves calculated executed";
  }

  private RegionInfo randomRegion(Admin admin) throws IOException {
    List<RegionInfo> regions = admin.getRegions(table);
    if (regions.isEmpty()) {
      throw new IOException("table " + table + " has no regions");
    }
    return regions.get(random.nextInt(regions.size()));
  }
}
