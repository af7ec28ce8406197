package io.hbload.mapreduce.task;

import io.hbload.core.Launcher;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.Bindings;
import io.hbload.core.config.RunSpec;
import io.hbload.core.config.SpecParser;
import io.hbload.mapreduce.config.JobKeys;
import io.hbload.mapreduce.config.PhaseTaskSpec;
import io.hbload.mapreduce.config.TaskMetricsSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * One shard of a {@code load} or {@code run}: the map task's one input line is its shard index. It parses the run's
 * properties plus its own (shard, shared start, log files) exactly as a single-host run is parsed, launches it with
 * {@link Launcher}, and copies its {@code .hlog} and JSON into the task attempt's work directory, which the output
 * committer publishes only for the attempt that succeeds: a killed, failed or speculative attempt's files are
 * discarded, so every operation is counted once. A run that failed (not one with failed operations) fails the
 * attempt, with the reason as its diagnostics, and MapReduce retries the shard. With {@code --metrics
 * pushgateway:URL} the shard pushes its meters as it runs ({@link ShardMetrics}).
 */
public final class PhaseMapper extends Mapper<LongWritable, Text, NullWritable, NullWritable> {
  @Override
  protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
    PhaseTaskSpec task = PhaseTaskSpec.readFrom(context.getConfiguration());
    int shard = JobKeys.shardOfLine(line.toString(), task.shards());
    // the container's working directory: the NodeManager removes it with the container
    java.nio.file.Path local = Files.createTempDirectory(java.nio.file.Path.of("").toAbsolutePath(), "hbload-");
    java.nio.file.Path hlog = local.resolve(ShardFiles.name(shard, ShardFiles.HLOG));
    java.nio.file.Path json = local.resolve(ShardFiles.name(shard, ShardFiles.JSON));
    RunSpec spec = SpecParser.parse(task.forShard(shard, hlog, json), task.phase());
    // the attempt's stdout and stderr logs get what a single-host run prints
    PrintStream out = System.out;
    PrintStream messages = System.err;
    Launcher.Outcome outcome;
    // closed first: the final metrics push happens while the keeper still reports progress
    try (ProgressKeeper keeper = ProgressKeeper.start(context);
        ShardMetrics metrics = ShardMetrics.open(TaskMetricsSpec.readFrom(context.getConfiguration()), spec, messages)) {
      Launcher launcher = new Launcher(spec, Bindings.find(spec.binding()), messages, out,
          metrics.listeners(new TaskProgress(context, spec.shard().toString())));
      metrics.watch(launcher);
      outcome = launcher.launch();
    } catch (BindingException e) {
      throw new IOException("shard " + spec.shard() + ": " + e.getMessage(), e);
    }
    if (outcome.workerFailed()) {
      throw new IOException("shard " + spec.shard() + ": run failed: " + outcome.result().stopReason());
    }
    Path work = FileOutputFormat.getWorkOutputPath(context);
    FileSystem fs = work.getFileSystem(context.getConfiguration());
    for (java.nio.file.Path file : List.of(hlog, json)) {
      fs.copyFromLocalFile(true, true, new Path(file.toUri()), new Path(work, file.getFileName().toString()));
    }
  }
}
