package io.hbload.mapreduce.config;

import java.net.URI;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * Where a job's map tasks push their live metrics ({@code --metrics pushgateway:URL}) and the
 * workload tag their meters carry (the name the driver's command line gave, which the tasks'
 * properties no longer hold). Beside {@link PhaseTaskSpec} and {@link DfsioTaskSpec} rather than
 * inside them: any kind of job's tasks can push, and a job without {@code --metrics} writes
 * nothing. Immutable.
 *
 * @param pushgateway the Pushgateway's base URL, e.g. {@code http://pushgateway:9091}
 * @param workload the {@code workload} tag, e.g. {@code a} or a property file's name
 */
public record TaskMetricsSpec(URI pushgateway, String workload) {
  public TaskMetricsSpec {
    if (pushgateway == null || workload == null) {
      throw new IllegalArgumentException("pushgateway and workload are required");
    }
  }

  /** Writes this into a job's configuration. */
  public void writeTo(Configuration conf) {
    conf.set(JobKeys.METRICS_PUSHGATEWAY, pushgateway.toString());
    conf.set(JobKeys.METRICS_WORKLOAD, workload);
  }

  /** What {@link #writeTo} wrote; empty when the job was submitted without {@code --metrics}. */
  public static Optional<TaskMetricsSpec> readFrom(Configuration conf) {
    // raw: Configuration#get would expand ${...}, and a URL or a file name may hold one
    String url = conf.getRaw(JobKeys.METRICS_PUSHGATEWAY);
    if (url == null) {
      return Optional.empty();
    }
    String workload = conf.getRaw(JobKeys.METRICS_WORKLOAD);
    return Optional.of(
        new TaskMetricsSpec(URI.create(url), workload == null ? "custom" : workload));
  }
}
