package io.hbload.core.keys;

import io.hbload.core.config.Distribution;
import io.hbload.core.config.InsertRetries;
import io.hbload.core.config.KeyChoice;
import io.hbload.core.config.LengthDistribution;
import io.hbload.core.config.OperationMix;
import io.hbload.core.config.Records;
import io.hbload.core.config.RowFields;
import io.hbload.core.config.ScanLengths;
import io.hbload.core.config.WorkloadSpec;

/** YCSB CoreWorkload defaults as a {@link WorkloadSpec}, changed field by field in tests. */
public final class TestSpecs {
  public long recordCount = 1000;
  public long operationCount = 1000;
  public int fieldCount = 10;
  public String fieldNamePrefix = "field";
  public int fieldLength = 100;
  public int minFieldLength = 1;
  public LengthDistribution fieldLengthDistribution = LengthDistribution.CONSTANT;
  public String fieldLengthHistogramFile = "hist.txt";
  public boolean dataIntegrity;
  public double insertProportion;
  public Distribution requestDistribution = Distribution.UNIFORM;
  public int zeroPadding = 1;
  public boolean orderedInserts;
  public long insertStart;
  public long insertCount = -1;
  public int minScanLength = 1;
  public int maxScanLength = 1000;
  public LengthDistribution scanLengthDistribution = LengthDistribution.UNIFORM;
  public double hotspotDataFraction = 0.2;
  public double hotspotOpnFraction = 0.8;
  public double exponentialPercentile = 95;
  public double exponentialFrac = 0.8571428571;

  public static TestSpecs defaults() {
    return new TestSpecs();
  }

  /** YCSB's workloada: recordcount=operationcount=1000, 50/50 read/update, zipfian. */
  public static TestSpecs workloadA() {
    TestSpecs s = new TestSpecs();
    s.requestDistribution = Distribution.ZIPFIAN;
    return s;
  }

  public WorkloadSpec build() {
    long count = insertCount >= 0 ? insertCount : recordCount - insertStart;
    return new WorkloadSpec(
        "usertable",
        operationCount,
        new Records(recordCount, insertStart, count, orderedInserts, zeroPadding),
        new KeyChoice(
            requestDistribution,
            hotspotDataFraction,
            hotspotOpnFraction,
            exponentialPercentile,
            exponentialFrac),
        new RowFields(
            fieldCount,
            fieldNamePrefix,
            fieldLength,
            minFieldLength,
            fieldLengthDistribution,
            fieldLengthHistogramFile,
            true,
            false,
            dataIntegrity),
        new OperationMix(1.0 - insertProportion, 0.0, insertProportion, 0.0, 0.0, 0.0),
        new ScanLengths(minScanLength, maxScanLength, scanLengthDistribution),
        new InsertRetries(0, 3));
  }
}
