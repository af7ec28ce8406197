package io.hbload.core.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Everything one phase of a run needs, typed and validated; built by {@link SpecParser} from merged
 * properties (the CLI) or by {@link RunSpecBuilder} (the Java API), which produce the same spec. Immutable.
 *
 * @param operations operations this phase performs; 0 = until {@code maxExecutionTimeSeconds}
 * @param targetOpsPerSec whole-client target; 0 = as fast as possible
 * @param percentiles percentiles the text report prints ({@code hdrhistogram.percentiles})
 * @param exportFile {@code exportfile}: where the text report goes, null = stdout
 * @param exporter {@code exporter}: YCSB exporter class name (text, JSON, JSON array)
 * @param jsonFile hbload's JSON result ({@code hbload.json}), null = none
 * @param hlogFile HdrHistogram interval log ({@code hbload.hlog}), null = none
 * @param seed seed for every random choice, null = random (YCSB behaviour)
 * @param failOnErrors exit non-zero when any operation failed ({@code hbload.failonerror})
 * @param properties every merged property, for bindings
 * @param notes warnings found while parsing, printed before the run (e.g. threads cut to the op count)
 */
public record RunSpec(
    Phase phase,
    WorkloadSpec workload,
    String binding,
    int threads,
    double targetOpsPerSec,
    long operations,
    long maxExecutionTimeSeconds,
    boolean status,
    double statusIntervalSeconds,
    String label,
    MeasurementInterval measurementInterval,
    List<Double> percentiles,
    String exporter,
    Path exportFile,
    Path jsonFile,
    Path hlogFile,
    Long seed,
    boolean spinSleep,
    boolean failOnErrors,
    Map<String, String> properties,
    List<String> notes) {

  public RunSpec {
    percentiles = List.copyOf(percentiles);
    properties = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(properties));
    notes = List.copyOf(notes);
  }

  /** True when a target rate paces the workers. */
  public boolean throttled() {
    return targetOpsPerSec > 0;
  }
}
