package io.hbload.hdfs.fault;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The HDFS settings that decide how soon and how fast lost units come back, with their values as
 * this run's configuration has them (every one can be given with {@code -D}): how soon the NameNode
 * declares a stopped DataNode dead, how often it schedules repair work and how much per DataNode,
 * how many threads a DataNode rebuilds EC units with. Stateless.
 */
public final class ReconstructionThrottles {
  /** The settings, in the order they act: detection, scheduling, per-DataNode work. */
  public static final List<String> KEYS =
      List.of(
          "dfs.heartbeat.interval",
          "dfs.namenode.heartbeat.recheck-interval",
          "dfs.namenode.redundancy.interval.seconds",
          "dfs.namenode.replication.work.multiplier.per.iteration",
          "dfs.namenode.replication.max-streams",
          "dfs.namenode.replication.max-streams-hard-limit",
          "dfs.datanode.ec.reconstruction.threads",
          "dfs.datanode.ec.reconstruction.xmits.weight");

  private ReconstructionThrottles() {}

  /** Each setting and its value here ("(unset)" when the configuration has none). */
  public static Map<String, String> of(Configuration conf) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String key : KEYS) {
      String v = conf.get(key);
      out.put(key, v == null ? "(unset)" : v);
    }
    return out;
  }
}
