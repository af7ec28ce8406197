package io.hbload.hbase.ops;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.ReportLine;
import io.hbload.core.config.FaultSchedule;
import io.hbload.core.config.Phase;
import io.hbload.core.fault.FaultCommand;
import io.hbload.core.fault.FaultTarget;
import io.hbload.core.server.ServerSampler;
import io.hbload.core.time.Clock;
import io.hbload.hbase.cluster.EmbeddedCluster;
import io.hbload.hbase.cluster.HBaseCluster;
import io.hbload.hbase.config.HBaseSettings;
import io.hbload.hbase.config.OpsSpec;
import io.hbload.hbase.fault.ExecProcessFaults;
import io.hbload.hbase.fault.HBaseFaultTarget;
import io.hbload.hbase.metrics.BlockCacheReader;
import io.hbload.hbase.metrics.BlockCacheReport;
import io.hbload.hbase.metrics.BlockCacheSnapshot;
import io.hbload.hbase.metrics.CacheReadings;
import io.hbload.hbase.metrics.HttpJmxServerSampler;
import io.hbload.hbase.metrics.MetricsLag;
import io.hbload.hbase.table.TableSetup;
import io.hbload.hbase.table.TableSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.security.User;

/**
 * One run's HBase state: the single shared {@link Connection} (HBase connections are heavy and
 * thread-safe, so workers share one), the table set-up around phases, the block-cache baseline, and
 * the embedded cluster when hbload started one. Thread-safe: {@link #newBinding} may be called from
 * every worker at once; the phase hooks are called by the engine's controller thread.
 */
public final class HBaseSession implements BindingSession {
  private final Connection connection;
  private final OpsSpec ops;
  private final TableSpec table;
  private final Phase phase;
  private final boolean flushBeforeRun;
  private final EmbeddedCluster embedded;
  private final BlockCacheReader cacheReader;

  /** What samples the servers during the phase, or null (no info server, no in-process cluster). */
  private final ServerSampler serverSampler;

  /** Set by {@link #runFinished}: what {@link #runFigures} hands on. */
  private volatile BlockCacheSnapshot runDelta;

  private final PrintStream messages;
  private final ServerReadings serverReadings;
  private final ClusterAccess access;
  private volatile BlockCacheSnapshot baseline;
  private volatile String cacheError;

  private HBaseSession(
      Connection connection,
      OpsSpec ops,
      TableSpec table,
      Phase phase,
      boolean flushBeforeRun,
      ClusterAccess access,
      ServerReadings readings,
      PrintStream messages) {
    this.connection = connection;
    this.access = access;
    this.ops = ops;
    this.table = table;
    this.phase = phase;
    this.flushBeforeRun = flushBeforeRun;
    this.embedded = access.embedded();
    this.cacheReader = readings.cacheReader();
    this.serverSampler = readings.sampler();
    this.messages = messages;
    this.serverReadings = readings;
  }

  /**
   * Opens a session: finds (or, with {@code embedIfUnconfigured} and no cluster configured, starts)
   * the cluster, checks it answers, prepares the table for the phase (load: create when missing;
   * run: it must exist with the family; an embedded cluster is always prepared as for a load) and
   * connects.
   *
   * @throws BindingException with a one-line message; nothing is left running
   */
  public static HBaseSession open(
      HBaseSettings settings, Phase phase, boolean embedIfUnconfigured, PrintStream messages)
      throws BindingException {
    return open(
        settings,
        phase,
        messages,
        () -> {
          ClusterAccess access =
              ClusterAccess.open(settings, settings.table().table(), embedIfUnconfigured, messages);
          if (phase == Phase.LOAD && access.embedded() != null) {
            // the cluster is this command's own: a later 'run' cannot find these records
            messages.println(
                "hbload: this load goes into an embedded HBase that is removed when hbload exits: a later "
                    + "'hbload run' starts an empty one (and loads it itself); for a cluster that outlives one command, start "
                    + "'hbload embedded' and give its --zk to load and run");
          }
          return access;
        });
  }

  /**
   * Opens a session on a cluster its owner keeps open (a suite's, a test kit's): the table is
   * prepared for the phase as on a configured cluster, and the block-cache figures of an in-process
   * cluster are read in-process. Closing the session leaves the cluster running.
   *
   * @throws BindingException with a one-line message
   */
  public static HBaseSession open(
      HBaseSettings settings, Phase phase, HBaseCluster cluster, PrintStream messages)
      throws BindingException {
    return open(
        settings,
        phase,
        messages,
        () -> ClusterAccess.open(cluster, settings, settings.table().table()));
  }

  /** How a session reaches its cluster. */
  private interface AccessOpener {
    ClusterAccess open() throws BindingException, IOException;
  }

  private static HBaseSession open(
      HBaseSettings settings, Phase phase, PrintStream messages, AccessOpener opener)
      throws BindingException {
    OpsSpec ops = settings.ops();
    TableSpec tableSpec = settings.table();
    ClusterAccess access = null;
    Connection connection = null;
    try {
      access = opener.open();
      EmbeddedCluster embedded = access.embedded();
      connection = access.connect();
      ServerReadings readings;
      try (Admin admin = connection.getAdmin()) {
        TableSetup setup = new TableSetup(admin, tableSpec, messages);
        if (phase == Phase.LOAD || embedded != null) {
          setup.prepareForLoad();
        } else {
          setup.checkForRun();
        }
        readings = ServerReadings.open(access, admin, settings, messages);
      }
      boolean flush =
          settings.flushBeforeRun() != null ? settings.flushBeforeRun() : embedded != null;
      return new HBaseSession(connection, ops, tableSpec, phase, flush, access, readings, messages);
    } catch (BindingException | IOException | RuntimeException e) {
      closeQuietly(connection);
      if (access != null) {
        access.closeQuietly();
      }
      if (e instanceof BindingException be) {
        throw be;
      }
      throw new BindingException("HBase: " + ConnectivityCheck.rootMessage(e), e);
    }
  }

  /**
   * The banner saying the figures are for the embedded cluster (also printed by {@code hbload pe}).
   */
  public static void banner(PrintStream out, EmbeddedCluster e, double seconds) {
    String line = "*".repeat(78);
    out.println(line);
    out.println("* EMBEDDED HBASE: these numbers are for a local, single-node, in-process HBase");
    out.printf(
        "* (mini cluster, %d RegionServer(s), local file system, started in %.1f s), not a real cluster.%n",
        e.regionServerCount(), seconds);
    out.println("* The cluster starts empty, so the records are loaded before the run.");
    out.printf(
        "* ZooKeeper %s:%d; data in %s (removed at exit)%n", e.zkQuorum(), e.zkPort(), e.dataDir());
    out.println(line);
  }

  /** The embedded cluster this session started, or null. */
  public EmbeddedCluster embedded() {
    return embedded;
  }

  /** The Kerberos login the connection was made as, or null (plain, or the process's own user). */
  public User kerberosUser() {
    return access.user();
  }

  public Connection connection() {
    return connection;
  }

  @Override
  public Binding newBinding(int workerIndex) {
    return new HBaseBinding(connection, ops, messages);
  }

  /** The embedded cluster starts empty: the engine loads the records before a run. */
  @Override
  public boolean loadBeforeRun() {
    return embedded != null;
  }

  /**
   * Before the requested phase: flush (embedded default), compact or wait for compactions if asked;
   * cache baseline.
   */
  @Override
  public void runStarting(Phase starting) {
    if (phase == Phase.RUN
        && (flushBeforeRun || table.waitForCompactions() || table.majorCompactBeforeRun())) {
      try (Admin admin = connection.getAdmin()) {
        TableSetup setup = new TableSetup(admin, table, messages);
        if (table.majorCompactBeforeRun()) {
          setup.flushAndMajorCompact(3_600_000L);
        } else if (table.waitForCompactions()) {
          setup.flushAndWaitForCompactions(3_600_000L);
        } else {
          setup.flush();
        }
      } catch (IOException e) {
        messages.println(
            "[hbase] flush before the run failed: " + ConnectivityCheck.rootMessage(e));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (cacheReader != null) {
      CacheReadings.Reading before = readings().before();
      baseline = before.snapshot();
      cacheError = before.unavailable();
    }
  }

  private CacheReadings readings() {
    return new CacheReadings(cacheReader, Clock.system(), messages);
  }

  /**
   * The block-cache deltas over the run; after a load with wait-for-compactions, waits for them.
   */
  @Override
  public List<ReportLine> runFinished(Phase finished) {
    List<ReportLine> lines = new ArrayList<>();
    BlockCacheSnapshot before = baseline;
    BlockCacheSnapshot after = null;
    if (before != null) {
      CacheReadings.Reading reading = readings().after(lag());
      after = reading.snapshot();
      cacheError = reading.unavailable();
    }
    if (before != null && after != null) {
      runDelta = after.minus(before);
      lines.addAll(BlockCacheReport.lines(runDelta));
    } else {
      lines.add(
          new ReportLine(
              BlockCacheReport.METRIC,
              "Note",
              "block-cache figures unavailable"
                  + (cacheError != null
                      ? ": " + cacheError
                      : cacheReader == null ? ": no RegionServer info server" : "")));
    }
    if (phase == Phase.LOAD && table.waitForCompactions()) {
      try (Admin admin = connection.getAdmin()) {
        new TableSetup(admin, table, messages).flushAndWaitForCompactions(3_600_000L);
      } catch (IOException e) {
        messages.println(
            "[hbase] waiting for compactions failed: " + ConnectivityCheck.rootMessage(e));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return lines;
  }

  /**
   * How far the servers' /jmx can trail the run's last calls: the lag the servers state, or less
   * when the run saw their metrics refresh more often.
   */
  private MetricsLag lag() {
    MetricsLag lag = serverReadings.lag();
    long refresh = serverSampler instanceof HttpJmxServerSampler http ? http.refreshMillis() : -1;
    if (refresh > 0 && 2 * refresh + 500 < lag.boundMillis()) {
      return new MetricsLag(
          2 * refresh + 500,
          "their metrics were seen to refresh every " + refresh / 1000.0 + " s during the run");
    }
    return lag;
  }

  /**
   * Admin faults on the run's table; process faults too when the cluster is in this process
   * (started here or borrowed from a test kit).
   */
  @Override
  public FaultTarget faultTarget() {
    return faultTarget(FaultSchedule.NONE);
  }

  /**
   * As above; with a {@code --fault-exec} command the process faults go through it, on any cluster
   * (the user asked for it: on the in-process one too).
   */
  @Override
  public FaultTarget faultTarget(FaultSchedule schedule) {
    if (schedule.exec().isPresent()) {
      return new HBaseFaultTarget(
          connection,
          table.table(),
          new ExecProcessFaults(connection, FaultCommand.of(schedule.exec().get())));
    }
    EmbeddedCluster inProcess = access.inProcess();
    return new HBaseFaultTarget(
        connection, table.table(), inProcess == null ? null : inProcess.processFaults());
  }

  /** Samples the servers while the phase runs: GC, memstore, queues, requests, block cache. */
  @Override
  public ServerSampler serverSampler() {
    return serverSampler;
  }

  /**
   * The block-cache counters' growth over the run ({@link BlockCacheSnapshot}), when they could be
   * read.
   */
  @Override
  public List<Object> runFigures() {
    BlockCacheSnapshot delta = runDelta;
    return delta == null ? List.of() : List.of(delta);
  }

  /**
   * Closes the connection, then the embedded cluster (removing its data) if this session started
   * one.
   */
  @Override
  public void close() throws BindingException {
    closeQuietly(connection);
    try {
      access.close();
    } catch (IOException e) {
      throw new BindingException(e.getMessage(), e);
    }
  }

  private static void closeQuietly(Connection c) {
    if (c != null) {
      try {
        c.close();
      } catch (IOException ignored) {
        // closing after a failure or at the end: nothing a caller could do
      }
    }
  }
}
