package io.hbload.hbase.embedded;

import org.apache.log4j.Level;
import org.apache.log4j.LogManager;

/**
 * Turns the cluster's logging down to ERROR. HBase, Hadoop and ZooKeeper log through slf4j to
 * reload4j, and without a config of the user's the {@code log4j.properties} of a Hadoop test jar
 * wins (hundreds of INFO lines per start). Left alone when the user names a config with {@code
 * -Dlog4j.configuration}. Stateless.
 */
public final class QuietLogging {
  private QuietLogging() {}

  public static void apply() {
    if (System.getProperty("log4j.configuration") != null) {
      return;
    }
    LogManager.getRootLogger().setLevel(Level.ERROR);
    for (String name :
        new String[] {
          "org.apache.hadoop",
          "org.apache.zookeeper",
          "org.apache.hbase",
          "org.apache.directory",
          "org.eclipse.jetty",
          "io.netty"
        }) {
      LogManager.getLogger(name).setLevel(Level.ERROR);
    }
  }
}
