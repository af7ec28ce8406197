package io.hbload.mapreduce.task;

import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingKind;
import io.hbload.core.launch.Launcher;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.source.WorkloadType;
import io.hbload.core.spec.RunSpec;
import io.hbload.mapreduce.config.PhaseTaskSpec;
import io.hbload.mapreduce.config.ShardFiles;
import io.hbload.mapreduce.config.TaskMetricsSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * One shard of a load, run or PE job inside its map task, as {@link PhaseMapper} and {@link
 * PeMapper} both run it: the shard's files in the container's working directory (the NodeManager
 * removes it with the container), its spec parsed exactly as a single-host run's, the launch with
 * the task's progress and live metrics, and the commit of its files through the attempt's work
 * directory, which only the attempt that succeeds publishes.
 */
final class ShardRun {
  final Path local;
  final Path hlog;
  final Path json;
  final RunSpec spec;

  private ShardRun(Path local, Path hlog, Path json, RunSpec spec) {
    this.local = local;
    this.hlog = hlog;
    this.json = json;
    this.spec = spec;
  }

  /**
   * Shard {@code shard} of {@code task}, its properties parsed with {@code kind}'s settings and run
   * by {@code workload} (both null: YCSB's CoreWorkload on the binding its {@code db} names).
   */
  static ShardRun prepare(PhaseTaskSpec task, int shard, BindingKind kind, WorkloadType workload)
      throws IOException {
    Path local = Files.createTempDirectory(Path.of("").toAbsolutePath(), "hbload-");
    Path hlog = local.resolve(ShardFiles.name(shard, ShardFiles.HLOG));
    Path json = local.resolve(ShardFiles.name(shard, ShardFiles.JSON));
    return new ShardRun(
        local,
        hlog,
        json,
        SpecParser.parse(task.forShard(shard, hlog, json), task.phase(), kind, workload));
  }

  /**
   * Runs the shard on the provider its spec was parsed with; the attempt's stdout and stderr logs
   * get what a single-host run prints. With {@code --metrics pushgateway:URL} it pushes its meters
   * as it runs ({@link ShardMetrics}).
   */
  Launcher.Outcome launch(TaskInputOutputContext<?, ?, ?, ?> context) throws IOException {
    // closed first: the final metrics push happens while the keeper still reports progress
    try (ProgressKeeper keeper = ProgressKeeper.start(context);
        ShardMetrics metrics =
            ShardMetrics.open(
                TaskMetricsSpec.readFrom(context.getConfiguration()), spec, System.err)) {
      Launcher launcher =
          new Launcher(
              spec,
              System.err,
              System.out,
              metrics.listeners(new TaskProgress(context, spec.execution().shard().toString())));
      metrics.watch(launcher);
      return launcher.launch();
    } catch (BindingException e) {
      throw new IOException("shard " + spec.execution().shard() + ": " + e.getMessage(), e);
    }
  }

  /** Moves {@code files} into the attempt's work directory, for the output committer to publish. */
  void commit(TaskInputOutputContext<?, ?, ?, ?> context, Path... files)
      throws IOException, InterruptedException {
    org.apache.hadoop.fs.Path work = FileOutputFormat.getWorkOutputPath(context);
    FileSystem fs = work.getFileSystem(context.getConfiguration());
    for (Path file : files) {
      fs.copyFromLocalFile(
          true,
          true,
          new org.apache.hadoop.fs.Path(file.toUri()),
          new org.apache.hadoop.fs.Path(work, file.getFileName().toString()));
    }
  }
}
