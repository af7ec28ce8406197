package io.hbload.core.config;

/**
 * YCSB CoreWorkload's properties, typed and validated, in parts by what they describe (see {@link
 * PropertyNames} for the keys and {@link io.hbload.core.parse.SpecParser} for defaults and checks).
 * Immutable.
 *
 * <p>A setting is read from its part ({@code spec.records().count()}, {@code spec.mix().read()}): a
 * new one is declared in its part and parsed in the parser's method for that part, nowhere else.
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
}
