package io.hbload.cli;

import io.hbload.core.config.OutputTarget;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.PropertySources;
import io.hbload.hbase.config.HBaseProperties;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The options of every command that runs a phase on a binding, whatever decides its operations
 * (YCSB's workload for {@code load} and {@code run}, a trace for {@code replay}): property files
 * and settings, threads, status lines, the binding and its cluster, the result files. A mixin; its
 * values become properties ({@link #files}, then {@link #settings}), never typed values applied
 * after parsing (see {@link PhaseOptions}).
 */
final class ClientOptions {
  @Option(
      names = "-P",
      paramLabel = "FILE",
      description = "Workload property file (YCSB format); repeatable, in order")
  List<Path> propertyFiles = new ArrayList<>();

  @Option(names = "-p", paramLabel = "NAME=VALUE", description = "Set a property; overrides files")
  List<String> properties = new ArrayList<>();

  // --threads: go-ycsb's spelling of YCSB's flag, so its scripts run too
  @Option(
      names = {"-threads", "--threads"},
      paramLabel = "N",
      description = "Client threads (threadcount)")
  String threads;

  @Option(
      names = "-s",
      description =
          "Print a status line every status.interval seconds to stderr (YCSB's -s; in dfsio, -s is --size)")
  boolean status;

  @Option(
      names = "--interval",
      paramLabel = "SECONDS",
      description = "go-ycsb's form: a status line every SECONDS (status.interval, and -s)")
  String interval;

  @Option(names = "-l", paramLabel = "LABEL", description = "Prefix for status lines (label)")
  String label;

  @Option(names = "-db", paramLabel = "DB", description = "Binding name or class (db)")
  String db;

  @Option(
      names = {"-cp", "--hbase-conf"},
      paramLabel = "DIR",
      description =
          "HBase configuration directory (with hbase-site.xml), as YCSB users pass -cp /etc/hbase/conf")
  String hbaseConf;

  @Option(
      names = "--zk",
      paramLabel = "HOST:PORT",
      description = "ZooKeeper quorum of the HBase cluster")
  String zk;

  @CommandLine.Mixin KerberosOptions kerberos = new KerberosOptions();

  @Option(
      names = "--json",
      paramLabel = "FILE",
      description = "Write hbload's JSON result here (hbload.json). " + OutputTarget.SPECIAL_FILES)
  String json;

  @Option(
      names = "--hlog",
      paramLabel = "FILE",
      description =
          "Write a tagged HdrHistogram interval log here (hbload.hlog). "
              + OutputTarget.SPECIAL_FILES)
  String hlog;

  @Option(
      names = "--fail-on-error",
      description = "Exit 1 when any operation failed (hbload.failonerror)")
  boolean failOnError;

  /** The {@code -P} files, in order: before any setting. */
  void files(PropertySources sources) {
    propertyFiles.forEach(sources::file);
  }

  /** The {@code -p} settings, then every flag given: after the files. */
  void settings(PropertySources sources) {
    properties.forEach(sources::setPair);
    setIf(sources, PropertyNames.THREADS, threads);
    setIf(sources, PropertyNames.LABEL, label);
    setIf(sources, PropertyNames.DB, db);
    setIf(sources, PropertyNames.JSON_FILE, json);
    setIf(sources, PropertyNames.HLOG_FILE, hlog);
    setIf(sources, HBaseProperties.HBASE_CONF_DIR, hbaseConf);
    setIf(sources, HBaseProperties.ZK, zk);
    kerberos.properties().forEach(sources::set);
    setIf(sources, PropertyNames.STATUS_INTERVAL, interval);
    setIf(sources, PropertyNames.STATUS, status || interval != null ? "true" : null);
    setIf(sources, PropertyNames.FAIL_ON_ERROR, failOnError ? "true" : null);
  }

  static void setIf(PropertySources sources, String key, String value) {
    if (value != null) {
      sources.set(key, value);
    }
  }
}
