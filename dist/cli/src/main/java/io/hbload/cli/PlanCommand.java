package io.hbload.cli;

import io.hbload.cli.contract.ByteSizeConverter;
import io.hbload.cli.contract.ExitCode;
import io.hbload.cli.contract.Ranges;
import io.hbload.cli.contract.Requires;
import io.hbload.core.config.Phase;
import io.hbload.core.config.SpecException;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.spec.RunSpec;
import io.hbload.hbase.cluster.EmbeddedOptions;
import io.hbload.hbase.cluster.HBaseCluster;
import io.hbload.hbase.config.HBaseSettings;
import io.hbload.hbase.metrics.ClusterMemoryReader;
import io.hbload.hbase.sizing.ClusterMemory;
import io.hbload.hbase.sizing.RowSize;
import io.hbload.hbase.sizing.SizingPlan;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hbload plan}: which recordcount puts a dataset in which caching regime (fits in L1, in
 * L1+L2, in the OS page cache, exceeds all), from the cluster's memory and the workload's row size,
 * with the block-cache hit ratio a zipfian read mix should see. The cluster's figures come from the
 * command line (offline, {@code --regionservers}), from each RegionServer's {@code /jmx} ({@code
 * -cp}/{@code --zk}), or from an embedded cluster when nothing is configured.
 */
@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    versionProvider = HbloadCommand.VersionProvider.class,
    description = {
      "Size a dataset: recordcounts that fit in L1, L1+L2, the OS page cache, or exceed all, and the",
      "expected block-cache hit ratio of zipfian reads in each. Offline:",
      "  hbload plan --regionservers 5 --heap 32g --blockcache 0.4 --host-memory 128g -w a",
      "or read from the cluster's RegionServers (/jmx): hbload plan -cp /etc/hbase/conf -w a"
    })
final class PlanCommand implements Callable<Integer> {
  @Spec CommandSpec commandSpec;

  @Mixin PhaseOptions options = new PhaseOptions();

  @Requires({"--heap", "--blockcache"})
  @Option(
      names = "--regionservers",
      paramLabel = "N",
      converter = Ranges.Count.class,
      description = "RegionServers (offline: give the sizes)")
  Integer regionServers;

  @Requires("--regionservers")
  @Option(
      names = "--heap",
      paramLabel = "SIZE",
      converter = Ranges.PositiveSize.class,
      description = "RegionServer heap, e.g. 32g")
  Long heap;

  @Requires("--regionservers")
  @Option(
      names = "--blockcache",
      paramLabel = "FRACTION",
      description = "L1 block cache as a fraction of the heap (hfile.block.cache.size), e.g. 0.4")
  Double blockCache;

  @Requires("--regionservers")
  @Option(
      names = "--bucketcache",
      paramLabel = "SIZE",
      converter = ByteSizeConverter.class,
      defaultValue = "0",
      description =
          "L2 BucketCache per RegionServer, off-heap (hbase.bucketcache.size), e.g. 64g (default none)")
  long bucketCache;

  @Option(
      names = "--memstore",
      paramLabel = "FRACTION",
      defaultValue = "0.4",
      description = "Memstore limit as a fraction of the heap (default ${DEFAULT-VALUE})")
  double memstore;

  @Requires("--regionservers")
  @Option(
      names = "--host-memory",
      paramLabel = "SIZE",
      converter = Ranges.PositiveSize.class,
      description = "Memory of each RegionServer host, for the OS page cache, e.g. 128g")
  Long hostMemory;

  @Override
  public Integer call() throws Exception {
    refuseRunOptions();
    RunSpec spec =
        SpecParser.parse(
            PhaseOptions.withoutFaults(
                options.properties(options.workload == null ? "a" : options.workload), "plan"),
            Phase.LOAD);
    String family =
        spec.binding().settings() instanceof HBaseSettings hs ? hs.table().family() : "family";
    RowSize row = RowSize.of(spec.workload(), family);
    ClusterMemory memory = regionServers != null ? offline() : online(spec);
    PrintWriter out = commandSpec.commandLine().getOut();
    out.print(PlanReport.text(SizingPlan.of(memory, row), spec.workload().records().count()));
    out.flush();
    return ExitCode.OK;
  }

  /**
   * Options of a run that a plan, which runs nothing, would accept and ignore: refused, so none is
   * thought to act.
   */
  private void refuseRunOptions() {
    List<String> given = new ArrayList<>();
    addIf(given, options.client.json != null, "--json");
    addIf(given, options.client.hlog != null, "--hlog");
    addIf(given, options.shard != null, "--shard");
    addIf(given, options.startAt != null, "--start-at");
    addIf(given, options.client.threads != null, "-threads");
    addIf(given, options.target != null, "-target");
    addIf(given, options.client.status || options.client.interval != null, "-s/--interval");
    addIf(given, options.client.label != null, "-l");
    addIf(given, options.seed != null, "--seed");
    addIf(given, options.client.failOnError, "--fail-on-error");
    addIf(given, options.waitForCompactions, "--wait-for-compactions");
    if (!given.isEmpty()) {
      throw new SpecException(
          String.join(", ", given)
              + (given.size() == 1 ? " is an option" : " are options")
              + " of a run; plan runs nothing (it sizes the dataset from the workload and the cluster's memory)");
    }
  }

  private static void addIf(List<String> given, boolean present, String name) {
    if (present) {
      given.add(name);
    }
  }

  /** With --regionservers, which {@link Requires} --heap and --blockcache. */
  private ClusterMemory offline() {
    if (!(blockCache > 0 && blockCache < 1) || !(memstore > 0 && memstore < 1)) {
      throw new SpecException(
          "--blockcache and --memstore are fractions of the heap, between 0 and 1");
    }
    if (blockCache + memstore > 0.8 + 1e-9) {
      throw new SpecException(
          String.format(
              Locale.ROOT,
              "--blockcache %s + --memstore %s is over 0.8 of the heap:"
                  + " HBase refuses to start a RegionServer configured so",
              blockCache,
              memstore));
    }
    long host = hostMemory == null ? 0 : hostMemory;
    if (hostMemory != null && heap + bucketCache > host) {
      throw new SpecException("--heap + --bucketcache is more than --host-memory");
    }
    return ClusterMemory.ofFractions(
        regionServers,
        heap,
        blockCache,
        bucketCache,
        memstore,
        host,
        "the command line"
            + (hostMemory == null ? "; no --host-memory: page cache not counted" : ""));
  }

  /** Without --regionservers, so without the sizes that {@link Requires} it. */
  private ClusterMemory online(RunSpec spec) throws Exception {
    if (!(spec.binding().settings() instanceof HBaseSettings hs)) {
      throw new SpecException(
          "plan reads an HBase cluster: -db "
              + spec.binding().name()
              + " has none; give the sizes"
              + " with --regionservers N --heap SIZE --blockcache FRACTION");
    }
    PrintWriter err = commandSpec.commandLine().getErr();
    try (HBaseCluster cluster =
        HBaseCluster.open(
            hs.cluster(),
            EmbeddedOptions.of(1),
            () -> {
              err.println(
                  "hbload plan: no cluster configured: reading an embedded HBase on 127.0.0.1 (this machine's memory)");
              err.flush();
            })) {
      return cluster.embedded() != null
          ? cluster.embedded().memory((float) memstore)
          : ClusterMemoryReader.ofCluster(cluster.configuration());
    }
  }
}
