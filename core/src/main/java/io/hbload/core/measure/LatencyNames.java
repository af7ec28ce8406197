package io.hbload.core.measure;

import io.hbload.core.binding.Status;
import java.util.Set;

/**
 * Maps an operation and its outcome to the measurement its latency goes under, as YCSB's DBWrapper
 * does: success under the base name ({@code READ}), any other status under {@code READ-FAILED}, or
 * under {@code READ-<STATUS>} when {@code reportlatencyforeacherror=true} or the status is listed
 * in {@code latencytrackederrors}. Slots are dense ints so workers index arrays. Immutable,
 * thread-safe.
 */
public final class LatencyNames {
  static final int PER_MEASURE = 2 + Status.MAX_IDS;

  private final Measures measures;
  private final boolean eachError;
  private final boolean[] tracked = new boolean[Status.MAX_IDS];

  /** The latency names of {@code measures}, a run's. */
  public LatencyNames(
      Measures measures, boolean reportLatencyForEachError, Set<String> trackedErrors) {
    this.measures = measures;
    this.eachError = reportLatencyForEachError;
    for (String name : trackedErrors) {
      tracked[new Status(name, name).id()] = true;
    }
  }

  /** The slot for an outcome of a measure. */
  public int slot(Measure measure, Status status) {
    int base = measure.ordinal() * PER_MEASURE;
    if (status.isOk()) {
      return base;
    }
    int id = status.id();
    return eachError || tracked[id] ? base + 2 + id : base + 1;
  }

  /** The slot of successful calls (and of measures without outcomes, like CLEANUP). */
  public static int okSlot(Measure measure) {
    return measure.ordinal() * PER_MEASURE;
  }

  /** The run's measures these names are of. */
  public Measures measures() {
    return measures;
  }

  /** How many slots: {@link #PER_MEASURE} per measure of the run. */
  public int slots() {
    return measures.count() * PER_MEASURE;
  }

  public Measure measureOf(int slot) {
    return measures.of(slot / PER_MEASURE);
  }

  /** The report name of a slot: {@code READ}, {@code READ-FAILED} or {@code READ-NOT_FOUND}. */
  public String name(int slot) {
    Measure m = measureOf(slot);
    int bucket = slot % PER_MEASURE;
    if (bucket == 0) {
      return m.reportName();
    }
    if (bucket == 1) {
      return m.reportName() + "-FAILED";
    }
    return m.reportName() + "-" + Status.nameOf(bucket - 2);
  }
}
