package io.hbload.core.config;

import java.util.Set;

/**
 * Every property key the engine reads: YCSB 0.17.0's names verbatim (the public contract users'
 * files and scripts rely on), then hbload's own under {@code hbload.*}. Defaults live in {@link
 * SpecParser}.
 */
public final class PropertyNames {
  private PropertyNames() {}

  // Client
  public static final String WORKLOAD = "workload";
  public static final String DB = "db";
  public static final String THREADS = "threadcount";
  public static final String TARGET = "target";
  public static final String DO_TRANSACTIONS = "dotransactions";
  public static final String STATUS = "status";
  public static final String STATUS_INTERVAL = "status.interval";
  public static final String LABEL = "label";
  public static final String MAX_EXECUTION_TIME = "maxexecutiontime";

  /** Seconds a stopping phase waits for binding calls in progress before it ends without them. */
  public static final String STOP_GRACE = "hbload.stopgrace";

  public static final String EXPORTER = "exporter";
  public static final String EXPORT_FILE = "exportfile";
  public static final String MEASUREMENT_TYPE = "measurementtype";
  public static final String MEASUREMENT_INTERVAL = "measurement.interval";
  public static final String PERCENTILES = "hdrhistogram.percentiles";
  public static final String SPIN_SLEEP = "spin.sleep";
  public static final String REPORT_LATENCY_FOR_EACH_ERROR = "reportlatencyforeacherror";
  public static final String LATENCY_TRACKED_ERRORS = "latencytrackederrors";

  // CoreWorkload
  public static final String TABLE = "table";
  public static final String RECORD_COUNT = "recordcount";
  public static final String OPERATION_COUNT = "operationcount";
  public static final String FIELD_COUNT = "fieldcount";
  public static final String FIELD_NAME_PREFIX = "fieldnameprefix";
  public static final String FIELD_LENGTH = "fieldlength";
  public static final String MIN_FIELD_LENGTH = "minfieldlength";
  public static final String FIELD_LENGTH_DISTRIBUTION = "fieldlengthdistribution";
  public static final String FIELD_LENGTH_HISTOGRAM = "fieldlengthhistogram";
  public static final String READ_ALL_FIELDS = "readallfields";
  public static final String WRITE_ALL_FIELDS = "writeallfields";
  public static final String DATA_INTEGRITY = "dataintegrity";
  public static final String READ_PROPORTION = "readproportion";
  public static final String UPDATE_PROPORTION = "updateproportion";
  public static final String INSERT_PROPORTION = "insertproportion";
  public static final String SCAN_PROPORTION = "scanproportion";
  public static final String READ_MODIFY_WRITE_PROPORTION = "readmodifywriteproportion";
  public static final String REQUEST_DISTRIBUTION = "requestdistribution";
  public static final String ZERO_PADDING = "zeropadding";
  public static final String INSERT_ORDER = "insertorder";
  public static final String INSERT_START = "insertstart";
  public static final String INSERT_COUNT = "insertcount";
  public static final String MIN_SCAN_LENGTH = "minscanlength";
  public static final String MAX_SCAN_LENGTH = "maxscanlength";
  public static final String SCAN_LENGTH_DISTRIBUTION = "scanlengthdistribution";
  public static final String HOTSPOT_DATA_FRACTION = "hotspotdatafraction";
  public static final String HOTSPOT_OPN_FRACTION = "hotspotopnfraction";
  public static final String EXPONENTIAL_PERCENTILE = "exponential.percentile";
  public static final String EXPONENTIAL_FRAC = "exponential.frac";
  public static final String INSERTION_RETRY_LIMIT = "core_workload_insertion_retry_limit";
  public static final String INSERTION_RETRY_INTERVAL = "core_workload_insertion_retry_interval";

  // RocksDB db_bench's mixgraph (workload=mixgraph), db_bench's flag names
  public static final String KEYRANGE_DIST_A = "keyrange_dist_a";
  public static final String KEYRANGE_DIST_B = "keyrange_dist_b";
  public static final String KEYRANGE_DIST_C = "keyrange_dist_c";
  public static final String KEYRANGE_DIST_D = "keyrange_dist_d";
  public static final String KEYRANGE_NUM = "keyrange_num";
  public static final String KEY_DIST_A = "key_dist_a";
  public static final String KEY_DIST_B = "key_dist_b";
  public static final String KEY_SIZE = "key_size";
  public static final String VALUE_THETA = "value_theta";
  public static final String VALUE_K = "value_k";
  public static final String VALUE_SIGMA = "value_sigma";
  public static final String ITER_THETA = "iter_theta";
  public static final String ITER_K = "iter_k";
  public static final String ITER_SIGMA = "iter_sigma";
  public static final String MIX_GET_RATIO = "mix_get_ratio";
  public static final String MIX_PUT_RATIO = "mix_put_ratio";
  public static final String MIX_SEEK_RATIO = "mix_seek_ratio";
  public static final String MIX_MAX_SCAN_LEN = "mix_max_scan_len";
  public static final String MIX_MAX_VALUE_SIZE = "mix_max_value_size";
  public static final String SINE_MIX_RATE = "sine_mix_rate";
  public static final String SINE_A = "sine_a";
  public static final String SINE_B = "sine_b";
  public static final String SINE_C = "sine_c";
  public static final String SINE_D = "sine_d";
  public static final String SINE_MIX_RATE_INTERVAL = "sine_mix_rate_interval_milliseconds";
  public static final String SINE_MIX_RATE_NOISE = "sine_mix_rate_noise";

  // hbload's own
  public static final String DELETE_PROPORTION = "hbload.deleteproportion";
  public static final String JSON_FILE = "hbload.json";
  public static final String HLOG_FILE = "hbload.hlog";
  public static final String SEED = "hbload.seed";
  public static final String FAIL_ON_ERROR = "hbload.failonerror";

  /** {@code I/N}: this client is shard I of N cooperating clients. */
  public static final String SHARD = "hbload.shard";

  /**
   * Wall-clock instant to start the measured phase at (epoch ms or ISO-8601), so shards start
   * together.
   */
  public static final String START_AT = "hbload.startat";

  /**
   * A duration ({@code 30s}, {@code 2m}): the phase first runs its workload this long as warm-up,
   * counted apart and never in the report's figures (PerformanceEvaluation's {@code
   * --measureAfter}, JMH's warm-up iterations).
   */
  public static final String WARMUP = "hbload.warmup";

  /**
   * Operations each worker keeps in flight (default 1: one blocking call at a time); above 1 the
   * workers drive the binding's async interface, which the binding must offer.
   */
  public static final String INFLIGHT = "hbload.inflight";

  /**
   * Faults injected beside the load ({@code --faults}): {@code at 30s restart-regionserver; every
   * 60s flush}, or {@code @FILE} with one entry a line ({@link FaultScheduleParser}).
   */
  public static final String FAULTS = "hbload.faults";

  /**
   * A duration: a fault that has not recovered this long after it was injected fails the run, exit
   * 1 ({@code --fail-if-recovery-exceeds}).
   */
  public static final String FAULT_RECOVERY_LIMIT = "hbload.faults.recoverylimit";

  /**
   * The shell command that carries out process faults on a cluster hbload does not own ({@code
   * --fault-exec}), {@code {host}} replaced by the server the fault hits.
   */
  public static final String FAULT_EXEC = "hbload.faults.exec";

  /** How long {@link #FAULT_EXEC} may run before it is killed ({@code --fault-exec-timeout}). */
  public static final String FAULT_EXEC_TIMEOUT = "hbload.faults.exec.timeout";

  /**
   * The acknowledged-write audit ({@code --verify}): every write the store acknowledged is
   * remembered and read back after the run; a lost or changed one fails it (exit 1).
   */
  public static final String VERIFY = "hbload.verify";

  /**
   * Where the audit writes the writes it remembered ({@code --verify-file}), for {@code hbload
   * verify FILE} later; implies {@link #VERIFY}.
   */
  public static final String VERIFY_FILE = "hbload.verify.file";

  /**
   * Divides every time of a {@code target} schedule ({@code --time-scale}): 24 plays a day's curve
   * in an hour ({@link RateScheduleParser}).
   */
  public static final String TIME_SCALE = "hbload.timescale";

  /**
   * A latency objective each interval of a paced run is judged against ({@code --slo}), e.g. {@code
   * p99<10ms} ({@link Slo}).
   */
  public static final String SLO = "hbload.slo";

  /**
   * A property no parser reads (a misspelt key) is bad input (exit 2) instead of a warning ({@code
   * --strict}).
   */
  public static final String STRICT = "hbload.strict";

  /**
   * After a throttled phase, the ratio of intended-start to service-time p99 above which the line
   * comparing them is a warning (default 2).
   */
  public static final String INTENDED_WARN_FACTOR = "hbload.intendedwarnfactor";

  /**
   * Settings that may differ between the clients of one run (shard, seed, start instant, output
   * files, threads, status display): everything else must be the same for their results to be
   * merged.
   */
  public static final Set<String> PER_CLIENT =
      Set.of(
          SHARD,
          SEED,
          START_AT,
          JSON_FILE,
          HLOG_FILE,
          EXPORT_FILE,
          THREADS,
          STATUS,
          STATUS_INTERVAL,
          LABEL);
}
