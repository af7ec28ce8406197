package io.hbload.gc.rules;

import io.hbload.gc.JdkRelease;
import io.hbload.gc.JvmOption;
import java.util.List;

/**
 * GC logging that the {@code gclog} reader can measure the evacuation rate from. JDK 9+ uses
 * unified logging ({@code -Xlog}, JEP 271) because 9+ rejects the Print* flags (PrintGCTimeStamps,
 * PrintAdaptiveSizePolicy, the rotation flags: {@code Unrecognized VM option}); JDK 8 gets the
 * post's Print* flags, {@code -Xloggc} and rotation. The 9+ line was checked on 17 and 25; {@code
 * gc+heap=debug} adds the region-size line the reader falls back on. Stateless, thread-safe.
 */
public final class GcLoggingRule {
  public static final String ID = "gc-logging";
  public static final String SOURCE =
      "java man page, Convert GC Logging Flags to Xlog (JEP 271); "
          + "Kaczmarek 2014 analysis flags (PrintGCDetails, PrintGCTimeStamps, PrintAdaptiveSizePolicy)";

  private GcLoggingRule() {}

  public static List<JvmOption> options(JdkRelease jdk, String file) {
    if (jdk.hasUnifiedLogging()) {
      return List.of(
          JvmOption.plain(
              "-Xlog:gc*,gc+ergo*=debug,gc+heap=debug,gc+age=debug:file="
                  + file
                  + ":time,uptime,level,tags:filecount=10,filesize=100M",
              ID));
    }
    return List.of(
        JvmOption.plain("-Xloggc:" + file, ID),
        JvmOption.bool("PrintGCDetails", true, ID),
        JvmOption.bool("PrintGCTimeStamps", true, ID),
        JvmOption.bool("PrintGCDateStamps", true, ID),
        JvmOption.bool("PrintAdaptiveSizePolicy", true, ID),
        JvmOption.bool("UseGCLogFileRotation", true, ID),
        JvmOption.value("NumberOfGCLogFiles", 10, ID),
        new JvmOption("-XX:GCLogFileSize=100M", "GCLogFileSize", Long.toString(100L << 20), ID));
  }

  public static String decision(JdkRelease jdk, String file) {
    if (jdk.hasUnifiedLogging()) {
      return "-Xlog:gc* with ergo/heap/age detail to "
          + file
          + " (10 x 100M files); the directory must exist "
          + "or the JVM refuses to start; Print* flags are rejected on "
          + jdk;
    }
    return "-Xloggc:"
        + file
        + " with PrintGCDetails, time/date stamps, PrintAdaptiveSizePolicy and rotation "
        + "(10 x 100M); JDK 8 has no -Xlog";
  }
}
