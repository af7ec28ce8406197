package io.hbload.mapreduce.task;

import io.hbload.core.Launcher;
import io.hbload.core.binding.BindingException;
import io.hbload.core.config.RunSpec;
import io.hbload.core.config.SpecParser;
import io.hbload.hbase.pe.PeBindingProvider;
import io.hbload.hbase.pe.PeClientResult;
import io.hbload.mapreduce.config.JobKeys;
import io.hbload.mapreduce.config.PeTaskSpec;
import io.hbload.mapreduce.config.PhaseTaskSpec;
import io.hbload.mapreduce.config.TaskMetricsSpec;
import io.hbload.mapreduce.pe.PeShardResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
 * One PE client of a {@code mapreduce pe} job, as PE's MapReduce mode runs one client per map task: the task's
 * input line is its shard index I, which is PE client I (one thread; the binding maps shard I's worker to client
 * I, so it works on PE's rows of client I). It runs as {@link PhaseMapper} runs a shard, with the PE binding built
 * from the driver's {@link io.hbload.hbase.pe.PeSpec}, and commits the shard's {@code .hlog} and JSON plus its
 * client's {@link PeShardResult} ({@code .pe}), all through the attempt's work directory: only the attempt that
 * succeeds publishes them. With {@code --metrics pushgateway:URL} the client pushes its meters as it runs
 * ({@link ShardMetrics}, shard I = client I).
 */
public final class PeMapper extends Mapper<LongWritable, Text, NullWritable, NullWritable> {
  @Override
  protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
    PhaseTaskSpec task = PhaseTaskSpec.readFrom(context.getConfiguration());
    PeBindingProvider provider = new PeBindingProvider(PeTaskSpec.readFrom(context.getConfiguration()));
    int shard = JobKeys.shardOfLine(line.toString(), task.shards());
    // the container's working directory: the NodeManager removes it with the container
    java.nio.file.Path local = Files.createTempDirectory(java.nio.file.Path.of("").toAbsolutePath(), "hbload-");
    java.nio.file.Path hlog = local.resolve(ShardFiles.name(shard, ShardFiles.HLOG));
    java.nio.file.Path json = local.resolve(ShardFiles.name(shard, ShardFiles.JSON));
    java.nio.file.Path pe = local.resolve(ShardFiles.name(shard, ShardFiles.PE));
    RunSpec spec = SpecParser.parse(task.forShard(shard, hlog, json), task.phase(), provider);
    Launcher.Outcome outcome;
    // closed first: the final metrics push happens while the keeper still reports progress
    try (ProgressKeeper keeper = ProgressKeeper.start(context);
        ShardMetrics metrics = ShardMetrics.open(TaskMetricsSpec.readFrom(context.getConfiguration()), spec,
            System.err)) {
      // the attempt's stdout and stderr logs get what hbload pe prints, but PE's lines: the driver prints those
      Launcher launcher = new Launcher(spec, provider, System.err, System.out,
          metrics.listeners(new TaskProgress(context, spec.shard().toString())));
      metrics.watch(launcher);
      outcome = launcher.launch();
    } catch (BindingException e) {
      throw new IOException("shard " + spec.shard() + ": " + e.getMessage(), e);
    }
    List<PeClientResult> clients = provider.results().clients();
    if (outcome.workerFailed() || clients.size() != 1) {
      throw new IOException("shard " + spec.shard() + ": run failed: " + (outcome.workerFailed()
          ? outcome.result().stopReason() : "PE client " + shard + " published no result"));
    }
    Files.write(pe, PeShardResult.of(clients.get(0)).lines(), StandardCharsets.UTF_8);
    Path work = FileOutputFormat.getWorkOutputPath(context);
    FileSystem fs = work.getFileSystem(context.getConfiguration());
    for (java.nio.file.Path file : List.of(hlog, json, pe)) {
      fs.copyFromLocalFile(true, true, new Path(file.toUri()), new Path(work, file.getFileName().toString()));
    }
  }
}
