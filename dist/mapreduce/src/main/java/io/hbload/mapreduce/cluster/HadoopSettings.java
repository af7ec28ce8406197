package io.hbload.mapreduce.cluster;

import io.hbload.core.config.SpecException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRConfig;

/**
 * Where the job goes, as Hadoop tools take it: a configuration directory ({@code $HADOOP_CONF_DIR},
 * or {@code --hadoop-conf DIR}: its {@code core-site.xml}, {@code hdfs-site.xml}, {@code
 * mapred-site.xml}, {@code yarn-site.xml}), more files, {@code fs.defaultFS}, and {@code -D}
 * settings applied last. With none of them naming YARN ({@code mapreduce.framework.name=yarn}),
 * hbload starts an embedded one. Immutable.
 */
public record HadoopSettings(
    List<Path> confFiles, Optional<String> defaultFs, Map<String, String> overrides) {
  /**
   * The site files Hadoop's launcher scripts read from a configuration directory, in their order.
   */
  public static final List<String> SITE_FILES =
      List.of("core-site.xml", "hdfs-site.xml", "mapred-site.xml", "yarn-site.xml");

  public HadoopSettings {
    confFiles = List.copyOf(confFiles);
    overrides = Map.copyOf(overrides);
  }

  /**
   * The site files present in {@code dir}; none for a null directory.
   *
   * @throws SpecException when the directory is missing or holds none of them
   */
  public static List<Path> siteFiles(Path dir) {
    if (dir == null) {
      return List.of();
    }
    if (!Files.isDirectory(dir)) {
      throw new SpecException("Hadoop configuration directory " + dir + " does not exist");
    }
    List<Path> files = new ArrayList<>();
    for (String name : SITE_FILES) {
      if (Files.isRegularFile(dir.resolve(name))) {
        files.add(dir.resolve(name));
      }
    }
    if (files.isEmpty()) {
      throw new SpecException(
          "no " + String.join(", ", SITE_FILES) + " in Hadoop configuration directory " + dir);
    }
    return files;
  }

  /**
   * Hadoop's defaults, the files in order, {@code fs.defaultFS}, then the overrides; every file is
   * read here, so a broken one is reported now.
   *
   * @throws SpecException naming a file that cannot be read
   */
  public Configuration configuration() {
    Configuration conf = new Configuration();
    for (Path file : confFiles) {
      if (!Files.isReadable(file)) {
        throw new SpecException("cannot read Hadoop configuration file " + file);
      }
      conf.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
    }
    defaultFs.ifPresent(fs -> conf.set("fs.defaultFS", fs));
    overrides.forEach(conf::set);
    try {
      conf.size(); // loads the resources
    } catch (RuntimeException e) {
      throw new SpecException(
          "cannot read the Hadoop configuration " + confFiles + ": " + e.getMessage());
    }
    return conf;
  }

  /**
   * Whether {@code conf} sends MapReduce jobs to a YARN cluster (rather than Hadoop's in-process
   * runner).
   */
  public static boolean namesYarn(Configuration conf) {
    return MRConfig.YARN_FRAMEWORK_NAME.equals(conf.get(MRConfig.FRAMEWORK_NAME));
  }
}
