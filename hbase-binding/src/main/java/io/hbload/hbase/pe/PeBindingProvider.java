package io.hbload.hbase.pe;

import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingKind;
import io.hbload.core.config.BindingSettings;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyReader;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.measure.Measures;
import io.hbload.core.source.WorkloadType;
import io.hbload.hbase.config.HBaseSettings;
import io.hbload.hbase.config.HBaseSettingsParser;

/**
 * The binding and workload of one {@code hbload pe} run: HBase's settings (cluster, --hbase-conf,
 * --zk, the embedded cluster) parsed as for {@code -db hbase}, and PE's command and options from
 * its {@link PeSpec}, run by a {@link PeSession} on PE's own clients. Built by the command for its
 * run (so not listed for {@code -db}); pass it to {@link
 * io.hbload.core.parse.SpecParser#parse(java.util.Map, Phase, BindingKind, WorkloadType)} as both,
 * and the spec to the Launcher, and read PE's per-client figures from the run's result with {@link
 * PeClientResult#of}.
 */
public final class PeBindingProvider implements BindingKind, WorkloadType {
  private final PeSpec spec;

  private final Measures measures;

  public PeBindingProvider(PeSpec spec) {
    this.spec = spec;
    this.measures = PeMeasures.of(spec.workload().test());
  }

  @Override
  public String name() {
    return "hbase-pe";
  }

  @Override
  public String description() {
    return "HBase PerformanceEvaluation's commands (hbload pe)";
  }

  @Override
  public BindingSettings settings(PropertyReader properties, WorkloadSpec workload, Phase phase) {
    return HBaseSettingsParser.parse(properties, spec.table().name());
  }

  /** PE's async commands keep operations in flight on HBase's async client ({@code --inflight}). */
  @Override
  public boolean supportsAsync() {
    return true;
  }

  /** Core's measures, and the command's own when YCSB has none for it (PE's INCREMENT). */
  @Override
  public Measures measures() {
    return measures;
  }

  @Override
  public PeSession open(BindingContext context) throws BindingException {
    return PeSession.open(
        context.settings(HBaseSettings.class),
        spec,
        context.messages(),
        context.execution().shard(),
        context.execution().threads());
  }

  public PeSpec spec() {
    return spec;
  }
}
