package io.hbload.mapreduce.task;

import io.hbload.core.exec.RunListener;
import io.hbload.core.launch.Launcher;
import io.hbload.core.result.ClientInfo;
import io.hbload.core.spec.RunSpec;
import io.hbload.hdfs.report.RunResult;
import io.hbload.mapreduce.config.TaskMetricsSpec;
import io.hbload.observe.DfsioMeters;
import io.hbload.observe.MetricsSession;
import io.hbload.observe.MetricsTarget;
import io.hbload.observe.RunTags;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A shard's live metrics when its job was submitted with {@code --metrics pushgateway:URL}: the
 * same meters as a single-host run's ({@link MetricsSession}), tagged with this task's shard index
 * and host, pushed at every status interval and once more at the end to the group {@code
 * job/hbload/host/<host>/shard/<index>}, so that the shards' series sit side by side and never
 * replace each other. Without {@code --metrics} it is inert.
 *
 * <p>Metrics never fail a task: a gateway that is down or refuses gives one line in the task's
 * stderr log per failed push, as a single-host run prints it, and the shard goes on; so does a
 * session that cannot be opened. Closed after the run, on the task's thread, while the task still
 * reports progress. A dfsio task has no status intervals: it publishes its pass once, at its end,
 * as a single-host dfsio does ({@link DfsioMeters}).
 */
final class ShardMetrics implements AutoCloseable {
  private final Optional<MetricsSession> session;
  private final PrintStream messages;

  private ShardMetrics(Optional<MetricsSession> session, PrintStream messages) {
    this.session = session;
    this.messages = messages;
  }

  /**
   * The session {@code metrics} asks for, for this shard of a load or run ({@code spec}), or an
   * inert one.
   */
  static ShardMetrics open(Optional<TaskMetricsSpec> metrics, RunSpec spec, PrintStream messages) {
    return open(metrics, spec.binding().name(), spec.execution().shard().index(), messages);
  }

  /**
   * The session {@code metrics} asks for, for task {@code shard} of a job on {@code binding}, or an
   * inert one.
   */
  static ShardMetrics open(
      Optional<TaskMetricsSpec> metrics, String binding, int shard, PrintStream messages) {
    if (metrics.isEmpty()) {
      return new ShardMetrics(Optional.empty(), messages);
    }
    TaskMetricsSpec m = metrics.get();
    try {
      return new ShardMetrics(
          Optional.of(
              new MetricsSession(
                  new MetricsTarget(MetricsTarget.Kind.PUSHGATEWAY, 0, m.pushgateway()),
                  "",
                  Duration.ZERO,
                  tags(m, binding, shard, ClientInfo.localHost()),
                  messages)),
          messages);
    } catch (IOException | RuntimeException e) {
      messages.println("hbload: no metrics from this shard: " + e);
      return new ShardMetrics(Optional.empty(), messages);
    }
  }

  /** The tags of task {@code shard} of a job on {@code binding}, running on {@code host}. */
  static RunTags tags(TaskMetricsSpec metrics, String binding, int shard, String host) {
    return new RunTags(metrics.workload(), binding, shard, host);
  }

  /** The task's own listeners plus the session's, for the launcher. */
  List<RunListener> listeners(RunListener... task) {
    List<RunListener> all = new ArrayList<>(List.of(task));
    session.ifPresent(s -> all.add(s.listener()));
    return all;
  }

  /** Feeds the in-flight gauge from the launcher that runs the shard. */
  void watch(Launcher launcher) {
    session.ifPresent(s -> s.runMeters().inFlight(launcher::inFlight));
  }

  /**
   * Adds a finished dfsio pass's meters (pushed by {@link #close}); {@code pass} is made only when
   * pushing.
   */
  void dfsioPassFinished(Supplier<RunResult> pass) {
    try {
      session.ifPresent(s -> new DfsioMeters(s).passFinished(pass.get()));
    } catch (RuntimeException e) {
      messages.println("hbload: no metrics from this task's pass: " + e);
    }
  }

  /** The session, for tests and the caller's own meters. */
  Optional<MetricsSession> session() {
    return session;
  }

  /** The final push (a failure is a line in the log, never the task's failure). */
  @Override
  public void close() {
    try {
      session.ifPresent(MetricsSession::close);
    } catch (RuntimeException e) {
      messages.println("hbload: final metrics push failed: " + e);
    }
  }
}
