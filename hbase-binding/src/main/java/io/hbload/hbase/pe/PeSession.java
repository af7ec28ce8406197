package io.hbload.hbase.pe;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.config.Phase;
import io.hbload.core.exec.OwnOperations;
import io.hbload.core.exec.WorkerOperations;
import io.hbload.core.measure.MeasuredBinding;
import io.hbload.hbase.config.HBaseSettings;
import io.hbload.hbase.embedded.EmbeddedHBase;
import io.hbload.hbase.ops.ClusterAccess;
import io.hbload.hbase.ops.ConnectivityCheck;
import java.io.IOException;
import java.io.PrintStream;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;

/**
 * One {@code hbload pe} run's HBase state: the cluster (the configured one, or the embedded one as for {@code run}),
 * PE's table, and PE's connections: one per client, or one shared with --oneCon. Workers get a {@link PeClient} as
 * their binding and {@link PeOperations} as their operations. On the embedded cluster, which starts empty, a read or
 * scan command is preceded by the engine's load of PE's rows (sequentialWrite's layout), then a flush. Thread-safe.
 */
public final class PeSession implements BindingSession, OwnOperations {
  private final PeSpec spec;
  private final Connection[] connections;
  private final EmbeddedHBase embedded;
  private final boolean loadFirst;
  private final PeResults results;
  private final PrintStream messages;
  private final AtomicInteger loadRows = new AtomicInteger();
  private final ClusterAccess access;

  private PeSession(PeSpec spec, Connection[] connections, ClusterAccess access, boolean loadFirst,
      PeResults results, PrintStream messages) {
    this.access = access;
    this.spec = spec;
    this.connections = connections;
    this.embedded = access.embedded();
    this.loadFirst = loadFirst;
    this.results = results;
    this.messages = messages;
  }

  /** Opens: cluster (embedded when none is configured), connectivity check, PE's table, connections. */
  static PeSession open(HBaseSettings settings, PeSpec spec, PeResults results, PrintStream messages)
      throws BindingException {
    Connection[] connections = new Connection[spec.oneCon() ? 1 : spec.clients()];
    ClusterAccess access = null;
    try {
      // as run reaches its cluster: configured or embedded, the Kerberos login, the connectivity check
      access = ClusterAccess.open(settings, spec.table(), true, messages);
      EmbeddedHBase embedded = access.embedded();
      for (int i = 0; i < connections.length; i++) {
        connections[i] = access.connect();
      }
      boolean hasData;
      try (Admin admin = connections[0].getAdmin()) {
        hasData = new PeTableSetup(admin, spec, messages).prepare(embedded != null);
      }
      messages.println("[pe] " + spec.test().command() + ": " + spec.clients() + " client(s) as threads, "
          + spec.perClientRows() + " rows each, " + spec.totalRows() + " rows in all, " + connections.length
          + " connection(s)");
      return new PeSession(spec, connections, access, !hasData, results, messages);
    } catch (BindingException | IOException | RuntimeException e) {
      closeAll(connections);
      if (access != null) {
        access.closeQuietly();
      }
      if (e instanceof BindingException be) {
        throw be;
      }
      throw new BindingException("HBase: " + ConnectivityCheck.rootMessage(e), e);
    }
  }

  @Override
  public Binding newBinding(int workerIndex) throws BindingException {
    try {
      // the load before a read command writes as sequentialWrite does: through a buffered mutator
      boolean buffered = loadFirst && loadRows.get() < spec.totalRows() || spec.test().writes() && !spec.autoFlush();
      return new PeClient(workerIndex, connections[workerIndex % connections.length], spec, buffered, results);
    } catch (IOException e) {
      throw new BindingException("PE client " + workerIndex + ": " + ConnectivityCheck.rootMessage(e), e);
    }
  }

  @Override
  public WorkerOperations newOperations(int workerIndex, Phase phase, Binding binding, MeasuredBinding measured,
      SplittableRandom random) {
    return new PeOperations(spec, (PeClient) binding, measured, random, phase == Phase.RUN, loadRows);
  }

  /** The embedded cluster starts empty: a read or scan command gets PE's rows written first. */
  @Override
  public boolean loadBeforeRun() {
    return loadFirst;
  }

  /** After that load, a flush, so reads go through store files and the block cache, as on a cluster. */
  @Override
  public void runStarting(Phase phase) {
    if (!loadFirst) {
      return;
    }
    try (Admin admin = connections[0].getAdmin()) {
      new PeTableSetup(admin, spec, messages).flush();
    } catch (IOException e) {
      messages.println("[pe] flush after the load failed: " + ConnectivityCheck.rootMessage(e));
    }
  }

  @Override
  public void close() throws BindingException {
    closeAll(connections);
    try {
      access.close();
    } catch (IOException e) {
      throw new BindingException("stopping the embedded HBase failed: " + e.getMessage(), e);
    }
  }

  private static void closeAll(Connection[] connections) {
    for (Connection c : connections) {
      if (c != null) {
        try {
          c.close();
        } catch (IOException ignored) {
          // closing: nothing left to do with it
        }
      }
    }
  }
}
