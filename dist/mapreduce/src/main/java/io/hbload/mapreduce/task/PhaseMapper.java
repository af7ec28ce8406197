package io.hbload.mapreduce.task;

import io.hbload.core.launch.Launcher;
import io.hbload.mapreduce.config.JobKeys;
import io.hbload.mapreduce.config.PhaseTaskSpec;
import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * One shard of a {@code load} or {@code run}: the map task's one input line is its shard index. It
 * parses the run's properties plus its own (shard, shared start, log files) exactly as a
 * single-host run is parsed, launches it with {@link Launcher}, and copies its {@code .hlog} and
 * JSON into the task attempt's work directory, which the output committer publishes only for the
 * attempt that succeeds: a killed, failed or speculative attempt's files are discarded, so every
 * operation is counted once. A run that failed (not one with failed operations) fails the attempt,
 * with the reason as its diagnostics, and MapReduce retries the shard. With {@code --metrics
 * pushgateway:URL} the shard pushes its meters as it runs ({@link ShardMetrics}).
 */
public final class PhaseMapper extends Mapper<LongWritable, Text, NullWritable, NullWritable> {
  @Override
  protected void map(LongWritable offset, Text line, Context context)
      throws IOException, InterruptedException {
    PhaseTaskSpec task = PhaseTaskSpec.readFrom(context.getConfiguration());
    ShardRun run =
        ShardRun.prepare(task, JobKeys.shardOfLine(line.toString(), task.shards()), null, null);
    Launcher.Outcome outcome = run.launch(context);
    if (outcome.workerFailed()) {
      throw new IOException(
          "shard "
              + run.spec.execution().shard()
              + ": run failed: "
              + outcome.result().stopReason());
    }
    run.commit(context, run.hlog, run.json);
  }
}
