package io.hbload.hbase.async;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.ReportLine;
import io.hbload.core.config.FaultSchedule;
import io.hbload.core.config.Phase;
import io.hbload.core.fault.FaultTarget;
import io.hbload.core.server.ServerSampler;
import io.hbload.hbase.config.OpsSpec;
import io.hbload.hbase.ops.ConnectivityCheck;
import io.hbload.hbase.ops.HBaseSession;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.User;

/**
 * A run's HBase state for pipelined workers: the blocking {@link HBaseSession} (cluster, table
 * set-up, block-cache figures, the embedded cluster's life) plus one {@link AsyncConnection} on the
 * same configuration, shared by every worker's {@link AsyncHBaseBinding} (it is thread-safe and,
 * like a blocking connection, heavy). Thread-safe.
 */
public final class AsyncHBaseSession implements BindingSession {
  private static final long CONNECT_TIMEOUT_SECONDS = 60;

  private final HBaseSession blocking;
  private final AsyncConnection connection;
  private final OpsSpec ops;
  private final PrintStream messages;

  private AsyncHBaseSession(
      HBaseSession blocking, AsyncConnection connection, OpsSpec ops, PrintStream messages) {
    this.blocking = blocking;
    this.connection = connection;
    this.ops = ops;
    this.messages = messages;
  }

  /**
   * Adds the async connection to an open session; on failure closes the session (the embedded
   * cluster with it) and throws with a one-line message.
   */
  public static AsyncHBaseSession open(HBaseSession blocking, OpsSpec ops, PrintStream messages)
      throws BindingException {
    Configuration conf = blocking.connection().getConfiguration();
    try {
      // on a secure cluster, as the same Kerberos login as the blocking connection (not the
      // process's login user)
      User user = blocking.kerberosUser();
      AsyncConnection c =
          (user == null
                  ? ConnectionFactory.createAsyncConnection(conf)
                  : ConnectionFactory.createAsyncConnection(conf, user))
              .get(CONNECT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
      return new AsyncHBaseSession(blocking, c, ops, messages);
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      closeAfterFailure(blocking);
      Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
      throw new BindingException(
          "HBase async connection: " + ConnectivityCheck.rootMessage(cause), cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      closeAfterFailure(blocking);
      throw new BindingException("HBase async connection: interrupted", e);
    }
  }

  private static void closeAfterFailure(HBaseSession blocking) {
    try {
      blocking.close();
    } catch (BindingException ignored) {
      // the connection failure is the one to report
    }
  }

  /**
   * Workers drive the async bindings even with one operation in flight ({@code hbase.async=true}).
   */
  @Override
  public boolean async() {
    return true;
  }

  @Override
  public AsyncBinding newAsyncBinding(int workerIndex) {
    return new AsyncHBaseBinding(connection, ops, messages);
  }

  @Override
  public Binding newBinding(int workerIndex) {
    return blocking.newBinding(workerIndex);
  }

  @Override
  public boolean loadBeforeRun() {
    return blocking.loadBeforeRun();
  }

  @Override
  public void runStarting(Phase phase) {
    blocking.runStarting(phase);
  }

  @Override
  public List<ReportLine> runFinished(Phase phase) {
    return blocking.runFinished(phase);
  }

  @Override
  public List<Object> runFigures() {
    return blocking.runFigures();
  }

  @Override
  public ServerSampler serverSampler() {
    return blocking.serverSampler();
  }

  @Override
  public FaultTarget faultTarget() {
    return blocking.faultTarget();
  }

  @Override
  public FaultTarget faultTarget(FaultSchedule schedule) {
    return blocking.faultTarget(schedule);
  }

  /** The blocking session underneath (its connection, the embedded cluster). */
  public HBaseSession blocking() {
    return blocking;
  }

  /**
   * Closes the async connection, then the blocking session (and the embedded cluster it started).
   */
  @Override
  public void close() throws BindingException {
    try {
      connection.close();
    } catch (IOException e) {
      messages.println("[hbase] closing the async connection: " + ConnectivityCheck.rootMessage(e));
    } finally {
      blocking.close();
    }
  }
}
