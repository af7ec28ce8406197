package io.hbload.hbase.pe;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.config.Phase;
import io.hbload.core.exec.OwnOperations;
import io.hbload.core.exec.WorkerOperations;
import io.hbload.core.measure.MeasuredBinding;
import io.hbload.hbase.conf.ClusterSpec;
import io.hbload.hbase.config.HBaseSettings;
import io.hbload.hbase.embedded.EmbeddedHBase;
import io.hbload.hbase.ops.ConnectivityCheck;
import io.hbload.hbase.ops.HBaseSession;
import java.io.IOException;
import java.io.PrintStream;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

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
  private final io.hbload.hbase.security.KerberosLogin login;

  private PeSession(PeSpec spec, Connection[] connections, EmbeddedHBase embedded, boolean loadFirst,
      PeResults results, PrintStream messages, io.hbload.hbase.security.KerberosLogin login) {
    this.login = login;
    this.spec = spec;
    this.connections = connections;
    this.embedded = embedded;
    this.loadFirst = loadFirst;
    this.results = results;
    this.messages = messages;
  }

  /** Opens: cluster (embedded when none is configured), connectivity check, PE's table, connections. */
  static PeSession open(HBaseSettings settings, PeSpec spec, PeResults results, PrintStream messages)
      throws BindingException {
    ClusterSpec cluster = settings.cluster();
    EmbeddedHBase embedded = null;
    Connection[] connections = new Connection[spec.oneCon() ? 1 : spec.clients()];
    io.hbload.hbase.security.KerberosLogin login = null;
    try {
      Configuration conf;
      if (!cluster.configured()) {
        messages.println("[hbase] no cluster configured: starting an embedded HBase on 127.0.0.1 ...");
        long t0 = System.nanoTime();
        embedded = EmbeddedHBase.start(settings.embeddedRegionServers());
        HBaseSession.banner(messages, embedded, (System.nanoTime() - t0) / 1e9);
        conf = embedded.clientConfiguration();
        cluster.passThrough().forEach(conf::set);
        ClusterSpec.boundTimeouts(conf);
      } else {
        conf = cluster.toConfiguration();
      }
      // as run does: a Kerberos login before the first connection, so a bad one is one line, not SASL retries
      login = io.hbload.hbase.security.KerberosLogin.loginIfRequested(settings.kerberos(), conf);
      if (login == null) {
        ConnectivityCheck.verify(conf, spec.table());
      } else {
        io.hbload.hbase.security.SecureClient.requireServerPrincipals(conf);
        ConnectivityCheck.verify(conf, spec.table(), login.hbaseUser());
      }
      for (int i = 0; i < connections.length; i++) {
        connections[i] = login == null ? ConnectionFactory.createConnection(conf)
            : ConnectionFactory.createConnection(conf, login.hbaseUser());
      }
      boolean hasData;
      try (Admin admin = connections[0].getAdmin()) {
        hasData = new PeTableSetup(admin, spec, messages).prepare(embedded != null);
      }
      messages.println("[pe] " + spec.test().command() + ": " + spec.clients() + " client(s) as threads, "
          + spec.perClientRows() + " rows each, " + spec.totalRows() + " rows in all, " + connections.length
          + " connection(s)");
      return new PeSession(spec, connections, embedded, !hasData, results, messages, login);
    } catch (BindingException | IOException | RuntimeException e) {
      closeAll(connections);
      if (login != null) {
        login.close();
      }
      if (embedded != null) {
        try {
          embedded.close();
        } catch (IOException ignored) {
          // the open failure is the one to report
        }
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
    if (login != null) {
      login.close();
    }
    if (embedded != null) {
      try {
        embedded.close();
      } catch (IOException e) {
        throw new BindingException("stopping the embedded HBase failed: " + e.getMessage(), e);
      }
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
