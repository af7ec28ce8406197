package io.hbload.core.config;

/**
 * YCSB CoreWorkload's properties, typed and validated (see {@link PropertyNames} for the keys and
 * {@link SpecParser} for defaults and checks). Immutable.
 *
 * @param insertCount records this client's load phase inserts; run-phase keys are drawn from
 *     [insertStart, insertStart + insertCount)
 * @param deleteProportion hbload extension ({@code hbload.deleteproportion}), 0 in YCSB's files
 * @param fieldLengthHistogramFile only read when fieldLengthDistribution is HISTOGRAM
 */
public record WorkloadSpec(
    String table,
    long recordCount,
    long operationCount,
    int fieldCount,
    String fieldNamePrefix,
    int fieldLength,
    int minFieldLength,
    LengthDistribution fieldLengthDistribution,
    String fieldLengthHistogramFile,
    boolean readAllFields,
    boolean writeAllFields,
    boolean dataIntegrity,
    double readProportion,
    double updateProportion,
    double insertProportion,
    double scanProportion,
    double readModifyWriteProportion,
    double deleteProportion,
    Distribution requestDistribution,
    int zeroPadding,
    boolean orderedInserts,
    long insertStart,
    long insertCount,
    int minScanLength,
    int maxScanLength,
    LengthDistribution scanLengthDistribution,
    double hotspotDataFraction,
    double hotspotOpnFraction,
    double exponentialPercentile,
    double exponentialFrac,
    int insertionRetryLimit,
    int insertionRetryIntervalSeconds) {

  /** Field name {@code i}, e.g. {@code field3}. */
  public String fieldName(int i) {
    return fieldNamePrefix + i;
  }

  /**
   * The same workload with the load phase inserting {@code [start, start + count)} (one shard's
   * slice).
   */
  public WorkloadSpec withInsertRange(long start, long count) {
    return new WorkloadSpec(
        table,
        recordCount,
        operationCount,
        fieldCount,
        fieldNamePrefix,
        fieldLength,
        minFieldLength,
        fieldLengthDistribution,
        fieldLengthHistogramFile,
        readAllFields,
        writeAllFields,
        dataIntegrity,
        readProportion,
        updateProportion,
        insertProportion,
        scanProportion,
        readModifyWriteProportion,
        deleteProportion,
        requestDistribution,
        zeroPadding,
        orderedInserts,
        start,
        count,
        minScanLength,
        maxScanLength,
        scanLengthDistribution,
        hotspotDataFraction,
        hotspotOpnFraction,
        exponentialPercentile,
        exponentialFrac,
        insertionRetryLimit,
        insertionRetryIntervalSeconds);
  }
}
