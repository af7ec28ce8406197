package io.hbload.mapreduce.job;

import io.hbload.mapreduce.cluster.EmbeddedYarn;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * The task and ApplicationMaster JVM flags hbload's code needs on JDK 17 (what the jar's manifest
 * gives {@code java -jar}), added to whatever the cluster or the user set. hbload's classes need
 * Java 17, so a task JVM that runs them accepts the flags. Stateless.
 */
public final class JvmOptions {
  static final String MAP_OPTS = "mapreduce.map.java.opts";
  static final String AM_OPTS = "yarn.app.mapreduce.am.command-opts";

  private JvmOptions() {}

  /**
   * Appends the JDK 17 {@code --add-opens} flags to the map tasks' and the ApplicationMaster's
   * options.
   */
  public static void forTasks(Configuration conf) {
    for (String key : new String[] {MAP_OPTS, AM_OPTS}) {
      String current = conf.get(key, "").strip();
      if (!current.contains("--add-opens java.base/java.lang=")) {
        conf.set(key, (current + " " + EmbeddedYarn.JDK17_OPENS).strip());
      }
    }
  }

  /**
   * A Hadoop mini cluster (ours, or a test's): its tasks get the submitting JVM's class path, so
   * the job needs no jar.
   */
  public static boolean isMiniCluster(Configuration conf) {
    return conf.getBoolean(YarnConfiguration.IS_MINI_YARN_CLUSTER, false);
  }
}
