package io.hbload.mapreduce.job;

import io.hbload.core.config.SpecException;
import io.hbload.mapreduce.cluster.EmbeddedYarn;
import java.io.IOException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Where a job's input and its shards' committed files go: {@code --output DIR} when given (on the
 * job's file system), else {@code hbload-mapreduce/<name>-<yyyyMMdd-HHmmss-SSS>} in the user's home
 * directory there, or, on an embedded cluster, in its own directory, which is removed at exit; the
 * name says what the job runs ({@code run}, {@code pe-randomRead}, {@code dfsio-write}). Stateless.
 */
public final class WorkDirs {
  private WorkDirs() {}

  /**
   * The job directory.
   *
   * @param name what the job runs, as it is to appear in the directory's name (e.g. {@code
   *     pe-randomRead})
   * @throws SpecException when the given one exists: the job would mix its files with others'
   */
  public static Path choose(String given, Configuration conf, EmbeddedYarn embedded, String name)
      throws IOException {
    FileSystem fs = FileSystem.get(conf);
    if (given != null) {
      // qualified on its own file system: --output file:///DIR beside an HDFS default is what
      // describe() suggests
      Path raw = new Path(given);
      FileSystem own = raw.getFileSystem(conf);
      Path dir = own.makeQualified(raw);
      if (own.exists(dir)) {
        throw new SpecException("--output " + dir + " exists already; give a new directory");
      }
      return dir;
    }
    String leaf =
        name
            + "-"
            + LocalDateTime.now()
                .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS", Locale.ROOT));
    if (embedded != null) {
      return new Path(embedded.dataDir().resolve("hbload-mapreduce").resolve(leaf).toUri());
    }
    return fs.makeQualified(new Path(new Path(fs.getHomeDirectory(), "hbload-mapreduce"), leaf));
  }

  /**
   * The job directory for a message; {@code temporary} when it goes with an embedded cluster at
   * exit.
   */
  public static String describe(Path dir, boolean temporary) {
    return dir
        + (temporary
            ? " (removed at exit with the embedded cluster; --output file:///DIR keeps them)"
            : "");
  }
}
