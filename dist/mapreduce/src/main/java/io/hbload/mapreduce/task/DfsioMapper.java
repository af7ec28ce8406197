package io.hbload.mapreduce.task;

import com.sun.management.OperatingSystemMXBean;
import io.hbload.hdfs.coder.CoderSelection;
import io.hbload.hdfs.coder.CoderStats;
import io.hbload.hdfs.coder.IsalLibrary;
import io.hbload.hdfs.stream.FileResult;
import io.hbload.hdfs.stream.ParallelStreams;
import io.hbload.hdfs.stream.RunDirectory;
import io.hbload.mapreduce.config.DfsioTaskSpec;
import io.hbload.mapreduce.config.JobKeys;
import io.hbload.mapreduce.config.ShardFiles;
import io.hbload.mapreduce.config.TaskMetricsSpec;
import io.hbload.mapreduce.dfsio.DfsioAggregate;
import io.hbload.mapreduce.dfsio.DfsioShardResult;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * One dfsio map task, as TestDFSIO's: its input line is its index, and it writes (or reads and
 * verifies byte by byte) its contiguous slice of the run's files with hdfs-io's streams, from the
 * shared start instant on, then commits what it measured ({@link DfsioShardResult}) to the task
 * attempt's work directory: only the successful attempt's result is published. The raw coder is
 * resolved in this JVM, so the result says which coder ran here. With {@code --metrics
 * pushgateway:URL} the task pushes its pass's meters at its end ({@link ShardMetrics}).
 */
public final class DfsioMapper extends Mapper<LongWritable, Text, NullWritable, NullWritable> {
  @Override
  protected void map(LongWritable offset, Text line, Context context)
      throws IOException, InterruptedException {
    DfsioTaskSpec task = DfsioTaskSpec.readFrom(context.getConfiguration());
    int shard = JobKeys.shardOfLine(line.toString(), task.shards());
    DfsioTaskSpec.FileSlice slice = task.filesOf(shard);
    Configuration conf = new Configuration(context.getConfiguration());
    conf.set(CoderSelection.RS_RAWCODERS_KEY, CoderSelection.resolve(task.coder()).rawCoders());
    Counter files = context.getCounter(ShardCounter.FILES);
    Counter bytes = context.getCounter(ShardCounter.BYTES);
    DfsioShardResult result;
    try (ProgressKeeper keeper = ProgressKeeper.start(context);
        DistributedFileSystem fs = (DistributedFileSystem) FileSystem.newInstance(conf)) {
      RunDirectory dir = new RunDirectory(fs, task.baseDir());
      long late = awaitStart(task.startAtEpochMillis());
      long start = System.currentTimeMillis();
      long cpu = processCpuNanos();
      CoderStats.Snapshot coder = CoderStats.snapshot();
      List<FileResult> done =
          ParallelStreams.run(
              fs,
              slice.count(),
              task.streams(),
              task.bufferBytes(),
              (streams, i) -> {
                int file = slice.first() + i;
                Path path = dir.file(task.policy(), file);
                FileResult r =
                    task.pass() == DfsioTaskSpec.Pass.WRITE
                        ? streams.write(path, file, task.fileBytes(), task.policy())
                        : streams.read(path, file, task.fileBytes());
                synchronized (context) {
                  files.increment(1);
                  bytes.increment(r.bytes());
                  context.setStatus(
                      "shard "
                          + shard
                          + "/"
                          + task.shards()
                          + ": "
                          + files.getValue()
                          + " of "
                          + slice.count()
                          + " files");
                }
                return r;
              });
      CoderStats.Snapshot used = CoderStats.snapshot().minus(coder);
      result =
          new DfsioShardResult(
              shard,
              CoderSelection.coderInUse(conf, task.policy()),
              IsalLibrary.status(),
              start,
              System.currentTimeMillis(),
              late,
              processCpuNanos() - cpu,
              used.encodeNanos(),
              used.decodeNanos(),
              done);
    }
    publishMetrics(context.getConfiguration(), task, result);
    Path out =
        new Path(
            FileOutputFormat.getWorkOutputPath(context), ShardFiles.name(shard, ShardFiles.DFSIO));
    try (FSDataOutputStream o = out.getFileSystem(conf).create(out, true)) {
      o.write((String.join("\n", result.lines()) + "\n").getBytes(StandardCharsets.UTF_8));
    }
  }

  /**
   * With {@code --metrics pushgateway:URL}: this task's pass, as its own shard's group (never fails
   * the task).
   */
  private static void publishMetrics(
      Configuration conf, DfsioTaskSpec task, DfsioShardResult result) {
    try (ShardMetrics metrics =
        ShardMetrics.open(TaskMetricsSpec.readFrom(conf), "hdfs", result.shard(), System.err)) {
      metrics.dfsioPassFinished(
          () ->
              DfsioAggregate.of(
                  task.pass().toString(),
                  task.policy().toString(),
                  "task " + result.shard(),
                  List.of(result),
                  0));
    }
  }

  /** Sleeps until the shared start; returns how late this task is (0 when on time). */
  private static long awaitStart(long startAtEpochMillis) throws InterruptedException {
    long now = System.currentTimeMillis();
    if (now >= startAtEpochMillis) {
      return now - startAtEpochMillis;
    }
    while ((now = System.currentTimeMillis()) < startAtEpochMillis) {
      Thread.sleep(Math.min(100, startAtEpochMillis - now));
    }
    return 0;
  }

  private static long processCpuNanos() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    return os instanceof OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
  }
}
