package io.hbload.cli;

import io.hbload.core.config.OutputTarget;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.SpecException;
import io.hbload.core.spec.RunSpec;
import io.hbload.hbase.config.HBaseProperties;
import io.hbload.hbase.pe.PeExecution;
import io.hbload.hbase.pe.PeLayout;
import io.hbload.hbase.pe.PeScanOptions;
import io.hbload.hbase.pe.PeSpec;
import io.hbload.hbase.pe.PeTableOptions;
import io.hbload.hbase.pe.PeTest;
import io.hbload.hbase.pe.PeWorkload;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.MemoryCompactionPolicy;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.codec.KeyValueCodecWithTags;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * HBase PerformanceEvaluation's command line as {@code hbload pe} and {@code hbload mapreduce pe}
 * both take it: the command, nclients, PE's options with PE's names and defaults, and hbload's own
 * (cluster, output files, seed, Kerberos, {@code -p}); turned into a checked {@link PeSpec} and the
 * engine's properties. A picocli mixin.
 */
final class PeOptions {
  @Parameters(
      index = "0",
      paramLabel = "<command>",
      description = "PE command, e.g. sequentialWrite, randomRead")
  String command;

  @Parameters(
      index = "1",
      paramLabel = "<nclients>",
      description = "Clients, 1 to 500 (PE's limit)")
  int clients;

  @Option(
      names = "--oneCon",
      arity = "0..1",
      fallbackValue = "true",
      description = "All clients share one connection. Default: false (one per client)")
  boolean oneCon;

  @Option(
      names = "--rows",
      paramLabel = "N",
      description = "Rows each client runs. Default: 1048576")
  Integer rows;

  @Option(
      names = "--size",
      paramLabel = "GB",
      description =
          "Total size in GB (1000 MiB); instead of --rows (for randomRead/randomSeekScan with --rows: the key range)")
  Float size;

  @Option(names = "--valueSize", paramLabel = "BYTES", description = "Value size. Default: 1000")
  int valueSize = PeLayout.DEFAULT_VALUE_SIZE;

  @Option(
      names = "--valueRandom",
      arity = "0..1",
      fallbackValue = "true",
      description = "Vary value sizes between 0 and --valueSize")
  boolean valueRandom;

  @Option(
      names = "--valueZipf",
      arity = "0..1",
      fallbackValue = "true",
      description = "Vary value sizes between 1 and --valueSize in zipf form (short ones common)")
  boolean valueZipf;

  @Option(
      names = "--usetags",
      arity = "1",
      paramLabel = "BOOL",
      description =
          "Write --numoftags tags with every cell (sent with HBase's KeyValueCodecWithTags). Default: false")
  boolean usetags;

  @Option(
      names = "--numoftags",
      paramLabel = "N",
      description = "Tags per cell with --usetags=true. Default: 1")
  int numoftags = 1;

  @Option(
      names = "--presplit",
      paramLabel = "REGIONS",
      description =
          "Create the table pre-split into this many regions (re-creates an existing one). Default: 0")
  int presplit;

  @Option(
      names = "--autoFlush",
      arity = "0..1",
      fallbackValue = "true",
      description =
          "Writes go straight to the table (else through a 2 MB buffered mutator). Default: false")
  boolean autoFlush;

  @Option(
      names = "--writeToWAL",
      arity = "0..1",
      fallbackValue = "true",
      description = "Write to the WAL (SYNC_WAL, else SKIP_WAL). Default: true")
  boolean writeToWal = true;

  @Option(
      names = "--compress",
      paramLabel = "ALGO",
      description = "Compression (NONE, GZ, SNAPPY, LZ4, ZSTD, ...). Default: NONE")
  String compress = "NONE";

  @Option(
      names = "--blockEncoding",
      paramLabel = "ENC",
      description =
          "Data block encoding (NONE, PREFIX, DIFF, FAST_DIFF, ROW_INDEX_V1). Default: NONE")
  DataBlockEncoding blockEncoding = DataBlockEncoding.NONE;

  @Option(
      names = "--bloomFilter",
      paramLabel = "TYPE",
      description = "Bloom filter (NONE, ROW, ROWCOL, ROWPREFIX_FIXED_LENGTH). Default: ROW")
  BloomType bloomFilter = BloomType.ROW;

  @Option(
      names = "--inmemory",
      arity = "0..1",
      fallbackValue = "true",
      description = "In-memory column families. Default: false")
  boolean inMemory;

  @Option(
      names = "--blockSize",
      paramLabel = "BYTES",
      description = "Column families' block size. Default: 65536")
  int blockSize = PeSpec.DEFAULT_BLOCK_SIZE;

  @Option(
      names = "--inmemoryCompaction",
      paramLabel = "POLICY",
      description =
          "Column families' in-memory compaction (NONE, BASIC, EAGER, ADAPTIVE). Default: NONE")
  MemoryCompactionPolicy inMemoryCompaction = MemoryCompactionPolicy.NONE;

  @Option(
      names = "--splitPolicy",
      paramLabel = "CLASS",
      description = "Table's region split policy class. Default: the cluster's")
  String splitPolicy = "";

  @Option(names = "--caching", paramLabel = "ROWS", description = "Scan caching. Default: 30")
  int caching = PeSpec.DEFAULT_CACHING;

  @Option(
      names = "--filterAll",
      arity = "0..1",
      fallbackValue = "true",
      description =
          "Reads and scans filter every cell out on the server: rows are read there, none come back")
  boolean filterAll;

  @Option(
      names = "--cacheBlocks",
      arity = "1",
      paramLabel = "BOOL",
      description = "Scans cache blocks. Default: true")
  boolean cacheBlocks = true;

  @Option(
      names = "--asyncPrefetch",
      arity = "0..1",
      fallbackValue = "true",
      description = "Scans prefetch asynchronously. Default: false")
  boolean asyncPrefetch;

  @Option(
      names = "--scanReadType",
      paramLabel = "TYPE",
      description = "Scans' read type (DEFAULT, STREAM, PREAD). " + "Default: DEFAULT")
  Scan.ReadType scanReadType = Scan.ReadType.DEFAULT;

  @Option(
      names = "--latencyThreshold",
      paramLabel = "MS",
      description =
          "Print each client's count of operations that took at least MS ms. Default: 0 (none)")
  int latencyThreshold;

  @Option(
      names = "--randomSleep",
      paramLabel = "MS",
      description = "Random reads sleep 0 to MS-1 ms before each, outside its latency. Default: 0")
  int randomSleep;

  @Option(
      names = "--multiGet",
      paramLabel = "N",
      description = "Batch gets in groups of N (random/sequential reads). Default: 0")
  int multiGet;

  @Option(
      names = "--multiPut",
      paramLabel = "N",
      description = "Batch puts in groups of N (needs --autoFlush=true). Default: 0")
  int multiPut;

  @Option(
      names = "--measureAfter",
      paramLabel = "ROWS",
      description = "Measure latency after this many rows. Default: 0")
  int measureAfter;

  @Option(
      names = "--sampleRate",
      paramLabel = "RATE",
      description = "Run on this fraction of the rows. Default: 1.0")
  float sampleRate = 1.0f;

  @Option(names = "--table", paramLabel = "NAME", description = "Table. Default: TestTable")
  String table = "TestTable";

  @Option(
      names = "--families",
      paramLabel = "N",
      description = "Column families info0.. Default: 1")
  int families = 1;

  @Option(names = "--columns", paramLabel = "N", description = "Columns per family. Default: 1")
  int columns = 1;

  @Option(
      names = "--startRow",
      paramLabel = "ROW",
      description = "First row of every client (0: client i starts at i x rows). Default: 0")
  int startRow;

  @Option(
      names = "--replicas",
      paramLabel = "N",
      description = "Region replicas (reads are TIMELINE when > 1). Default: 1")
  int replicas = 1;

  @Option(
      names = "--inflight",
      paramLabel = "N",
      description =
          "Async commands: operations each client keeps in flight (as -p hbload.inflight=N). Default: 1 "
              + "(PE waits on each)")
  Integer inflight;

  @Option(
      names = {"-cp", "--hbase-conf"},
      paramLabel = "DIR",
      description = "HBase configuration directory (hbase-site.xml)")
  String hbaseConf;

  @Option(
      names = "--zk",
      paramLabel = "HOST:PORT",
      description = "ZooKeeper quorum of the HBase cluster")
  String zk;

  @Option(
      names = "--json",
      paramLabel = "FILE",
      description = "Write hbload's JSON result here. " + OutputTarget.SPECIAL_FILES)
  String json;

  @Option(
      names = "--hlog",
      paramLabel = "FILE",
      description = "Write a tagged HdrHistogram interval log here. " + OutputTarget.SPECIAL_FILES)
  String hlog;

  @Option(names = "--seed", paramLabel = "N", description = "Seed the random rows and values")
  String seed;

  @Option(names = "-s", description = "Print a status line every 10 seconds to stderr")
  boolean status;

  @Option(names = "--fail-on-error", description = "Exit 1 when any operation failed")
  boolean failOnError;

  @Mixin KerberosOptions kerberos = new KerberosOptions();

  @Option(
      names = "-p",
      paramLabel = "NAME=VALUE",
      description =
          "An hbload property, e.g. -p hbload.stopgrace=30 or an hbase.* client setting; PE's options win")
  Map<String, String> extra = new LinkedHashMap<>();

  /** HBase's client setting of the codec of its RPCs' cell blocks. */
  private static final String TAGS_CODEC_KEY = "hbase.client.rpc.codec";

  /**
   * {@code --inflight} above 1 only for PE's async commands: the blocking ones wait on each call,
   * as in PE.
   */
  void checkInflight(RunSpec spec, PeSpec pe) {
    if (spec.execution().inflight() > 1 && !pe.workload().test().async()) {
      throw new SpecException(
          "--inflight="
              + spec.execution().inflight()
              + " needs one of PE's async commands "
              + "(asyncRandomRead, asyncRandomWrite, asyncSequentialRead, asyncSequentialWrite, asyncScan); "
              + command
              + " waits on each call, as in PE");
    }
  }

  /** PE's command and options, checked as PE checks them. */
  PeSpec peSpec() {
    PeTest test = PeTest.forCommand(command);
    if (test == null) {
      throw new SpecException(
          "unknown command '"
              + command
              + "'; one of: "
              + Arrays.stream(PeTest.values())
                  .map(PeTest::command)
                  .collect(Collectors.joining(", ")));
    }
    return PeSpec.validated(
        new PeWorkload(
            test,
            columns,
            valueSize,
            valueRandom,
            valueZipf,
            usetags ? numoftags : 0,
            writeToWal,
            multiGet,
            multiPut),
        rows,
        size,
        startRow,
        new PeTableOptions(
            table,
            families,
            presplit,
            replicas,
            compression(),
            blockEncoding,
            bloomFilter,
            inMemory,
            blockSize,
            inMemoryCompaction,
            splitPolicy),
        new PeExecution(
            clients, oneCon, autoFlush, measureAfter, sampleRate, randomSleep, latencyThreshold),
        new PeScanOptions(caching, filterAll, cacheBlocks, asyncPrefetch, scanReadType));
  }

  private Compression.Algorithm compression() {
    for (Compression.Algorithm a : Compression.Algorithm.values()) {
      if (a.name().equalsIgnoreCase(compress) || a.getName().equalsIgnoreCase(compress)) {
        return a;
      }
    }
    throw new SpecException(
        "--compress: unknown algorithm '"
            + compress
            + "'; one of: "
            + Arrays.stream(Compression.Algorithm.values())
                .map(Enum::name)
                .collect(Collectors.joining(", ")));
  }

  /**
   * The engine's properties for this run: one operation per row of each client, the whole row range
   * to load. Typed values go back to strings because the properties are the run's provenance: the
   * hlog records them and a merge (also of {@code mapreduce pe}'s shards) rebuilds the spec from
   * them alone.
   *
   * @param threads the engine's threads: all the clients ({@code pe}), or each map task's one
   *     ({@code mapreduce pe})
   */
  Map<String, String> properties(PeSpec pe, int threads) {
    if (extra.containsKey(PropertyNames.WARMUP)) {
      // the engine would split its recorders at the boundary, but PE's per-client histograms would
      // still hold it
      throw new SpecException(
          "-p "
              + PropertyNames.WARMUP
              + " is not supported by pe yet (its per-client latency "
              + "lines would include the warm-up); use PE's --measureAfter=ROWS");
    }
    if (inflight != null && inflight < 1) {
      throw new SpecException("--inflight must be at least 1: " + inflight);
    }
    Map<String, String> p = new LinkedHashMap<>(extra);
    putIf(p, PropertyNames.INFLIGHT, inflight == null ? null : inflight.toString());
    if (pe.workload().tags() > 0) {
      // HBase's default RPC codec drops tags from the cells a client sends (PE's buffered writes
      // lose them so)
      p.putIfAbsent(TAGS_CODEC_KEY, KeyValueCodecWithTags.class.getName());
    }
    p.put(PropertyNames.DB, "hbase-pe");
    p.put(PropertyNames.TABLE, pe.table().name());
    p.put(PropertyNames.THREADS, Integer.toString(threads));
    p.put(
        PropertyNames.OPERATION_COUNT,
        Long.toString((long) pe.rows().perClientRows() * pe.execution().clients()));
    p.put(PropertyNames.RECORD_COUNT, Integer.toString(pe.rows().totalRows()));
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
