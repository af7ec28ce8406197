package io.hbload.cli;

import io.hbload.core.Launcher;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.RunSpec;
import io.hbload.core.config.SpecException;
import io.hbload.core.config.SpecParser;
import io.hbload.hbase.config.HBaseProperties;
import io.hbload.hbase.pe.PeBindingProvider;
import io.hbload.hbase.pe.PeReport;
import io.hbload.hbase.pe.PeSpec;
import io.hbload.hbase.pe.PeTest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code hbload pe}: HBase PerformanceEvaluation's command line (its command names, options and defaults, in its
 * {@code --name=value} form) on hbload's engine: the clients are the engine's workers, every operation is recorded as
 * in {@code run}, and the output is PE's per-client lines, PE's summary, hbload's aggregate, then YCSB's report.
 */
@Command(name = "pe", mixinStandardHelpOptions = true, versionProvider = HbloadCommand.VersionProvider.class,
    sortOptions = false,
    description = {
        "HBase PerformanceEvaluation's commands on hbload's engine: PE's per-client latency lines (to p99.999),",
        "then an aggregate of all clients and YCSB's report. Same table layout as PE (TestTable, info0, row keys",
        "of 26 digits), so 'hbase pe' reads what this writes and the reverse. Clients are threads (PE's",
        "--nomapred); for clients as MapReduce tasks use 'hbload mapreduce'. With no cluster configured, an",
        "embedded HBase runs in-process (read commands then get PE's rows written first).",
        "Commands: randomRead, randomWrite, sequentialRead, sequentialWrite, scan, scanRange10, scanRange100,",
        "scanRange1000, scanRange10000, randomSeekScan, filterScan, increment, append, checkAndPut,",
        "checkAndMutate, checkAndDelete; and PE's async commands on HBase's async client (AsyncTable):",
        "asyncRandomRead, asyncRandomWrite, asyncSequentialRead, asyncSequentialWrite, asyncScan. These wait",
        "on each call as PE does (1 in flight per client) unless --inflight=N keeps N outstanding."})
final class PerformanceEvaluationCommand implements Callable<Integer> {

  @Spec
  CommandSpec commandSpec;

  @Parameters(index = "0", paramLabel = "<command>", description = "PE command, e.g. sequentialWrite, randomRead")
  String command;

  @Parameters(index = "1", paramLabel = "<nclients>", description = "Clients (threads), 1 to 500")
  int clients;

  @Option(names = "--nomapred", arity = "0..1", fallbackValue = "true",
      description = "Run the clients as threads (always so here; accepted for PE command lines)")
  boolean nomapred;

  @Option(names = "--oneCon", arity = "0..1", fallbackValue = "true",
      description = "All clients share one connection. Default: false (one per client)")
  boolean oneCon;

  @Option(names = "--rows", paramLabel = "N", description = "Rows each client runs. Default: 1048576")
  Integer rows;

  @Option(names = "--size", paramLabel = "GB",
      description = "Total size in GB (1000 MiB); instead of --rows (for randomRead/randomSeekScan with --rows: the key range)")
  Float size;

  @Option(names = "--valueSize", paramLabel = "BYTES", description = "Value size. Default: 1000")
  int valueSize = io.hbload.hbase.pe.PeLayout.DEFAULT_VALUE_SIZE;

  @Option(names = "--valueRandom", arity = "0..1", fallbackValue = "true",
      description = "Vary value sizes between 0 and --valueSize")
  boolean valueRandom;

  @Option(names = "--presplit", paramLabel = "REGIONS",
      description = "Create the table pre-split into this many regions (re-creates an existing one). Default: 0")
  int presplit;

  @Option(names = "--autoFlush", arity = "0..1", fallbackValue = "true",
      description = "Writes go straight to the table (else through a 2 MB buffered mutator). Default: false")
  boolean autoFlush;

  @Option(names = "--writeToWAL", arity = "0..1", fallbackValue = "true",
      description = "Write to the WAL (SYNC_WAL, else SKIP_WAL). Default: true")
  boolean writeToWal = true;

  @Option(names = "--compress", paramLabel = "ALGO", description = "Compression (NONE, GZ, SNAPPY, LZ4, ZSTD, ...). Default: NONE")
  String compress = "NONE";

  @Option(names = "--blockEncoding", paramLabel = "ENC", description = "Data block encoding (NONE, PREFIX, DIFF, FAST_DIFF, ROW_INDEX_V1). Default: NONE")
  DataBlockEncoding blockEncoding = DataBlockEncoding.NONE;

  @Option(names = "--bloomFilter", paramLabel = "TYPE", description = "Bloom filter (NONE, ROW, ROWCOL, ROWPREFIX_FIXED_LENGTH). Default: ROW")
  BloomType bloomFilter = BloomType.ROW;

  @Option(names = "--inmemory", arity = "0..1", fallbackValue = "true", description = "In-memory column families. Default: false")
  boolean inMemory;

  @Option(names = "--caching", paramLabel = "ROWS", description = "Scan caching. Default: 30")
  int caching = PeSpec.DEFAULT_CACHING;

  @Option(names = "--multiGet", paramLabel = "N", description = "Batch gets in groups of N (random/sequential reads). Default: 0")
  int multiGet;

  @Option(names = "--multiPut", paramLabel = "N", description = "Batch puts in groups of N (needs --autoFlush=true). Default: 0")
  int multiPut;

  @Option(names = "--measureAfter", paramLabel = "ROWS", description = "Measure latency after this many rows. Default: 0")
  int measureAfter;

  @Option(names = "--sampleRate", paramLabel = "RATE", description = "Run on this fraction of the rows. Default: 1.0")
  float sampleRate = 1.0f;

  @Option(names = "--table", paramLabel = "NAME", description = "Table. Default: TestTable")
  String table = "TestTable";

  @Option(names = "--families", paramLabel = "N", description = "Column families info0.. Default: 1")
  int families = 1;

  @Option(names = "--columns", paramLabel = "N", description = "Columns per family. Default: 1")
  int columns = 1;

  @Option(names = "--startRow", paramLabel = "ROW", description = "First row of every client (0: client i starts at i x rows). Default: 0")
  int startRow;

  @Option(names = "--replicas", paramLabel = "N", description = "Region replicas (reads are TIMELINE when > 1). Default: 1")
  int replicas = 1;

  @Option(names = "--inflight", paramLabel = "N",
      description = "Async commands: operations each client keeps in flight (as -p hbload.inflight=N). Default: 1 "
          + "(PE waits on each)")
  Integer inflight;

  @Option(names = {"-cp", "--hbase-conf"}, paramLabel = "DIR", description = "HBase configuration directory (hbase-site.xml)")
  String hbaseConf;

  @Option(names = "--zk", paramLabel = "HOST:PORT", description = "ZooKeeper quorum of the HBase cluster")
  String zk;

  @Option(names = "--json", paramLabel = "FILE", description = "Write hbload's JSON result here")
  String json;

  @Option(names = "--hlog", paramLabel = "FILE", description = "Write a tagged HdrHistogram interval log here")
  String hlog;

  @Option(names = "--seed", paramLabel = "N", description = "Seed the random rows and values")
  String seed;

  @Option(names = "-s", description = "Print a status line every 10 seconds to stderr")
  boolean status;

  @Option(names = "--fail-on-error", description = "Exit 1 when any operation failed")
  boolean failOnError;

  @picocli.CommandLine.Mixin
  KerberosOptions kerberos = new KerberosOptions();

  @picocli.CommandLine.Mixin
  MetricsOptions metrics = new MetricsOptions();

  @picocli.CommandLine.Mixin
  HtmlOption html = new HtmlOption();

  @Option(names = "-p", paramLabel = "NAME=VALUE",
      description = "An hbload property, e.g. -p hbload.stopgrace=30 or an hbase.* client setting; PE's options win")
  Map<String, String> extra = new LinkedHashMap<>();

  @Override
  public Integer call() throws Exception {
    PrintStream err = PhaseCommand.WriterStream.printStream(commandSpec.commandLine().getErr());
    PrintStream out = PhaseCommand.WriterStream.printStream(commandSpec.commandLine().getOut());
    PeBindingProvider provider = new PeBindingProvider(peSpec());
    RunSpec spec = SpecParser.parse(properties(provider.spec()), Phase.RUN, provider);
    if (spec.inflight() > 1 && !provider.spec().test().async()) {
      throw new SpecException("--inflight=" + spec.inflight() + " needs one of PE's async commands (asyncRandomRead, "
          + "asyncRandomWrite, asyncSequentialRead, asyncSequentialWrite, asyncScan); " + command
          + " waits on each call, as in PE");
    }
    if (!nomapred) {
      err.println("hbload pe: clients run as threads in this JVM (PE's --nomapred); for MapReduce clients use "
          + "hbload mapreduce");
    }
    html.check(commandSpec.commandLine());
    java.util.Optional<io.hbload.observe.MetricsSession> watch = metrics.open(commandSpec.commandLine(),
        new io.hbload.observe.RunTags("pe-" + command, spec.binding(), spec.shard().index(),
            io.hbload.core.ClientInfo.localHost()), err);
    try {
      java.util.List<io.hbload.core.exec.RunListener> more = new java.util.ArrayList<>();
      watch.ifPresent(m -> more.add(m.listener()));
      if (html.requested()) {
        more.add(html.collector());
      }
      ByteArrayOutputStream ycsbReport = new ByteArrayOutputStream();
      PrintStream reportStream = new PrintStream(ycsbReport, true, StandardCharsets.UTF_8);
      Launcher launcher = new Launcher(spec, provider, err, reportStream, more);
      watch.ifPresent(m -> m.runMeters().inFlight(launcher::inFlight));
      try (InterruptHook hook = InterruptHook.install(() -> launcher.requestStop(Launcher.INTERRUPTED),
          Math.max(60, spec.stopGraceSeconds() + 30))) {
        Launcher.Outcome outcome = launcher.launch();
        // PE's lines first (per client, then its summary and hbload's aggregate), then YCSB's report
        PeReport.write(provider.spec(), provider.results().clients(), outcome.result().runtimeMillis(), out);
        out.print(ycsbReport.toString(StandardCharsets.UTF_8));
        out.flush();
        if (html.requested()) {
          html.write();
        }
        return PhaseCommand.exitCode(outcome, err);
      }
    } finally {
      watch.ifPresent(io.hbload.observe.MetricsSession::close); // after the report: the final values are in
    }
  }

  private PeSpec peSpec() {
    PeTest test = PeTest.forCommand(command);
    if (test == null) {
      throw new SpecException("unknown command '" + command + "'; one of: "
          + Arrays.stream(PeTest.values()).map(PeTest::command).collect(Collectors.joining(", ")));
    }
    return PeSpec.validated(test, clients, rows, size, startRow, table, families, columns, valueSize, valueRandom,
        presplit, replicas, compression(), blockEncoding, bloomFilter, inMemory, autoFlush, writeToWal, oneCon,
        caching, multiGet, multiPut, measureAfter, sampleRate);
  }

  private Compression.Algorithm compression() {
    for (Compression.Algorithm a : Compression.Algorithm.values()) {
      if (a.name().equalsIgnoreCase(compress) || a.getName().equalsIgnoreCase(compress)) {
        return a;
      }
    }
    throw new SpecException("--compress: unknown algorithm '" + compress + "'; one of: "
        + Arrays.stream(Compression.Algorithm.values()).map(Enum::name).collect(Collectors.joining(", ")));
  }

  /** The engine's properties for this run: one operation per row of each client, the whole row range to load. */
  private Map<String, String> properties(PeSpec pe) {
    if (extra.containsKey(PropertyNames.WARMUP)) {
      // the engine would split its recorders at the boundary, but PE's per-client histograms would still hold it
      throw new SpecException("-p " + PropertyNames.WARMUP + " is not supported by pe yet (its per-client latency "
          + "lines would include the warm-up); use PE's --measureAfter=ROWS");
    }
    if (inflight != null && inflight < 1) {
      throw new SpecException("--inflight must be at least 1: " + inflight);
    }
    Map<String, String> p = new LinkedHashMap<>(extra);
    putIf(p, PropertyNames.INFLIGHT, inflight == null ? null : inflight.toString());
    p.put(PropertyNames.DB, "hbase-pe");
    p.put(PropertyNames.TABLE, pe.table());
    p.put(PropertyNames.THREADS, Integer.toString(pe.clients()));
    p.put(PropertyNames.OPERATION_COUNT, Long.toString((long) pe.perClientRows() * pe.clients()));
    p.put(PropertyNames.RECORD_COUNT, Integer.toString(pe.totalRows()));
    putIf(p, PropertyNames.JSON_FILE, json);
    putIf(p, PropertyNames.HLOG_FILE, hlog);
    putIf(p, PropertyNames.SEED, seed);
    putIf(p, HBaseProperties.HBASE_CONF_DIR, hbaseConf);
    putIf(p, HBaseProperties.ZK, zk);
    putIf(p, PropertyNames.STATUS, status ? "true" : null);
    putIf(p, PropertyNames.FAIL_ON_ERROR, failOnError ? "true" : null);
    p.putAll(kerberos.properties());
    return p;
  }

  private static void putIf(Map<String, String> p, String key, String value) {
    if (value != null) {
      p.put(key, value);
    }
  }
}
