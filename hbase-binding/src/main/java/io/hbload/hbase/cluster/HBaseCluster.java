package io.hbload.hbase.cluster;

import io.hbload.hbase.config.ClusterSpec;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import java.util.ServiceLoader;
import org.apache.hadoop.conf.Configuration;

/**
 * The one place that knows where the cluster is: the configured one, or, when none is configured
 * and the caller allows it, an embedded one started here, which this object owns and {@link
 * #close()} stops. Whoever opens it closes it; the runs, sessions and jobs it is handed to only
 * borrow it (a suite's steps all use the one cluster the suite opened). Thread-safe: immutable but
 * for {@link #close()}, which is idempotent.
 */
public final class HBaseCluster implements AutoCloseable {
  /** Said when no cluster is configured and {@code hbload-embedded} is not on the class path. */
  public static final String NO_EMBEDDED =
      "no HBase cluster configured (hbload.zk, hbload.hbase.conf, "
          + "hbase.zookeeper.quorum or an hbase-site.xml on the class path) and no embedded HBase on the class path "
          + "(hbload-embedded)";

  private final Configuration conf;
  private final EmbeddedCluster embedded;
  private final double startSeconds;

  private HBaseCluster(Configuration conf, EmbeddedCluster embedded, double startSeconds) {
    this.conf = conf;
    this.embedded = embedded;
    this.startSeconds = startSeconds;
  }

  /**
   * The configured cluster, or with {@code embedIfUnconfigured} and none configured an embedded one
   * started with those options ({@code beforeStart} runs first, to announce the seconds of
   * start-up).
   *
   * @param embedIfUnconfigured null: never start one (a cluster that is not configured is HBase's
   *     default, 127.0.0.1:2181)
   * @throws EmbeddedClusterMissingException none is configured, and hbload-embedded is not on the
   *     class path
   */
  public static HBaseCluster open(
      ClusterSpec spec, EmbeddedOptions embedIfUnconfigured, Runnable beforeStart)
      throws IOException {
    if (embedIfUnconfigured == null || spec.configured()) {
      return new HBaseCluster(spec.toConfiguration(), null, 0);
    }
    EmbeddedClusterFactory factory =
        factory(); // missing: said before announcing a start that cannot happen
    beforeStart.run();
    return start(factory, embedIfUnconfigured, spec);
  }

  /**
   * An embedded cluster whatever is configured ({@code hbload embedded}, a suite, a test); its
   * clients get {@code spec}'s {@code hbase.*} pass-through settings and the bounded timeouts a
   * configured cluster gets.
   */
  public static HBaseCluster startEmbedded(EmbeddedOptions options, ClusterSpec spec)
      throws IOException {
    return start(factory(), options, spec);
  }

  private static HBaseCluster start(
      EmbeddedClusterFactory factory, EmbeddedOptions options, ClusterSpec spec)
      throws IOException {
    long t0 = System.nanoTime();
    EmbeddedCluster e = factory.start(options);
    try {
      Configuration conf = e.clientConfiguration();
      spec.passThrough().forEach(conf::set);
      ClusterSpec.boundTimeouts(conf);
      return new HBaseCluster(conf, e, (System.nanoTime() - t0) / 1e9);
    } catch (RuntimeException failure) {
      closeAfter(e, failure);
      throw failure;
    }
  }

  /** {@link #startEmbedded(EmbeddedOptions, ClusterSpec)} with no pass-through settings. */
  public static HBaseCluster startEmbedded(EmbeddedOptions options) throws IOException {
    return startEmbedded(options, new ClusterSpec(null, null, Map.of()));
  }

  private static EmbeddedClusterFactory factory() throws EmbeddedClusterMissingException {
    Iterator<EmbeddedClusterFactory> found =
        ServiceLoader.load(EmbeddedClusterFactory.class).iterator();
    if (!found.hasNext()) {
      throw new EmbeddedClusterMissingException();
    }
    return found.next();
  }

  private static void closeAfter(EmbeddedCluster e, Exception failure) {
    try {
      e.close();
    } catch (IOException | RuntimeException suppressed) {
      failure.addSuppressed(suppressed);
    }
  }

  /** A fresh client configuration for this cluster (callers may change it). */
  public Configuration configuration() {
    return new Configuration(conf);
  }

  /**
   * The embedded cluster this object started and owns, or null when the cluster is the configured
   * one.
   */
  public EmbeddedCluster embedded() {
    return embedded;
  }

  /** Seconds the embedded cluster took to start, 0 for a configured one. */
  public double startSeconds() {
    return startSeconds;
  }

  /** Stops the embedded cluster (removing its data), if there is one; idempotent. */
  @Override
  public void close() throws IOException {
    if (embedded != null) {
      embedded.close();
    }
  }

  /** As {@link #close}, after a failure that is the one to report. */
  public void closeQuietly() {
    try {
      close();
    } catch (IOException | RuntimeException ignored) {
      // the failure that brought us here is the one to report
    }
  }
}
