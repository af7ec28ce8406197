package io.hbload.hdfs.coder;

import io.hbload.hdfs.config.CoderChoice;
import io.hbload.hdfs.config.StoragePolicy;
import org.apache.hadoop.conf.Configuration;

/** Run in a child JVM by {@link IsalFallbackTest}: prints what coder selection does there. */
public final class FallbackProbe {
  private FallbackProbe() {}

  public static void main(String[] args) {
    CoderSelection.Resolved resolved = CoderSelection.resolve(CoderChoice.AUTO);
    System.out.println("available=" + IsalLibrary.isAvailable());
    System.out.println("rawcoders=" + resolved.rawCoders());
    resolved.warning().ifPresent(w -> System.out.println("warning=" + w));
    Configuration conf = new Configuration(false);
    // even when asked for first, the unavailable coder is skipped by Hadoop's CodecUtil
    conf.set(CoderSelection.RS_RAWCODERS_KEY, "rs_isal,rs_java");
    System.out.println(
        "inUse=" + CoderSelection.coderInUse(conf, StoragePolicy.parse("RS-6-3-1024k", 3)));
  }
}
