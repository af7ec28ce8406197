package io.hbload.core.config;

/**
 * YCSB CoreWorkload's properties, typed and validated, in parts by what they describe (see {@link
 * PropertyNames} for the keys and {@link io.hbload.core.parse.SpecParser} for defaults and checks).
 * Immutable.
 *
 * <p>The flat accessors below ({@link #recordCount()}, {@link #readProportion()}, ...) are the
 * names the engine's key, value, mix and source code read; a new setting goes into its part only.
 *
 * @param table {@code table}
 * @param operationCount {@code operationcount}: the run phase's operations, over every shard
 * @param records the records the keys name and how a key is spelt
 * @param keyChoice how a run-phase operation chooses its key
 * @param fields the fields of each row
 * @param mix the run phase's operation proportions
 * @param scans how many records a scan asks for
 * @param insertRetries how a failed insert is retried
 */
public record WorkloadSpec(
    String table,
    long operationCount,
    Records records,
    KeyChoice keyChoice,
    RowFields fields,
    OperationMix mix,
    ScanLengths scans,
    InsertRetries insertRetries) {

  /**
   * The same workload with the load phase inserting {@code [start, start + count)} (one shard's
   * slice).
   */
  public WorkloadSpec withInsertRange(long start, long count) {
    return new WorkloadSpec(
        table,
        operationCount,
        records.withInsertRange(start, count),
        keyChoice,
        fields,
        mix,
        scans,
        insertRetries);
  }

  public long recordCount() {
    return records.count();
  }

  public long insertStart() {
    return records.insertStart();
  }

  public long insertCount() {
    return records.insertCount();
  }

  public boolean orderedInserts() {
    return records.ordered();
  }

  public int zeroPadding() {
    return records.zeroPadding();
  }

  public Distribution requestDistribution() {
    return keyChoice.distribution();
  }

  public double hotspotDataFraction() {
    return keyChoice.hotspotDataFraction();
  }

  public double hotspotOpnFraction() {
    return keyChoice.hotspotOpnFraction();
  }

  public double exponentialPercentile() {
    return keyChoice.exponentialPercentile();
  }

  public double exponentialFrac() {
    return keyChoice.exponentialFrac();
  }

  public int fieldCount() {
    return fields.count();
  }

  public String fieldNamePrefix() {
    return fields.namePrefix();
  }

  /** Field name {@code i}, e.g. {@code field3}. */
  public String fieldName(int i) {
    return fields.name(i);
  }

  public int fieldLength() {
    return fields.length();
  }

  public int minFieldLength() {
    return fields.minLength();
  }

  public LengthDistribution fieldLengthDistribution() {
    return fields.lengthDistribution();
  }

  public String fieldLengthHistogramFile() {
    return fields.lengthHistogramFile();
  }

  public boolean readAllFields() {
    return fields.readAll();
  }

  public boolean writeAllFields() {
    return fields.writeAll();
  }

  public boolean dataIntegrity() {
    return fields.dataIntegrity();
  }

  public double readProportion() {
    return mix.read();
  }

  public double updateProportion() {
    return mix.update();
  }

  public double insertProportion() {
    return mix.insert();
  }

  public double scanProportion() {
    return mix.scan();
  }

  public double readModifyWriteProportion() {
    return mix.readModifyWrite();
  }

  public double deleteProportion() {
    return mix.delete();
  }

  public int minScanLength() {
    return scans.min();
  }

  public int maxScanLength() {
    return scans.max();
  }

  public LengthDistribution scanLengthDistribution() {
    return scans.distribution();
  }

  public int insertionRetryLimit() {
    return insertRetries.limit();
  }

  public int insertionRetryIntervalSeconds() {
    return insertRetries.intervalSeconds();
  }
}
