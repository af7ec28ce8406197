package io.hbload.hdfs.cluster;

import java.lang.reflect.Method;
import java.util.Enumeration;
import java.util.List;

/**
 * Turns Hadoop's INFO chatter off (an embedded NameNode and 9 DataNodes log thousands of lines) for
 * whichever backend is present: reload4j (Hadoop's) or log4j2 (HBase's fat jar), by reflection so
 * neither is required. Errors still show. Idempotent; thread-safe enough for the one call at
 * start-up.
 */
public final class QuietLogs {
  private static final List<String> NOISY =
      List.of(
          "org.apache.hadoop",
          "org.eclipse.jetty",
          "BlockStateChange",
          "org.apache.hadoop.hdfs.StateChange",
          "SecurityLogger",
          "com.google");

  /** Logs an embedded DataNode writes at ERROR when the benchmark stops it on purpose. */
  private static final String DATANODE = "org.apache.hadoop.hdfs.server.datanode.DataNode";

  private QuietLogs() {}

  /** Sets the noisy loggers to ERROR and makes sure errors have somewhere to go. */
  public static void apply() {
    reload4j();
    log4j2();
  }

  private static void reload4j() {
    try {
      Class<?> loggerClass = Class.forName("org.apache.log4j.Logger");
      Class<?> levelClass = Class.forName("org.apache.log4j.Level");
      Object error = levelClass.getField("ERROR").get(null);
      Method getLogger = loggerClass.getMethod("getLogger", String.class);
      Method setLevel = loggerClass.getMethod("setLevel", levelClass);
      for (String name : NOISY) {
        setLevel.invoke(getLogger.invoke(null, name), error);
      }
      setLevel.invoke(getLogger.invoke(null, DATANODE), levelClass.getField("FATAL").get(null));
      Object root = loggerClass.getMethod("getRootLogger").invoke(null);
      boolean hasAppenders =
          ((Enumeration<?>) loggerClass.getMethod("getAllAppenders").invoke(root))
              .hasMoreElements();
      if (!hasAppenders) {
        // no log4j.properties at all: route errors to stderr instead of "log4j:WARN No appenders"
        Class<?> layout = Class.forName("org.apache.log4j.PatternLayout");
        Object pattern = layout.getConstructor(String.class).newInstance("%p %c{1}: %m%n");
        Class<?> appenderClass = Class.forName("org.apache.log4j.ConsoleAppender");
        Object appender =
            appenderClass
                .getConstructor(Class.forName("org.apache.log4j.Layout"), String.class)
                .newInstance(pattern, "System.err");
        loggerClass
            .getMethod("addAppender", Class.forName("org.apache.log4j.Appender"))
            .invoke(root, appender);
        setLevel.invoke(root, error);
      }
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      // reload4j absent or not the slf4j backend: nothing to configure here
    }
  }

  private static void log4j2() {
    try {
      Class<?> configurator = Class.forName("org.apache.logging.log4j.core.config.Configurator");
      Class<?> levelClass = Class.forName("org.apache.logging.log4j.Level");
      Object error = levelClass.getField("ERROR").get(null);
      Method setLevel = configurator.getMethod("setLevel", String.class, levelClass);
      for (String name : NOISY) {
        setLevel.invoke(null, name, error);
      }
      setLevel.invoke(null, DATANODE, levelClass.getField("FATAL").get(null));
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      // log4j2 core absent: nothing to configure
    }
  }
}
