package io.hbload.hbase;

import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.config.BindingSettings;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyReader;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.hbase.async.AsyncHBaseSession;
import io.hbload.hbase.cluster.HBaseCluster;
import io.hbload.hbase.config.HBaseSettings;
import io.hbload.hbase.config.HBaseSettingsParser;
import io.hbload.hbase.ops.HBaseSession;
import java.util.Objects;
import java.util.Set;

/**
 * The {@code hbase} binding for {@code -db}, also answering to YCSB's HBase binding class names so
 * existing command lines work. With no cluster configured it starts the embedded one; a provider
 * made {@link #on} a cluster runs on that one instead (a suite's runs share the cluster the suite
 * opened). Stateless.
 */
public final class HBaseBindingProvider implements BindingProvider {
  /** The cluster every session runs on, or null: each session finds (or starts) its own. */
  private final HBaseCluster cluster;

  /**
   * The provider {@link java.util.ServiceLoader} finds: each run finds (or starts) its own cluster.
   */
  public HBaseBindingProvider() {
    this(null);
  }

  private HBaseBindingProvider(HBaseCluster cluster) {
    this.cluster = cluster;
  }

  /** A provider whose runs all use {@code cluster}, which its owner keeps open and closes. */
  public static HBaseBindingProvider on(HBaseCluster cluster) {
    return new HBaseBindingProvider(Objects.requireNonNull(cluster, "cluster"));
  }

  @Override
  public String name() {
    return "hbase";
  }

  @Override
  public Set<String> aliases() {
    return Set.of(
        "hbase2",
        "hbase20",
        "hbase14",
        "hbase12",
        "hbase10",
        "site.ycsb.db.hbase20.HBaseClient20",
        "site.ycsb.db.hbase2.HBaseClient2",
        "site.ycsb.db.hbase14.HBaseClient14",
        "site.ycsb.db.hbase12.HBaseClient12",
        "site.ycsb.db.HBaseClient10");
  }

  @Override
  public String description() {
    return "Apache HBase 2.x (embedded in-process cluster when none is configured)";
  }

  /** The binding's keys, parsed with the engine's; the table is the workload's. */
  @Override
  public BindingSettings settings(PropertyReader properties, WorkloadSpec workload, Phase phase) {
    return HBaseSettingsParser.parse(properties, workload.table());
  }

  /** {@code hbload.inflight} above 1 (or {@code hbase.async=true}) runs on HBase's async client. */
  @Override
  public boolean supportsAsync() {
    return true;
  }

  /** A Get returns what a Put stored: {@code --verify} reads the acknowledged writes back. */
  @Override
  public boolean readsBack() {
    return true;
  }

  @Override
  public BindingSession open(BindingContext context) throws BindingException {
    HBaseSettings settings = context.settings(HBaseSettings.class);
    HBaseSession session =
        cluster != null
            ? HBaseSession.open(settings, context.phase(), cluster, context.messages())
            : HBaseSession.open(settings, context.phase(), true, context.messages());
    if (settings.ops().async() || context.execution().inflight() > 1) {
      return AsyncHBaseSession.open(session, settings.ops(), context.messages());
    }
    return session;
  }
}
