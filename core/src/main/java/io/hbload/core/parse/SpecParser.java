package io.hbload.core.parse;

import static io.hbload.core.config.PropertyNames.*;

import io.hbload.core.audit.WriteLog;
import io.hbload.core.binding.BindingKind;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.binding.Bindings;
import io.hbload.core.config.AuditSpec;
import io.hbload.core.config.BindingSettings;
import io.hbload.core.config.Distribution;
import io.hbload.core.config.Execution;
import io.hbload.core.config.FaultAction;
import io.hbload.core.config.FaultExec;
import io.hbload.core.config.FaultSchedule;
import io.hbload.core.config.FaultScheduleParser;
import io.hbload.core.config.InsertRetries;
import io.hbload.core.config.KeyChoice;
import io.hbload.core.config.LengthDistribution;
import io.hbload.core.config.MeasurementInterval;
import io.hbload.core.config.MixgraphSpec;
import io.hbload.core.config.OperationMix;
import io.hbload.core.config.OutputPaths;
import io.hbload.core.config.Outputs;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyReader;
import io.hbload.core.config.PropertySources;
import io.hbload.core.config.Provenance;
import io.hbload.core.config.RateSchedule;
import io.hbload.core.config.RateScheduleParser;
import io.hbload.core.config.Records;
import io.hbload.core.config.ReportFormat;
import io.hbload.core.config.RowFields;
import io.hbload.core.config.ScanLengths;
import io.hbload.core.config.ShardSpec;
import io.hbload.core.config.Slo;
import io.hbload.core.config.SpecException;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.source.WorkloadType;
import io.hbload.core.spec.BindingChoice;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.time.Clock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns merged properties into a validated {@link RunSpec}: with the binding's own parser, which it
 * calls in the same pass ({@link BindingProvider#settings}), the only code that reads property
 * strings. Defaults and meanings are YCSB 0.17.0's. Every problem, the engine's and the binding's,
 * is collected and reported at once, each naming its property. Where YCSB misbehaves, hbload does
 * the sensible thing (see docs/ycsb-differences.md): values are trimmed (YCSB crashes on {@code
 * operationcount=1000 }), malformed booleans, unknown exporters and out-of-range fractions are
 * errors instead of silent fallbacks, {@code operationcount=0} runs until {@code maxexecutiontime}
 * or Ctrl-C instead of running zero threads, and the load phase inserts {@code insertcount}
 * (default {@code recordcount - insertstart}) records.
 */
public final class SpecParser {
  public static final String CORE_WORKLOAD = "site.ycsb.workloads.CoreWorkload";

  /** {@code workload=mixgraph}: RocksDB db_bench's mixgraph model ({@link MixgraphSpec}). */
  public static final String MIXGRAPH = "mixgraph";

  public static final String DEFAULT_BINDING = "basic";

  private final Map<String, String> props;
  private final PropertyReader read;
  private final List<String> notes = new ArrayList<>();

  private SpecParser(Map<String, String> props) {
    this(props, Map.of());
  }

  /**
   * {@code values}: the typed values set in code, read as they are (see {@link PropertyReader}).
   */
  private SpecParser(Map<String, String> props, Map<String, Object> values) {
    this.props = props;
    this.read = new PropertyReader(props, values);
  }

  /**
   * Parses a phase's spec, with the settings of the binding {@code db} names; throws {@link
   * SpecException} listing every problem.
   */
  public static RunSpec parse(Map<String, String> properties, Phase phase) {
    return new SpecParser(properties).build(phase, null, null);
  }

  /**
   * As {@link #parse(Map, Phase)} for a run that is over (a merge of its logs): the binding is not
   * looked up, as it need not be on this class path, and its settings are {@link
   * BindingSettings#NONE}.
   */
  public static RunSpec parseFinished(Map<String, String> properties, Phase phase) {
    Map<String, String> whole = new LinkedHashMap<>(properties);
    // the whole run: no one client's shard, seed, start instant or output files
    PER_CLIENT.stream()
        .filter(k -> !k.equals(THREADS) && !k.equals(STATUS_INTERVAL))
        .forEach(whole::remove);
    return new SpecParser(whole).build(phase, FINISHED, FINISHED_WORKLOAD);
  }

  /** Stands in for the binding of a finished run: no settings to parse, nothing to open. */
  private static final BindingKind FINISHED =
      new BindingKind() {
        @Override
        public String name() {
          return "finished";
        }

        @Override
        public String description() {
          return "a run that is over";
        }

        /**
         * The run's {@code hbload.inflight} was checked against its own binding when it ran: its
         * logs say what it was.
         */
        @Override
        public boolean supportsAsync() {
          return true;
        }
      };

  /** A finished run's workload: what ran is in its logs, nothing is opened again. */
  private static final WorkloadType FINISHED_WORKLOAD =
      context -> {
        throw new UnsupportedOperationException("a finished run's workload is not opened");
      };

  /**
   * As {@link #parse(Map, Phase)}, with the binding's settings parsed by this provider instance.
   */
  public static RunSpec parse(
      Map<String, String> properties, Phase phase, BindingProvider provider) {
    return new SpecParser(properties).build(phase, provider, WorkloadType.ycsb(provider));
  }

  /**
   * As {@link #parse(Map, Phase)} for a workload with clients of its own (hbload pe's commands):
   * the binding's settings parsed by {@code kind}, the run opened by {@code workload}.
   */
  public static RunSpec parse(
      Map<String, String> properties, Phase phase, BindingKind kind, WorkloadType workload) {
    return new SpecParser(properties).build(phase, kind, workload);
  }

  /**
   * As {@link #parse(Map, Phase, BindingProvider)} for settings made in code ({@link
   * RunSpecBuilder}): a value set typed is checked as its property string would be, and its
   * rendering is the run's provenance. {@code provider} null: the binding {@code db} names.
   */
  static RunSpec parse(PropertySources sources, Phase phase, BindingProvider provider) {
    return parse(sources, phase, provider, provider == null ? null : WorkloadType.ycsb(provider));
  }

  /** As {@link #parse(PropertySources, Phase, BindingProvider)} for a workload of its own. */
  static RunSpec parse(
      PropertySources sources, Phase phase, BindingKind kind, WorkloadType workload) {
    return new SpecParser(sources.merge(), sources.values()).build(phase, kind, workload);
  }

  /**
   * The load the engine runs before a run phase on a store that starts empty: the run's settings,
   * inserting the workload's records, without the run's target rate. No property is read again: it
   * is derived from the parsed run.
   */
  public static RunSpec loadBefore(RunSpec run) {
    WorkloadSpec w = run.workload();
    ShardSpec shard = run.execution().shard();
    long records = shard.share(w.records().insertCount());
    if (records == 0) {
      throw SpecException.forProperty(
          RECORD_COUNT, "the store starts empty and there is nothing to load (0 records)");
    }
    WorkloadSpec slice =
        w.withInsertRange(
            shard.sliceStart(w.records().insertStart(), w.records().insertCount()), records);
    Execution execution =
        run.execution().toBuilder()
            .threads((int) Math.min(run.execution().threads(), records))
            .operations(records)
            // unthrottled: -target is the run's rate, not that of filling the store it needs
            .runTargetOpsPerSec(0)
            // every record, however long it takes: the run's maxexecutiontime cut this load short
            // (958 of 1,000 records at maxexecutiontime=1, 40 % of find-max's reads NOT_FOUND)
            .maxExecutionTimeSeconds(0)
            .startAt(null)
            // the engine's own load is not measured as the user's phase: no warm-up, no faults
            .warmup(Duration.ZERO)
            .faults(FaultSchedule.NONE)
            .build();
    return run.withPhase(Phase.LOAD)
        .withWorkload(slice)
        .withExecution(execution)
        .withProvenance(run.provenance().withNotes(List.of()));
  }

  private RunSpec build(Phase phase, BindingKind given, WorkloadType givenWorkload) {
    String workloadClass = text(WORKLOAD, CORE_WORKLOAD);
    boolean mixgraph = workloadClass.equals(MIXGRAPH);
    if (!mixgraph
        && !workloadClass.equals(CORE_WORKLOAD)
        && !workloadClass.equals("com.yahoo.ycsb.workloads.CoreWorkload")) {
      error(
          WORKLOAD,
          "expected " + CORE_WORKLOAD + " or " + MIXGRAPH + ", got '" + workloadClass + "'");
    }
    WorkloadSpec workload = workload();
    MixgraphSpec mixgraphSpec = mixgraph ? new MixgraphParser(read, notes).parse(workload) : null;
    ShardSpec shard = shard();
    long operations;
    if (phase == Phase.LOAD) {
      operations = workload.records().insertCount();
      if (shard.sharded()) {
        long slice = shard.share(operations);
        workload =
            workload.withInsertRange(
                shard.sliceStart(workload.records().insertStart(), operations), slice);
        if (slice == 0 && operations > 0) {
          error(
              SHARD,
              "shard "
                  + shard
                  + " has none of the "
                  + operations
                  + " records to load (fewer records than shards)");
        }
        operations = slice;
      }
      boolean noRecords = !read.has(RECORD_COUNT) || read.text(RECORD_COUNT, "").equals("0");
      if ((operations == 0 || noRecords && !read.has(INSERT_COUNT)) && read.errors().isEmpty()) {
        error(RECORD_COUNT, "nothing to load (0 records); set recordcount or insertcount");
      }
    } else {
      operations = shard.share(workload.operationCount());
      if (operations == 0 && workload.operationCount() > 0) {
        error(
            SHARD,
            "shard "
                + shard
                + " has none of the "
                + workload.operationCount()
                + " operations (fewer operations than shards)");
      }
      if (workload.mix().sum() <= 0) {
        error(
            READ_PROPORTION,
            "the operation proportions (read, update, insert, scan, readmodifywrite) sum to 0");
      }
    }
    int threads = (int) longValue(THREADS, 1, 1, 100_000);
    if (operations > 0 && threads > operations) {
      notes.add(
          "Warning: the threadcount is bigger than recordcount, the threadcount will be recordcount!");
      threads = (int) operations;
    }
    RateSchedule target = target(mixgraphSpec, given);
    long maxSeconds = maxExecutionSeconds();
    if (phase == Phase.RUN && target.varies() && Double.isFinite(target.seconds())) {
      // the schedule says how long the phase runs: an operation count would end a ramp part-way
      if (operations > 0) {
        notes.add(
            "target "
                + target.text()
                + ": the phase runs the schedule's "
                + RateSchedule.number(target.seconds())
                + " s"
                + (maxSeconds > 0 && maxSeconds < target.seconds()
                    ? " (cut to maxexecutiontime " + maxSeconds + " s)"
                    : "")
                + "; operationcount "
                + operations
                + " gives way to it");
      }
      operations = 0;
    }
    if (phase == Phase.RUN && operations == 0 && maxSeconds == 0) {
      notes.add(
          "operationcount=0 and no maxexecutiontime: running until interrupted (Ctrl-C prints the report)");
    }
    String type = text(MEASUREMENT_TYPE, "hdrhistogram").toLowerCase(Locale.ROOT);
    if (!type.equals("hdrhistogram")) {
      notes.add(
          "measurementtype="
              + type
              + ": hbload records HdrHistogram only; the report uses the hdrhistogram form");
    }
    ReportFormat format = format(text(EXPORTER, ReportFormat.TEXT.ycsbClassName()));
    String db = text(DB, DEFAULT_BINDING);
    BindingProvider found = given == null ? provider(db) : null;
    BindingKind provider = given == null ? found : given;
    WorkloadType workloadType =
        given != null ? givenWorkload : found == null ? null : WorkloadType.ycsb(found);
    if (mixgraphSpec != null) {
      if (workloadType instanceof WorkloadType.YcsbWorkloadType ycsb) {
        workloadType = WorkloadType.mixgraph(ycsb.provider(), mixgraphSpec);
      } else if (given != null && given != FINISHED) {
        error(WORKLOAD, MIXGRAPH + " runs on a YCSB binding, not on " + given.name());
      }
    }
    BindingSettings bindingSettings =
        provider == null ? BindingSettings.NONE : provider.settings(read, workload, phase);
    int inflight = inflight(provider);
    // read in this order, so that the problems (and notes) are listed in the order they always were
    long stopGrace = longValue(STOP_GRACE, 10, 1, 86_400);
    boolean status = bool(STATUS, false);
    double statusInterval = doubleValue(STATUS_INTERVAL, 10, 0.001, 86_400);
    String label = read.raw(LABEL, "");
    MeasurementInterval interval = interval();
    List<Double> percentiles = percentiles();
    Path exportFile = output(EXPORT_FILE);
    Path jsonFile = output(JSON_FILE);
    Path hlogFile = output(HLOG_FILE);
    distinct(EXPORT_FILE, exportFile, JSON_FILE, jsonFile);
    distinct(EXPORT_FILE, exportFile, HLOG_FILE, hlogFile);
    distinct(JSON_FILE, jsonFile, HLOG_FILE, hlogFile);
    Long seed = seed(shard);
    boolean spinSleep = bool(SPIN_SLEEP, false);
    Outputs outputs =
        new Outputs(
            label,
            percentiles,
            format,
            exportFile,
            jsonFile,
            hlogFile,
            bool(FAIL_ON_ERROR, false),
            bool(REPORT_LATENCY_FOR_EACH_ERROR, false),
            new LinkedHashSet<>(read.list(LATENCY_TRACKED_ERRORS)),
            doubleValue(INTENDED_WARN_FACTOR, 2, 1, Double.MAX_VALUE));
    Instant startAt = startAt();
    Execution execution =
        Execution.builder()
            .threads(threads)
            .target(target)
            .slo(slo())
            .operations(operations)
            .maxExecutionTimeSeconds(maxSeconds)
            .stopGraceSeconds(stopGrace)
            .status(status)
            .statusIntervalSeconds(statusInterval)
            .measurementInterval(interval)
            .spinSleep(spinSleep)
            .warmup(read.duration(WARMUP, Duration.ZERO))
            .inflight(inflight)
            .seed(seed)
            .shard(shard)
            .startAt(startAt)
            .clock(Clock.system())
            .faults(faults(given, maxSeconds, shard))
            .audit(audit(given, provider, workloadType, workload, shard))
            .build();
    unknownKeys(given);
    read.throwIfErrors();
    // no errors, so the provider was found
    return new RunSpec(
        phase,
        workload,
        new BindingChoice(db, provider, bindingSettings, workloadType),
        execution,
        outputs,
        new Provenance(props, notes));
  }

  /**
   * Properties neither the engine nor the binding read: a note naming each with the closest known
   * key, or with {@code hbload.strict} an error each. Last, once every parser has asked for its
   * keys; not for a finished run, whose binding's keys nobody reads here.
   */
  private void unknownKeys(BindingKind given) {
    boolean strict = bool(STRICT, false);
    if (given == FINISHED) {
      return;
    }
    Map<String, String> unread = read.unread();
    if (unread.isEmpty()) {
      return;
    }
    List<String> named = new ArrayList<>();
    unread.forEach(
        (key, closest) ->
            named.add(key + (closest == null ? "" : " (did you mean " + closest + "?)")));
    if (strict) {
      unread.forEach(
          (key, closest) ->
              read.error(
                  key,
                  "unknown: read by neither hbload nor the binding"
                      + (closest == null ? "" : " (did you mean " + closest + "?)")
                      + "; without --strict this is a warning"));
    } else {
      notes.add(
          "WARNING: properties read by neither hbload nor the binding, so they have no effect: "
              + String.join(", ", named)
              + " (--strict makes this an error)");
    }
  }

  /** {@code I/N}; an unsharded run without the property. */
  private ShardSpec shard() {
    String v = read.optional(SHARD);
    if (v == null) {
      return ShardSpec.WHOLE;
    }
    Matcher m = Pattern.compile("(\\d{1,9})\\s*/\\s*(\\d{1,9})").matcher(v);
    if (!m.matches()) {
      error(SHARD, "expected I/N (shard I of N, I from 0), got '" + v + "'");
      return ShardSpec.WHOLE;
    }
    int index = Integer.parseInt(m.group(1));
    int count = Integer.parseInt(m.group(2));
    if (count < 1 || index >= count) {
      error(SHARD, "shard " + v + ": I must be in 0.." + (count - 1) + " and N at least 1");
      return ShardSpec.WHOLE;
    }
    return new ShardSpec(index, count);
  }

  /**
   * The seed of this client's draws. A sharded run always has one: the given {@code hbload.seed},
   * or a fresh one, printed, so that the run can be repeated; every shard draws from it, each its
   * own operations (their numbers are interleaved).
   */
  private Long seed(ShardSpec shard) {
    Long seed = read.has(SEED) ? (Long) longValue(SEED, 0, Long.MIN_VALUE, Long.MAX_VALUE) : null;
    if (!shard.sharded()) {
      return seed;
    }
    if (seed == null) {
      seed = new SplittableRandom().nextLong();
      notes.add(
          "shard "
              + shard
              + ": seed "
              + seed
              + " (give every shard --seed "
              + seed
              + " to repeat this run)");
    }
    return seed;
  }

  /**
   * Epoch milliseconds or an ISO-8601 instant ({@code 2026-11-22T18:00:00Z}, or with an offset).
   */
  private Instant startAt() {
    String v = read.optional(START_AT);
    if (v == null) {
      return null;
    }
    if (v.matches("\\d{1,15}")) {
      return Instant.ofEpochMilli(Long.parseLong(v));
    }
    try {
      return OffsetDateTime.parse(v).toInstant();
    } catch (DateTimeParseException e) {
      try {
        return Instant.parse(v);
      } catch (DateTimeParseException again) {
        error(
            START_AT,
            "expected epoch milliseconds or an ISO-8601 instant like 2026-11-22T18:00:00Z, got '"
                + v
                + "'");
        return null;
      }
    }
  }

  /** The provider {@code db} names; null (reported under db) when there is none by that name. */
  private BindingProvider provider(String db) {
    try {
      return Bindings.find(db);
    } catch (SpecException e) {
      e.problems().forEach(problem -> read.error(DB, problem.replaceFirst("^property db: ", "")));
      return null;
    }
  }

  /** {@code hbload.inflight}; above 1 only for a binding that offers the async interface. */
  private int inflight(BindingKind provider) {
    int inflight = (int) longValue(INFLIGHT, 1, 1, 65_536);
    // without a provider the db error is already reported
    if (inflight > 1 && provider != null && !provider.supportsAsync()) {
      error(
          INFLIGHT,
          "binding '"
              + provider.name()
              + "' has no async interface: only 1 operation in flight "
              + "per worker (use more threads)");
    }
    return inflight;
  }

  private WorkloadSpec workload() {
    long recordCount = longValue(RECORD_COUNT, 0, 0, Long.MAX_VALUE);
    long operationCount = longValue(OPERATION_COUNT, 0, 0, Long.MAX_VALUE);
    RowFields fields = fields();
    // YCSB: recordcount 0 means "as many as an int holds" inside the workload.
    Records records = records(recordCount == 0 ? Integer.MAX_VALUE : recordCount);
    ScanLengths scans = scans();
    return new WorkloadSpec(
        text(TABLE, "usertable"),
        operationCount,
        records,
        new KeyChoice(
            distribution(),
            doubleValue(HOTSPOT_DATA_FRACTION, 0.2, 0, 1),
            doubleValue(HOTSPOT_OPN_FRACTION, 0.8, 0, 1),
            doubleValue(EXPONENTIAL_PERCENTILE, 95, Double.MIN_VALUE, 99.999999),
            doubleValue(EXPONENTIAL_FRAC, 0.8571428571, Double.MIN_VALUE, Double.MAX_VALUE)),
        fields,
        new OperationMix(
            doubleValue(READ_PROPORTION, 0.95, 0, Double.MAX_VALUE),
            doubleValue(UPDATE_PROPORTION, 0.05, 0, Double.MAX_VALUE),
            doubleValue(INSERT_PROPORTION, 0, 0, Double.MAX_VALUE),
            doubleValue(SCAN_PROPORTION, 0, 0, Double.MAX_VALUE),
            doubleValue(READ_MODIFY_WRITE_PROPORTION, 0, 0, Double.MAX_VALUE),
            doubleValue(DELETE_PROPORTION, 0, 0, Double.MAX_VALUE)),
        scans,
        new InsertRetries(
            (int) longValue(INSERTION_RETRY_LIMIT, 0, 0, Integer.MAX_VALUE),
            (int) longValue(INSERTION_RETRY_INTERVAL, 3, 0, Integer.MAX_VALUE)));
  }

  private RowFields fields() {
    int fieldCount = (int) longValue(FIELD_COUNT, 10, 1, 100_000);
    int fieldLength = (int) longValue(FIELD_LENGTH, 100, 1, 64 * 1024 * 1024);
    int minFieldLength = (int) longValue(MIN_FIELD_LENGTH, 1, 1, 64 * 1024 * 1024);
    LengthDistribution lengthDist =
        lengthDistribution(
            FIELD_LENGTH_DISTRIBUTION,
            LengthDistribution.CONSTANT,
            List.of(LengthDistribution.values()));
    if (lengthDist != LengthDistribution.CONSTANT
        && lengthDist != LengthDistribution.HISTOGRAM
        && minFieldLength > fieldLength) {
      error(
          MIN_FIELD_LENGTH,
          "minfieldlength " + minFieldLength + " exceeds fieldlength " + fieldLength);
    }
    String histogram = text(FIELD_LENGTH_HISTOGRAM, "hist.txt");
    if (lengthDist == LengthDistribution.HISTOGRAM && !Files.isReadable(Path.of(histogram))) {
      // the workers read it at start; a missing file is bad input, found here rather than after
      // "Starting test"
      error(
          FIELD_LENGTH_HISTOGRAM,
          "cannot read the field-length histogram file '" + histogram + "'");
    }
    boolean dataIntegrity = bool(DATA_INTEGRITY, false);
    if (dataIntegrity && lengthDist != LengthDistribution.CONSTANT) {
      error(DATA_INTEGRITY, "dataintegrity=true needs fieldlengthdistribution=constant");
    }
    return new RowFields(
        fieldCount,
        read.raw(FIELD_NAME_PREFIX, "field"),
        fieldLength,
        minFieldLength,
        lengthDist,
        histogram,
        bool(READ_ALL_FIELDS, true),
        bool(WRITE_ALL_FIELDS, false),
        dataIntegrity);
  }

  /** {@code effectiveRecords}: {@code recordcount}, its 0 already read as YCSB reads it. */
  private Records records(long effectiveRecords) {
    long insertStart = longValue(INSERT_START, 0, 0, Long.MAX_VALUE);
    long insertCount =
        longValue(INSERT_COUNT, Math.max(0, effectiveRecords - insertStart), 0, Long.MAX_VALUE);
    if (insertStart + insertCount > effectiveRecords) {
      error(
          INSERT_COUNT,
          "insertstart + insertcount ("
              + insertStart
              + " + "
              + insertCount
              + ") exceeds recordcount "
              + effectiveRecords);
    }
    String order = text(INSERT_ORDER, "hashed");
    if (!order.equals("hashed") && !order.equals("ordered")) {
      error(INSERT_ORDER, "expected hashed or ordered, got '" + order + "'");
    }
    return new Records(
        effectiveRecords,
        insertStart,
        insertCount,
        order.equals("ordered"),
        (int) longValue(ZERO_PADDING, 1, 0, 64));
  }

  private ScanLengths scans() {
    int minScan = (int) longValue(MIN_SCAN_LENGTH, 1, 1, Integer.MAX_VALUE);
    int maxScan = (int) longValue(MAX_SCAN_LENGTH, 1000, 1, Integer.MAX_VALUE);
    if (minScan > maxScan) {
      error(MIN_SCAN_LENGTH, "minscanlength " + minScan + " exceeds maxscanlength " + maxScan);
    }
    return new ScanLengths(
        minScan,
        maxScan,
        lengthDistribution(
            SCAN_LENGTH_DISTRIBUTION,
            LengthDistribution.UNIFORM,
            List.of(LengthDistribution.UNIFORM, LengthDistribution.ZIPFIAN)));
  }

  private Distribution distribution() {
    String v = text(REQUEST_DISTRIBUTION, "uniform");
    for (Distribution d : Distribution.values()) {
      if (d.propertyValue().equals(v)) {
        return d;
      }
    }
    error(
        REQUEST_DISTRIBUTION,
        "unknown distribution '"
            + v
            + "' (uniform, zipfian, latest, hotspot, sequential, exponential)");
    return Distribution.UNIFORM;
  }

  private LengthDistribution lengthDistribution(
      String key, LengthDistribution def, List<LengthDistribution> allowed) {
    String v = text(key, def.propertyValue());
    for (LengthDistribution d : allowed) {
      if (d.propertyValue().equals(v)) {
        return d;
      }
    }
    List<String> names = allowed.stream().map(LengthDistribution::propertyValue).toList();
    error(key, "unknown distribution '" + v + "' (" + String.join(", ", names) + ")");
    return def;
  }

  private MeasurementInterval interval() {
    String v = text(MEASUREMENT_INTERVAL, "op");
    return switch (v) {
      case "op" -> MeasurementInterval.OP;
      case "intended" -> MeasurementInterval.INTENDED;
      case "both" -> MeasurementInterval.BOTH;
      default -> {
        error(MEASUREMENT_INTERVAL, "expected op, intended or both, got '" + v + "'");
        yield MeasurementInterval.OP;
      }
    };
  }

  private List<Double> percentiles() {
    String v = text(PERCENTILES, "95,99");
    List<Double> out = new ArrayList<>();
    for (String part : v.split(",")) {
      try {
        double p = Double.parseDouble(part.trim());
        if (!(p > 0 && p <= 100)) {
          error(PERCENTILES, "percentile " + part.trim() + " is outside (0, 100]");
        }
        out.add(p);
      } catch (NumberFormatException e) {
        error(PERCENTILES, "'" + v + "' is not a comma-separated list of numbers");
        return List.of(95.0, 99.0);
      }
    }
    return out;
  }

  private ReportFormat format(String v) {
    return ReportFormat.parse(v)
        .orElseGet(
            () -> {
              error(EXPORTER, "unknown exporter '" + v + "' (" + ReportFormat.choices() + ")");
              return ReportFormat.TEXT;
            });
  }

  /**
   * A result file's path, checked before the run: a report or log that could not be written after
   * the run would lose it, so its directory must exist and be writable now.
   */
  private Path output(String key) {
    Path p = read.path(key);
    if (p == null) {
      return null;
    }
    String what = described(key);
    String problem = OutputPaths.problem(p);
    if (problem != null) {
      read.error(what, problem);
    }
    return p;
  }

  /**
   * Two outputs named as one file: the one written last would replace the other, and the run would
   * exit 0 with a result lost.
   */
  private void distinct(String keyA, Path a, String keyB, Path b) {
    if (a != null && b != null && OutputPaths.same(a, b)) {
      read.error(
          described(keyB),
          "names the same file as " + described(keyA) + ", " + b + ": one would replace the other");
    }
  }

  private static String described(String key) {
    return key + (key.equals(JSON_FILE) ? " (--json)" : key.equals(HLOG_FILE) ? " (--hlog)" : "");
  }

  private String text(String key, String def) {
    return read.text(key, def);
  }

  private boolean bool(String key, boolean def) {
    return read.bool(key, def);
  }

  /**
   * {@code maxexecutiontime}: YCSB's whole seconds, and also a duration as operators type one
   * ({@code 10m}, {@code 90s}, {@code 1h}); {@code 10m} read as a number failed, and read as 10
   * seconds it would have been wrong. A fraction of a second is refused: YCSB counts seconds.
   */
  private long maxExecutionSeconds() {
    Duration d = read.duration(MAX_EXECUTION_TIME, Duration.ZERO);
    if (d.getNano() != 0) {
      error(
          MAX_EXECUTION_TIME,
          "'"
              + read.optional(MAX_EXECUTION_TIME)
              + "' is not a whole number of seconds (YCSB counts maxexecutiontime in seconds: e.g."
              + " 90, 90s or 10m)");
      return 0;
    }
    return d.getSeconds();
  }

  private long longValue(String key, long def, long min, long max) {
    return read.longValue(key, def, min, max);
  }

  private double doubleValue(String key, double def, double min, double max) {
    return read.doubleValue(key, def, min, max);
  }

  /**
   * The fault schedule ({@code hbload.faults}) and its recovery gate, each problem noted under its
   * property; a fault past a time-boxed run's end is one.
   */
  private FaultSchedule faults(BindingKind given, long maxSeconds, ShardSpec shard) {
    String text = read.optional(FAULTS);
    Duration limit = read.duration(FAULT_RECOVERY_LIMIT, null);
    if (given == FINISHED) {
      return FaultSchedule.NONE; // a finished run's schedule ran; its @file may be gone
    }
    List<String> problems = new ArrayList<>();
    FaultSchedule schedule = FaultScheduleParser.parse(text, limit, maxSeconds, problems);
    if (!schedule.isEmpty() && shard.count() > 1) {
      // every shard would fire the schedule: one fault per client, not per run
      problems.add("faults run from one client for now, not with hbload.shard " + shard);
    }
    problems.forEach(p -> error(FAULTS, p));
    return withExec(schedule, text);
  }

  /**
   * The schedule with its {@code --fault-exec} command: bad input without {@code {host}}, or when
   * the schedule has no process fault for it to carry out.
   */
  private FaultSchedule withExec(FaultSchedule schedule, String faultsText) {
    String exec = read.optional(FAULT_EXEC);
    Duration timeout = read.duration(FAULT_EXEC_TIMEOUT, null);
    if (exec == null) {
      if (timeout != null) {
        error(FAULT_EXEC_TIMEOUT, "a timeout for --fault-exec, which is not given");
      }
      return schedule;
    }
    Duration t = timeout == null ? FaultExec.DEFAULT_TIMEOUT : timeout;
    Optional<String> problem = FaultExec.problem(exec, t);
    if (problem.isPresent()) {
      error(FAULT_EXEC, problem.get());
      return schedule;
    }
    if (!schedule.hasProcessFault()) {
      if (faultsText == null || faultsText.isBlank() || !schedule.isEmpty()) {
        error(
            FAULT_EXEC,
            "--fault-exec carries out process faults ("
                + String.join(
                    ", ",
                    FaultAction.ofKind(FaultAction.Kind.PROCESS).stream()
                        .map(FaultAction::shortName)
                        .toList())
                + ") and the schedule has none"
                + (schedule.isEmpty() ? " (no --faults)" : ": " + schedule.describe()));
      }
      return schedule;
    }
    return schedule.withExec(new FaultExec(exec, t));
  }

  /**
   * The acknowledged-write audit ({@code hbload.verify}, {@code hbload.verify.file}): bad input
   * when the binding cannot read back what it wrote, when the workload does not number its keys as
   * YCSB's does, or for one shard of several (another shard's writes would read as changes).
   */
  private AuditSpec audit(
      BindingKind given,
      BindingKind provider,
      WorkloadType type,
      WorkloadSpec workload,
      ShardSpec shard) {
    boolean enabled = bool(VERIFY, false);
    Path file = output(VERIFY_FILE);
    if (given == FINISHED || (!enabled && file == null)) {
      return AuditSpec.NONE;
    }
    String key = file != null && !enabled ? VERIFY_FILE : VERIFY;
    if (provider != null && !provider.readsBack()) {
      error(
          key,
          "the "
              + provider.name()
              + " binding cannot read back what it wrote; --verify needs a binding that keeps the"
              + " data (memory, hbase)");
    } else if (!(type instanceof WorkloadType.YcsbWorkloadType)) {
      error(key, "the audit reads back YCSB's CoreWorkload keys; not for this workload");
    }
    if (shard.count() > 1) {
      error(key, "one client audits its own writes only: not with hbload.shard " + shard);
    }
    if (workload.fields().count() > WriteLog.MAX_FIELDS) {
      error(key, "at most " + WriteLog.MAX_FIELDS + " fields (fieldcount) can be audited");
    }
    return new AuditSpec(true, file);
  }

  /**
   * {@code target}: a rate or a schedule ({@link RateScheduleParser}), its times divided by {@code
   * hbload.timescale}; mixgraph's sine curve ({@code sine_mix_rate=true}) when the workload has
   * one. A constant keeps YCSB's reading of the number.
   */
  private RateSchedule target(MixgraphSpec mixgraph, BindingKind given) {
    double scale = doubleValue(TIME_SCALE, 1, Double.MIN_VALUE, 1e9);
    RateSchedule typed = read.typed(TARGET, RateSchedule.class);
    Double typedRate = read.typed(TARGET, Double.class);
    String text = read.optional(TARGET);
    RateSchedule sine =
        mixgraph == null ? null : MixgraphParser.sineSchedule(mixgraph, scale, read);
    if (sine != null) {
      if (text != null && !text.isBlank() && !text.strip().equals("0")) {
        error(
            TARGET,
            "workload=mixgraph with sine_mix_rate=true paces by its sine curve; give no target"
                + " (or set sine_mix_rate=false to pace by target)");
      }
      return sine;
    }
    if (typed != null) {
      return typed;
    }
    if (typedRate != null || text == null || RateScheduleParser.isNumber(text)) {
      // YCSB's number, read as it always was
      double rate = doubleValue(TARGET, 0, 0, Double.MAX_VALUE);
      if (read.has(TIME_SCALE)) {
        error(TIME_SCALE, "a time scale needs a target schedule that changes over time");
      }
      return RateSchedule.constant(rate);
    }
    List<String> problems = new ArrayList<>();
    RateSchedule s = RateScheduleParser.parse(text, scale, problems);
    if (given == FINISHED && s == null) {
      return RateSchedule.constant(0); // a finished run's schedule ran; its @file may be gone
    }
    problems.forEach(p -> error(TARGET, p));
    return s == null ? RateSchedule.constant(0) : s;
  }

  /** {@code hbload.slo}, or null for none. */
  private Slo slo() {
    String text = read.optional(SLO);
    if (text == null) {
      return null;
    }
    List<String> problems = new ArrayList<>();
    Slo slo = Slo.parse(text, problems);
    problems.forEach(p -> error(SLO, p));
    return slo;
  }

  private void error(String key, String reason) {
    read.error(key, reason);
  }
}
