package io.hbload.mapreduce;

import io.hbload.core.binding.BindingException;
import io.hbload.core.config.Phase;
import io.hbload.core.spec.RunSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * What the shards of a {@link MapReducePhase} job run when it is not YCSB's load/run through a
 * binding found by name: how the run's properties become its spec, what the driver prepares on the
 * cluster once, which mapper the tasks run and what else they are told, and what the driver reads
 * back from the committed shards besides their logs, while the cluster is still there. {@link
 * MapReducePe} is {@code hbload mapreduce pe}'s. Called on the driver's thread only.
 */
public interface ShardWork {
  /** The spec of the whole run, or of one shard, from its properties. */
  RunSpec parse(Map<String, String> properties, Phase phase);

  /**
   * Once, before the job: the table (and on a cluster that starts empty, its rows).
   *
   * @param hbase the client configuration of the cluster the tasks will use
   * @param startsEmpty the HBase cluster is an embedded one, started empty for this command
   */
  void prepare(Configuration hbase, boolean startsEmpty, PrintStream messages)
      throws IOException, BindingException;

  /**
   * What the job runs, for its default directory's name (e.g. {@code pe-randomRead}); load/run use
   * the phase's.
   */
  String dirName();

  /** The job's name, as YARN shows it. */
  String jobName(int clients);

  /** The tasks' mapper. */
  Class<? extends Mapper<?, ?, ?, ?>> mapper();

  /** What the tasks need beyond the run's properties, written into the job's configuration. */
  void writeTo(Configuration job);

  /**
   * After the job, before the clusters go: reads what the shards committed besides their logs.
   *
   * @param notes takes a line for the user (the driver prefixes it with the command's name)
   */
  void collect(List<Path> committed, Configuration conf, Consumer<String> notes) throws IOException;
}
