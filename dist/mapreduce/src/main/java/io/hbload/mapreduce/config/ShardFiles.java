package io.hbload.mapreduce.config;

import java.util.Locale;

/**
 * Names of the files a map task commits for its shard, which the driver collects from the job's
 * output directory: {@code shard-00001.hlog} and {@code .json} for load/run (and pe, with its
 * client's {@code .pe}), {@code .dfsio} for dfsio.
 */
public final class ShardFiles {
  public static final String HLOG = ".hlog";
  public static final String JSON = ".json";
  public static final String DFSIO = ".dfsio";
  public static final String PE = ".pe";

  private ShardFiles() {}

  /** The file of {@code shard} with this suffix. */
  public static String name(int shard, String suffix) {
    return String.format(Locale.ROOT, "shard-%05d%s", shard, suffix);
  }
}
