package io.hbload.core.config;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a phase leaves behind and how it is judged: the YCSB report's shape and destination,
 * hbload's JSON result and HdrHistogram log, the label and the exit-code rule. Apart from the
 * execution so that outputs can be redirected (a test, a suite round) by a {@code with...} copy
 * without touching how the phase runs. Immutable.
 *
 * @param label {@code label}: prefixes status lines and names the run in result documents
 * @param percentiles percentiles the text report prints ({@code hdrhistogram.percentiles})
 * @param format {@code exporter}: the YCSB report's shape
 * @param exportFile {@code exportfile}: where the YCSB report goes, null = stdout
 * @param jsonFile hbload's JSON result ({@code hbload.json}), null = none
 * @param hlogFile HdrHistogram interval log ({@code hbload.hlog}), null = none
 * @param failOnErrors exit non-zero when any operation failed ({@code hbload.failonerror})
 * @param reportLatencyForEachError {@code reportlatencyforeacherror}: a latency series per error
 *     status
 * @param latencyTrackedErrors {@code latencytrackederrors}: statuses that get their own latency
 *     series
 * @param intendedWarnFactor after a throttled phase, the ratio of intended-start to service-time
 *     p99 above which the comparison line is a warning ({@code hbload.intendedwarnfactor})
 */
public record Outputs(
    String label,
    List<Double> percentiles,
    ReportFormat format,
    Path exportFile,
    Path jsonFile,
    Path hlogFile,
    boolean failOnErrors,
    boolean reportLatencyForEachError,
    Set<String> latencyTrackedErrors,
    double intendedWarnFactor) {

  public Outputs {
    percentiles = List.copyOf(percentiles);
    latencyTrackedErrors = Collections.unmodifiableSet(new LinkedHashSet<>(latencyTrackedErrors));
  }

  /** A copy whose YCSB report has this shape. */
  public Outputs withFormat(ReportFormat format) {
    return new Outputs(
        label,
        percentiles,
        format,
        exportFile,
        jsonFile,
        hlogFile,
        failOnErrors,
        reportLatencyForEachError,
        latencyTrackedErrors,
        intendedWarnFactor);
  }

  /** A copy whose YCSB report goes to this file; null for stdout. */
  public Outputs withExportFile(Path exportFile) {
    return new Outputs(
        label,
        percentiles,
        format,
        exportFile,
        jsonFile,
        hlogFile,
        failOnErrors,
        reportLatencyForEachError,
        latencyTrackedErrors,
        intendedWarnFactor);
  }

  /** A copy that writes hbload's JSON result here; null for none. */
  public Outputs withJsonFile(Path jsonFile) {
    return new Outputs(
        label,
        percentiles,
        format,
        exportFile,
        jsonFile,
        hlogFile,
        failOnErrors,
        reportLatencyForEachError,
        latencyTrackedErrors,
        intendedWarnFactor);
  }

  /** A copy that writes the HdrHistogram interval log here; null for none. */
  public Outputs withHlogFile(Path hlogFile) {
    return new Outputs(
        label,
        percentiles,
        format,
        exportFile,
        jsonFile,
        hlogFile,
        failOnErrors,
        reportLatencyForEachError,
        latencyTrackedErrors,
        intendedWarnFactor);
  }
}
