package io.hbload.cli;

import io.hbload.core.binding.BindingProvider;
import io.hbload.core.binding.Bindings;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.PropertySources;
import io.hbload.core.config.SpecException;
import io.hbload.hbase.config.HBaseProperties;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * YCSB Client's flags (and hbload's) for {@code load} and {@code run}, turned into properties with
 * YCSB's precedence: files first ({@code -w}, then {@code -P} in order), then every command-line
 * setting. A flag sets its property only when given, so files keep their say otherwise. Values are
 * not interpreted here: the spec parser reads them all, in one pass. Flags become property strings
 * (not typed values applied to the spec after parsing) on purpose: the merged properties are the
 * run's provenance, echoed into the JSON result and the hlog, and {@code merge} rebuilds a finished
 * run's spec from the hlog's properties alone, so every setting must be one.
 */
final class PhaseOptions {
  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "DB",
      description =
          "Binding, as YCSB's 'bin/ycsb run <db>': basic, memory, hbase (or hbase20, ...), or a class")
  String positionalDb;

  @Option(
      names = {"-w", "--workload"},
      paramLabel = "NAME",
      description =
          "Bundled workload: a, b, c, d, e, f, updateonly (same values as YCSB's workload files),"
              + " mixgraph, mixgraph_allrandom (RocksDB db_bench's mixgraph)")
  String workload;

  /** The options every command running a phase shares (replay's too). */
  @CommandLine.Mixin ClientOptions client = new ClientOptions();

  // --target: go-ycsb's spelling of YCSB's flag, so its scripts run too

  @Option(
      names = {"-target", "--target"},
      paramLabel = "OPS|SCHEDULE",
      description =
          "Target operations/s for the whole client (target), open loop: a number, or a schedule:"
              + " steps '1000@60s,2000@60s,4000@60s', a ramp 'ramp:100..5000/10m', a sine"
              + " 'sine:mean=2000,amp=1500,period=1h', or '@rates.csv' (TIME,RATE lines, linear"
              + " between them). A finite schedule sets the run's length; the report shows per"
              + " second the intended and achieved rate and the backlog ([RATE], docs/rates.md)")
  String target;

  @Option(
      names = "--time-scale",
      paramLabel = "FACTOR",
      description =
          "Divide every time of the -target schedule by FACTOR: 24 plays a day's curve in an hour"
              + " (hbload.timescale)")
  String timeScale;

  @Option(
      names = "--slo",
      paramLabel = "BOUND",
      description =
          "Judge every 1 s interval of a -target run against BOUND, e.g. 'p99<10ms' (p50, p90,"
              + " p99, p99.9, service.pNN; units us, ms, s; comma-separated, all must hold): the"
              + " report names the first interval that breaks it and the rate asked then"
              + " (hbload.slo)")
  String slo;

  @Option(
      names = "--wait-for-compactions",
      description =
          "HBase: after load, wait for compactions to finish; before run, flush first "
              + "(hbload.waitforcompactions)")
  boolean waitForCompactions;

  @Option(
      names = "--seed",
      paramLabel = "N",
      description = "Seed every random choice (hbload.seed)")
  String seed;

  @Option(
      names = "--strict",
      description =
          "A property neither hbload nor the binding reads (a misspelt -p key) is an error, not a warning "
              + "(hbload.strict)")
  boolean strict;

  @Option(
      names = "--shard",
      paramLabel = "I/N",
      description =
          "Be shard I (from 0) of N cooperating clients: load inserts this shard's slice of the records, "
              + "run does its share of operationcount and -target (hbload.shard); merge their --hlog files after")
  String shard;

  @Option(
      names = "--start-at",
      paramLabel = "TIME",
      description =
          "Start the measured phase at this wall-clock instant, epoch ms or ISO-8601, so shards start "
              + "together; a late start is reported (hbload.startat)")
  String startAt;

  @Option(
      names = "--faults",
      paramLabel = "SPEC",
      description =
          "Inject faults beside the load and report what each cost (worst latency, p99 against the"
              + " baseline, seconds without service, time to recover), e.g. 'at 30s"
              + " restart-regionserver; every 60s flush', or @FILE with one entry a line. Faults:"
              + " restart-regionserver, kill-regionserver, restart-meta-regionserver,"
              + " restart-master (the in-process cluster, or --fault-exec), move-regions,"
              + " move-region, flush, compact, major-compact, split, balancer; ChaosMonkey's action"
              + " class names work too. Offsets count from the start of measuring; use -target for"
              + " an open-loop rate (hbload.faults)")
  String faults;

  @Option(
      names = "--fault-exec",
      paramLabel = "COMMAND",
      description =
          "With --faults on a configured cluster: the shell command that carries out each process"
              + " fault, as ChaosMonkey's cluster manager does, e.g. 'ssh {host} sudo systemctl"
              + " restart hbase-regionserver'. {host} is the server chosen as ChaosMonkey chooses"
              + " (a random live RegionServer not carrying hbase:meta, the one carrying it for"
              + " restart-meta-regionserver, the active master), {server} its host,port,startcode,"
              + " {action} the fault's name; its exit code and last stderr line are reported, and a"
              + " command that fails is a fault that did not happen (hbload.faults.exec)")
  String faultExec;

  @Option(
      names = "--fault-exec-timeout",
      paramLabel = "DURATION",
      description =
          "How long --fault-exec may run before it is killed, e.g. 60s (default: 120s)"
              + " (hbload.faults.exec.timeout)")
  String faultExecTimeout;

  @Option(
      names = "--fail-if-recovery-exceeds",
      paramLabel = "DURATION",
      description =
          "With --faults: exit 1 when a fault has not recovered (p99 within 1.5x and throughput"
              + " within 95 %% of the baseline for 10 s) this long after it was injected, e.g. 30s;"
              + " exit 3 when a fault's recovery could not be judged (no baseline before it, or the"
              + " run ended first) (hbload.faults.recoverylimit)")
  String failIfRecoveryExceeds;

  @Option(
      names = "--verify",
      description =
          "Audit the acknowledged writes: remember every write the store acknowledged (key number"
              + " and a digest of its values, 20 bytes a write) and read each key back after the"
              + " run; prints [VERIFY], acknowledged N, present N, lost N, changed N, unknown N,"
              + " unexpected N and exits 1 on a lost or changed write. Failed or timed-out writes"
              + " are unknown, not failures. Needs a binding that keeps the data (hbload.verify)")
  boolean verify;

  @Option(
      names = "--verify-file",
      paramLabel = "FILE",
      description =
          "With the audit (implies --verify): also write what was remembered to FILE, for 'hbload"
              + " verify FILE' against the cluster later (hbload.verify.file)")
  Path verifyFile;

  /** The merged properties the spec parser reads. */
  Map<String, String> properties() {
    if (workload == null && client.propertyFiles.isEmpty()) {
      throw new SpecException("no workload: give -w a|b|c|d|e|f|updateonly|mixgraph or -P FILE");
    }
    return properties(workload);
  }

  /**
   * As {@link #properties()} with {@code bundled} in place of {@code -w} (a suite runs each of its
   * workloads).
   */
  Map<String, String> properties(String bundled) {
    return properties(bundled, null);
  }

  /**
   * As {@link #properties(String)} with one more file after the {@code -P} files and before every
   * command-line setting (a suite duet's {@code --side} file), or none when {@code sideFile} is
   * null.
   */
  Map<String, String> properties(String bundled, Path sideFile) {
    PropertySources sources = new PropertySources();
    if (bundled != null) {
      sources.bundled(bundled);
    }
    client.files(sources);
    if (sideFile != null) {
      sources.file(sideFile);
    }
    setIf(sources, PropertyNames.DB, positionalDb);
    client.settings(sources);
    setIf(sources, PropertyNames.TARGET, target);
    setIf(sources, PropertyNames.TIME_SCALE, timeScale);
    setIf(sources, PropertyNames.SLO, slo);
    setIf(sources, PropertyNames.SEED, seed);
    setIf(sources, PropertyNames.SHARD, shard);
    setIf(sources, PropertyNames.START_AT, startAt);
    setIf(sources, PropertyNames.FAULTS, faults);
    setIf(sources, PropertyNames.FAULT_RECOVERY_LIMIT, failIfRecoveryExceeds);
    setIf(sources, PropertyNames.FAULT_EXEC, faultExec);
    setIf(sources, PropertyNames.FAULT_EXEC_TIMEOUT, faultExecTimeout);
    setIf(sources, PropertyNames.VERIFY, verify || verifyFile != null ? "true" : null);
    setIf(sources, PropertyNames.VERIFY_FILE, verifyFile == null ? null : verifyFile.toString());
    setIf(sources, HBaseProperties.WAIT_FOR_COMPACTIONS, waitForCompactions ? "true" : null);
    setIf(sources, PropertyNames.STRICT, strict ? "true" : null);
    Map<String, String> merged = sources.merge();
    String chosen = merged.get(PropertyNames.DB);
    if (positionalDb != null && !sameBinding(positionalDb, chosen)) {
      // YCSB's 'ycsb run <db>' names the binding once; two names are a conflict, not a choice for
      // hbload to make
      throw new SpecException(
          "binding "
              + positionalDb
              + " (DB argument) contradicts db="
              + chosen
              + " (-db or -p db): give one of them");
    }
    merged.putIfAbsent(PropertyNames.DB, defaultBinding());
    return merged;
  }

  /**
   * {@code props}, for a command that runs no fault schedule yet: bad input when one is set ({@code
   * --faults} or {@code -p hbload.faults}), rather than faults fired once per round or task.
   */
  static Map<String, String> withoutFaults(Map<String, String> props, String command) {
    if (props.containsKey(PropertyNames.FAULTS)
        || props.containsKey(PropertyNames.FAULT_RECOVERY_LIMIT)) {
      throw new SpecException(
          "--faults (hbload.faults) is not supported by hbload "
              + command
              + " yet: give it to hbload run or hbload load");
    }
    if (props.containsKey(PropertyNames.VERIFY) || props.containsKey(PropertyNames.VERIFY_FILE)) {
      throw new SpecException(
          "--verify (hbload.verify) is not supported by hbload "
              + command
              + " yet: give it to hbload run or hbload load");
    }
    return props;
  }

  /** Whether two {@code db} values name one binding (a name, an alias, or its class). */
  private static boolean sameBinding(String a, String b) {
    if (a.equals(b)) {
      return true;
    }
    try {
      return Bindings.find(a).name().equals(Bindings.find(b).name());
    } catch (SpecException unknown) {
      return false; // one is no binding at all: a conflict either way
    }
  }

  /**
   * hbase (on the embedded cluster when none is configured) when built in, else the no-op binding.
   */
  static String defaultBinding() {
    return Bindings.available().stream().map(BindingProvider::name).anyMatch("hbase"::equals)
        ? "hbase"
        : "basic";
  }

  private static void setIf(PropertySources sources, String key, String value) {
    ClientOptions.setIf(sources, key, value);
  }

  /**
   * The workload's name for metric tags: the bundled name, else the first property file's name,
   * else custom.
   */
  String workloadName() {
    if (workload != null) {
      return workload;
    }
    if (!client.propertyFiles.isEmpty()) {
      return client.propertyFiles.get(0).getFileName().toString().replaceFirst("\\.[^.]*$", "");
    }
    return "custom";
  }
}
