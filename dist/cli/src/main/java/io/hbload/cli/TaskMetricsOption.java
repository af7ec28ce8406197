package io.hbload.cli;

import io.hbload.mapreduce.config.TaskMetricsSpec;
import io.hbload.observe.MetricsTarget;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/**
 * {@code --metrics pushgateway:URL} for {@code hbload mapreduce}: every map task pushes its shard's
 * meters (the same ones as a single-host run's {@code --metrics}) to the gateway, each shard in its
 * own group. The scrape endpoint, {@code prometheus[:PORT]}, is bad input here: it would listen in
 * a task JVM on whichever node YARN picked, for as long as the task lives, which is nothing a
 * Prometheus server can be pointed at. A mixin, one line in a command.
 */
public final class TaskMetricsOption {
  @Option(
      names = "--metrics",
      paramLabel = "pushgateway:URL",
      converter = PushgatewayOnly.class,
      description =
          "Each map task pushes its shard's live metrics to this Pushgateway every status interval and at "
              + "the end (dfsio: its pass, at its end), in its own group (job=hbload, host, shard); prometheus[:PORT] "
              + "is not accepted here: there is no single process to scrape")
  MetricsTarget target;

  /**
   * What the tasks are told, or empty without {@code --metrics}; {@code workload} becomes their
   * workload tag.
   */
  Optional<TaskMetricsSpec> forTasks(String workload) {
    return Optional.ofNullable(target).map(t -> new TaskMetricsSpec(t.pushgateway(), workload));
  }

  /** Parses as {@code --metrics} everywhere, then accepts only a Pushgateway. */
  static final class PushgatewayOnly implements ITypeConverter<MetricsTarget> {
    @Override
    public MetricsTarget convert(String value) {
      MetricsTarget t = new MetricsOptions.TargetConverter().convert(value);
      if (t.kind() != MetricsTarget.Kind.PUSHGATEWAY) {
        throw new CommandLine.TypeConversionException(
            "map tasks push their metrics: give pushgateway:URL "
                + "(a scrape port in tasks on the cluster's nodes is nothing Prometheus can be pointed at)");
      }
      return t;
    }
  }
}
