package io.hbload.core.bench;

import io.hbload.core.config.Distribution;
import io.hbload.core.config.InsertRetries;
import io.hbload.core.config.KeyChoice;
import io.hbload.core.config.LengthDistribution;
import io.hbload.core.config.OperationMix;
import io.hbload.core.config.Records;
import io.hbload.core.config.RowFields;
import io.hbload.core.config.ScanLengths;
import io.hbload.core.config.WorkloadSpec;

/** The benchmarks' workload: a million records, YCSB's other defaults, 50/50 read/update. */
final class BenchWorkload {
  private BenchWorkload() {}

  static WorkloadSpec of(Distribution distribution, boolean integrity) {
    return new WorkloadSpec(
        "usertable",
        10_000_000,
        new Records(1_000_000, 0, 1_000_000, false, 1),
        new KeyChoice(distribution, 0.2, 0.8, 95, 0.8571428571),
        new RowFields(
            10, "field", 100, 1, LengthDistribution.CONSTANT, "hist.txt", true, false, integrity),
        new OperationMix(0.5, 0.5, 0, 0, 0, 0),
        new ScanLengths(1, 1000, LengthDistribution.UNIFORM),
        new InsertRetries(0, 3));
  }
}
