package io.hbload.core.keys;

import io.hbload.core.config.Distribution;
import io.hbload.core.config.LengthDistribution;
import io.hbload.core.config.ShardSpec;
import io.hbload.core.config.WorkloadSpec;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;

/**
 * The key numbers of one run, with YCSB 0.17.0 CoreWorkload's semantics: the load-phase counter,
 * the acknowledged counter of run-phase inserts, and a factory of per-worker {@link KeyChooser}s
 * and {@link ScanLengthChooser}s for the workload's distributions.
 *
 * <p>Thread-safe: one instance per run, shared by all workers. Shared state lives only in atomics
 * (no locks); the per-worker choosers share nothing else. The constructor does the one-off O(n)
 * work (ζ over recordcount − 1 items for {@code latest}, over the scan-length range for zipfian
 * scans) so that workers start in O(1); everything after that is allocation-free except creating
 * choosers.
 */
public final class KeySpace {
  private final WorkloadSpec spec;
  private final ShardSpec shard;
  private final boolean sharded;
  private final long recordCount;
  private final long rangeMin;
  private final long rangeMax;
  private final long zipfianMax;
  private final AtomicLong loadCursor;
  private final AcknowledgedCounter inserts;
  private final AtomicLong sequentialCursor = new AtomicLong();
  private final double latestZeta;
  private final double scanZeta;

  public KeySpace(WorkloadSpec spec) {
    this(spec, ShardSpec.WHOLE);
  }

  /**
   * The key space as one shard of N sees it: every loaded record, and its own run-phase inserts,
   * which are interleaved with the other shards' ({@link ShardSpec#globalKey}) so that none
   * collide.
   */
  public KeySpace(WorkloadSpec spec, ShardSpec shard) {
    this.spec = spec;
    this.shard = shard;
    this.sharded = shard.sharded();
    // CoreWorkload treats recordcount=0 as "unbounded", i.e. Integer.MAX_VALUE.
    this.recordCount = spec.records().count() == 0 ? Integer.MAX_VALUE : spec.records().count();
    this.rangeMin = spec.records().insertStart();
    this.rangeMax = spec.records().insertStart() + spec.records().insertCount() - 1;
    // Headroom for run-phase inserts; YCSB's "2" is a fudge factor, and the range is inclusive (+1
    // item).
    long expectedNewKeys = (long) (spec.operationCount() * spec.mix().insert() * 2.0);
    this.zipfianMax = spec.records().insertStart() + spec.records().insertCount() + expectedNewKeys;
    this.loadCursor = new AtomicLong(spec.records().insertStart());
    this.inserts = new AcknowledgedCounter(recordCount);
    this.latestZeta =
        spec.keyChoice().distribution() == Distribution.LATEST
            ? Zipfian.zeta(recordCount - 1)
            : 0.0;
    this.scanZeta =
        spec.scans().distribution() == LengthDistribution.ZIPFIAN
            ? Zipfian.zeta((long) spec.scans().max() - spec.scans().min() + 1)
            : 0.0;
  }

  /**
   * The key number to name for a number drawn by a chooser or {@link #nextInsertKeyNumber}: the
   * same number unless the run is sharded and the number is one of this shard's run-phase inserts.
   */
  public long global(long keyNumber) {
    return sharded ? shard.globalKey(keyNumber, recordCount) : keyNumber;
  }

  /**
   * Load phase: the next key number to insert, from {@code insertstart} upward (shared by all
   * workers).
   */
  public long nextLoadKeyNumber() {
    return loadCursor.getAndIncrement();
  }

  /**
   * Run phase: the next key number to insert, from {@code recordcount} upward (as YCSB, not
   * insertstart).
   */
  public long nextInsertKeyNumber() {
    return inserts.next();
  }

  /**
   * Reports that the run-phase insert of {@code keyNumber} returned, whether it succeeded or not,
   * so that choosers may pick it once all earlier inserts have returned too.
   *
   * @throws IllegalStateException "Too many unacknowledged insertion keys." when 2<sup>20</sup>
   *     inserts are outstanding behind the oldest unacknowledged one
   */
  public void acknowledge(long keyNumber) {
    inserts.acknowledge(keyNumber);
  }

  /**
   * Highest key number that choosers may return: recordcount − 1 plus the contiguously acknowledged
   * inserts.
   */
  public long insertLimit() {
    return inserts.limit();
  }

  /**
   * A chooser for {@code requestdistribution}, owned by one worker and drawing from {@code rnd}.
   */
  public KeyChooser newChooser(RandomGenerator rnd) {
    Distribution distribution = spec.keyChoice().distribution();
    return switch (distribution) {
      case UNIFORM -> new UniformKeyChooser(inserts, rangeMin, rangeMax, rnd);
      case ZIPFIAN -> new ScrambledZipfianKeyChooser(inserts, rangeMin, zipfianMax, rnd);
      case LATEST -> new LatestKeyChooser(inserts, recordCount - 1, latestZeta, rnd);
      case HOTSPOT ->
          new HotspotKeyChooser(
              inserts,
              rangeMin,
              rangeMax,
              spec.keyChoice().hotspotDataFraction(),
              spec.keyChoice().hotspotOpnFraction(),
              rnd);
      case SEQUENTIAL -> new SequentialKeyChooser(inserts, sequentialCursor, rangeMin, rangeMax);
      case EXPONENTIAL ->
          new ExponentialKeyChooser(
              inserts,
              spec.keyChoice().exponentialPercentile(),
              recordCount * spec.keyChoice().exponentialFrac(),
              rnd);
    };
  }

  /**
   * A scan-length chooser for {@code scanlengthdistribution} (uniform or zipfian), owned by one
   * worker.
   */
  public ScanLengthChooser newScanLengthChooser(RandomGenerator rnd) {
    int min = spec.scans().min();
    int max = spec.scans().max();
    if (spec.scans().distribution() == LengthDistribution.ZIPFIAN) {
      Zipfian zipfian = new Zipfian(min, max, scanZeta, rnd);
      return () -> (int) zipfian.next();
    }
    if (spec.scans().distribution() != LengthDistribution.UNIFORM) {
      throw new IllegalArgumentException(
          "scanlengthdistribution must be uniform or zipfian, not "
              + spec.scans().distribution().propertyValue());
    }
    return () -> rnd.nextInt(min, max + 1);
  }
}
