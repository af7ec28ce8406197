package io.hbload.hbase.pe;

import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.RunSession;
import io.hbload.core.config.Phase;
import io.hbload.core.config.ShardSpec;
import io.hbload.core.server.ServerSampler;
import io.hbload.core.source.BlockingStep;
import io.hbload.core.source.OperationSource;
import io.hbload.core.source.PhaseContext;
import io.hbload.core.source.PipelinedStep;
import io.hbload.core.source.Workload;
import io.hbload.hbase.cluster.EmbeddedCluster;
import io.hbload.hbase.config.HBaseSettings;
import io.hbload.hbase.ops.ClusterAccess;
import io.hbload.hbase.ops.ConnectivityCheck;
import io.hbload.hbase.ops.ServerReadings;
import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * One {@code hbload pe} run's HBase state: the cluster (the configured one, or the embedded one as
 * for {@code run}), PE's table, and PE's connections: one per client, or one shared with --oneCon.
 * It is also PE's {@link Workload}: each worker gets a {@link PeClient} and a {@link PeSource}
 * whose steps call it; for PE's async commands the workers are pipelined and get a {@link
 * PeAsyncClient} on an {@link AsyncConnection} (again one per client, or one with --oneCon; the one
 * blocking connection then only sets the table up) and a {@link PeAsyncSource}. On the embedded
 * cluster, which starts empty, a read or scan command is preceded by the engine's load of PE's rows
 * (sequentialWrite's layout), then a flush.
 *
 * <p>A sharded run ({@code hbload.shard=I/N}, as {@code hbload mapreduce pe} gives each map task)
 * is one slice of the clients: with T threads, shard I runs PE clients I x T .. I x T + T - 1 of
 * the N x T, and the table is the coordinator's to prepare, once, before the shards start ({@link
 * PeShardSetup}): a shard only checks it is there. Thread-safe.
 */
public final class PeSession implements RunSession, Workload<PeClient, PeAsyncClient> {
  private final PeSpec spec;
  private static final long ASYNC_CONNECT_TIMEOUT_SECONDS = 60;

  private final Connection[] connections;
  private final AsyncConnection[] asyncConnections;
  private final EmbeddedCluster embedded;
  private final boolean loadFirst;
  private final PrintStream messages;
  private final AtomicInteger loadRows = new AtomicInteger();
  private final ClusterAccess access;

  /** What samples the RegionServers during the phase, as for {@code run}; null when none can be. */
  private final ServerSampler serverSampler;

  /** The PE client index of this process's worker 0: 0 unless the run is a shard of the clients. */
  private final int firstClient;

  private PeSession(
      PeSpec spec,
      Connection[] connections,
      AsyncConnection[] asyncConnections,
      ClusterAccess access,
      boolean loadFirst,
      PrintStream messages,
      int firstClient,
      ServerSampler serverSampler) {
    this.access = access;
    this.serverSampler = serverSampler;
    this.firstClient = firstClient;
    this.spec = spec;
    this.connections = connections;
    this.asyncConnections = asyncConnections;
    this.embedded = access.embedded();
    this.loadFirst = loadFirst;
    this.messages = messages;
  }

  /**
   * Opens: cluster (embedded when none is configured), connectivity check, PE's table, connections.
   *
   * @param shard this process's shard of the clients, {@link ShardSpec#WHOLE} for all of them
   * @param threads the run's threads: PE's clients in this process
   */
  static PeSession open(
      HBaseSettings settings, PeSpec spec, PrintStream messages, ShardSpec shard, int threads)
      throws BindingException {
    if ((long) shard.count() * threads != spec.execution().clients()) {
      // the engine's threads are PE's clients: N shards of T threads must make PE's nclients
      throw new BindingException(
          "PE's "
              + spec.execution().clients()
              + " clients are not "
              + shard.count()
              + " shard(s) of "
              + threads
              + " thread(s)");
    }
    boolean async = spec.workload().test().async();
    int perClient = spec.execution().oneCon() ? 1 : threads;
    Connection[] connections = new Connection[async ? 1 : perClient];
    AsyncConnection[] asyncConnections = new AsyncConnection[async ? perClient : 0];
    ClusterAccess access = null;
    try {
      // as run reaches its cluster: configured or embedded, the Kerberos login, the connectivity
      // check
      access = ClusterAccess.open(settings, spec.table().name(), true, messages);
      EmbeddedCluster embedded = access.embedded();
      for (int i = 0; i < connections.length; i++) {
        connections[i] = access.connect();
      }
      for (int i = 0; i < asyncConnections.length; i++) {
        asyncConnections[i] = connectAsync(access);
      }
      boolean hasData;
      ServerSampler sampler;
      try (Admin admin = connections[0].getAdmin()) {
        // as run samples them, from one client only (shard 0): the engine samples no other
        // shard's, and a map task per client need not ask the master for the live servers
        sampler =
            shard.index() == 0
                ? ServerReadings.open(access, admin, settings, messages).sampler()
                : null;
        PeTableSetup setup = new PeTableSetup(admin, spec, messages);
        if (shard.sharded()) {
          setup.requireTable(); // prepared once by the coordinator: a shard re-creating it would
          // drop the others' rows
          hasData = true;
        } else {
          hasData = setup.prepare(embedded != null);
        }
      }
      int firstClient = shard.index() * threads;
      messages.println(
          "[pe] "
              + spec.workload().test().command()
              + ": "
              + (shard.sharded()
                  ? "client(s) "
                      + firstClient
                      + ".."
                      + (firstClient + threads - 1)
                      + " of "
                      + spec.execution().clients()
                  : spec.execution().clients() + " client(s)")
              + " as threads, "
              + spec.rows().perClientRows()
              + " rows each, "
              + spec.rows().totalRows()
              + " rows in all, "
              + (async
                  ? asyncConnections.length + " async connection(s)"
                  : connections.length + " connection(s)"));
      return new PeSession(
          spec, connections, asyncConnections, access, !hasData, messages, firstClient, sampler);
    } catch (BindingException | IOException | RuntimeException e) {
      closeAll(connections);
      closeAll(asyncConnections);
      if (access != null) {
        access.closeQuietly();
      }
      if (e instanceof BindingException be) {
        throw be;
      }
      throw new BindingException("HBase: " + ConnectivityCheck.rootMessage(e), e);
    }
  }

  /** An async connection as the Kerberos login when there is one (as the blocking connections). */
  private static AsyncConnection connectAsync(ClusterAccess access) throws IOException {
    try {
      return (access.user() == null
              ? ConnectionFactory.createAsyncConnection(access.configuration())
              : ConnectionFactory.createAsyncConnection(access.configuration(), access.user()))
          .get(ASYNC_CONNECT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw new IOException(
          "async connection: " + ConnectivityCheck.rootMessage(e.getCause()), e.getCause());
    } catch (TimeoutException e) {
      throw new IOException(
          "async connection: none within " + ASYNC_CONNECT_TIMEOUT_SECONDS + " s", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("async connection: interrupted");
    }
  }

  /** Samples the servers while the phase runs: GC, memstore, queues, requests, block cache. */
  @Override
  public ServerSampler serverSampler() {
    return serverSampler;
  }

  /**
   * PE's async commands run on pipelined workers, even with 1 operation in flight (PE's own
   * behaviour).
   */
  @Override
  public boolean async() {
    return spec.workload().test().async();
  }

  @Override
  public RunSession session() {
    return this;
  }

  @Override
  public PeAsyncClient newAsyncClient(int workerIndex) throws BindingException {
    if (!spec.workload().test().async()) {
      throw new BindingException(
          spec.workload().test().command() + " is not an async command: 1 operation in flight");
    }
    return new PeAsyncClient(
        firstClient + workerIndex, asyncConnections[workerIndex % asyncConnections.length], spec);
  }

  /** The worker's async command on the {@link PeAsyncClient} this session made for it. */
  @Override
  public OperationSource<PipelinedStep<PeAsyncClient>> pipelined(
      int workerIndex, PhaseContext phase, PeAsyncClient client, SplittableRandom random) {
    return new PeAsyncSource(
        spec, client, random, phase.phase() == Phase.RUN, loadRows, phase.measures());
  }

  @Override
  public PeClient newClient(int workerIndex) throws BindingException {
    try {
      // the load before a read command writes as sequentialWrite does: through a buffered mutator
      boolean buffered =
          loadFirst && loadRows.get() < spec.rows().totalRows()
              || spec.workload().test().writes() && !spec.execution().autoFlush();
      return new PeClient(
          firstClient + workerIndex, connections[workerIndex % connections.length], spec, buffered);
    } catch (IOException e) {
      throw new BindingException(
          "PE client " + workerIndex + ": " + ConnectivityCheck.rootMessage(e), e);
    }
  }

  /** The worker's command on the {@link PeClient} this session made for it. */
  @Override
  public OperationSource<BlockingStep<PeClient>> blocking(
      int workerIndex, PhaseContext phase, PeClient client, SplittableRandom random) {
    return new PeSource(
        spec, client, random, phase.phase() == Phase.RUN, loadRows, phase.measures());
  }

  /** The embedded cluster starts empty: a read or scan command gets PE's rows written first. */
  @Override
  public boolean loadBeforeRun() {
    return loadFirst;
  }

  /**
   * After that load, a flush, so reads go through store files and the block cache, as on a cluster.
   */
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
    closeAll(asyncConnections);
    closeAll(connections);
    try {
      access.close();
    } catch (IOException e) {
      throw new BindingException("stopping the embedded HBase failed: " + e.getMessage(), e);
    }
  }

  private static void closeAll(Closeable[] connections) {
    for (Closeable c : connections) {
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
