package io.hbload.mapreduce.task;

import io.hbload.core.launch.Launcher;
import io.hbload.hbase.pe.PeBindingProvider;
import io.hbload.hbase.pe.PeClientResult;
import io.hbload.mapreduce.config.JobKeys;
import io.hbload.mapreduce.config.PeTaskSpec;
import io.hbload.mapreduce.config.PhaseTaskSpec;
import io.hbload.mapreduce.config.ShardFiles;
import io.hbload.mapreduce.pe.PeShardResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * One PE client of a {@code mapreduce pe} job, as PE's MapReduce mode runs one client per map task:
 * the task's input line is its shard index I, which is PE client I (one thread; the binding maps
 * shard I's worker to client I, so it works on PE's rows of client I). It runs as {@link
 * PhaseMapper} runs a shard, with the PE binding built from the driver's {@link
 * io.hbload.hbase.pe.PeSpec}, and commits the shard's {@code .hlog} and JSON plus its client's
 * {@link PeShardResult} ({@code .pe}), all through the attempt's work directory: only the attempt
 * that succeeds publishes them. With {@code --metrics pushgateway:URL} the client pushes its meters
 * as it runs ({@link ShardMetrics}, shard I = client I).
 */
public final class PeMapper extends Mapper<LongWritable, Text, NullWritable, NullWritable> {
  @Override
  protected void map(LongWritable offset, Text line, Context context)
      throws IOException, InterruptedException {
    PhaseTaskSpec task = PhaseTaskSpec.readFrom(context.getConfiguration());
    PeBindingProvider provider =
        new PeBindingProvider(PeTaskSpec.readFrom(context.getConfiguration()));
    int shard = JobKeys.shardOfLine(line.toString(), task.shards());
    ShardRun run = ShardRun.prepare(task, shard, provider, provider);
    // the attempt's logs get what hbload pe prints, but PE's lines: the driver prints those
    Launcher.Outcome outcome = run.launch(context);
    List<PeClientResult> clients = PeClientResult.of(provider.spec(), outcome.result());
    if (outcome.workerFailed() || clients.size() != 1) {
      throw new IOException(
          "shard "
              + run.spec.execution().shard()
              + ": run failed: "
              + (outcome.workerFailed()
                  ? outcome.result().stopReason()
                  : "PE client " + shard + " published no result"));
    }
    Path pe = run.local.resolve(ShardFiles.name(shard, ShardFiles.PE));
    Files.write(pe, PeShardResult.of(clients.get(0)).lines(), StandardCharsets.UTF_8);
    run.commit(context, run.hlog, run.json, pe);
  }
}
