package io.hbload.hdfs.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where HDFS is: configuration files and overrides like Hadoop tools take them, or nothing, which
 * means "start an embedded MiniDFSCluster".
 *
 * @param confFiles Hadoop XML files (core-site, hdfs-site...) added in order; a directory stands
 *     for the core-site.xml and hdfs-site.xml in it (as HADOOP_CONF_DIR, or what {@code hbload
 *     embedded} writes)
 * @param defaultFs an explicit {@code fs.defaultFS}, e.g. hdfs://nn:8020
 * @param overrides {@code -D key=value} settings, applied last
 * @param embeddedDataNodes DataNodes for the embedded cluster; 0 = as many as the policy needs
 * @param embeddedBaseDir local directory for the embedded cluster's data (deleted on close)
 */
public record HdfsSettings(
    List<Path> confFiles,
    Optional<String> defaultFs,
    Map<String, String> overrides,
    int embeddedDataNodes,
    Optional<Path> embeddedBaseDir) {
  public HdfsSettings {
    confFiles = confFiles.stream().flatMap(f -> siteFiles(f).stream()).toList();
    overrides = Map.copyOf(overrides);
    if (embeddedDataNodes < 0) {
      throw new BadInputException("--datanodes must not be negative");
    }
    defaultFs.ifPresent(HdfsSettings::checkFileSystemUri);
  }

  /**
   * A file as given; a directory as its core-site.xml and hdfs-site.xml, at least one of them
   * present.
   */
  private static List<Path> siteFiles(Path given) {
    if (!Files.isDirectory(given)) {
      return List.of(given);
    }
    List<Path> sites =
        Stream.of("core-site.xml", "hdfs-site.xml")
            .map(given::resolve)
            .filter(Files::exists)
            .toList();
    if (sites.isEmpty()) {
      throw new BadInputException(
          "configuration directory " + given + " has no core-site.xml or hdfs-site.xml");
    }
    return sites;
  }

  /**
   * Hadoop would fail on a malformed fs.defaultFS only when the first file is opened, with a raw
   * exception.
   */
  private static void checkFileSystemUri(String fs) {
    URI uri;
    try {
      uri = new URI(fs);
    } catch (URISyntaxException e) {
      throw new BadInputException("--fs: '" + fs + "' is not a URI: " + e.getReason());
    }
    if (uri.getScheme() == null) {
      throw new BadInputException("--fs: '" + fs + "' has no scheme (e.g. hdfs://namenode:8020)");
    }
  }

  /** No configuration: use the embedded cluster sized for the policy. */
  public static HdfsSettings embedded() {
    return new HdfsSettings(List.of(), Optional.empty(), Map.of(), 0, Optional.empty());
  }
}
