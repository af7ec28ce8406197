package io.hbload.core.measure;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The measures of one run: core's ({@link #CORE}), then the workload's own, each with the next
 * ordinal, so a run's recorders size their arrays to what it can record and two runs in one JVM
 * (hbload pe's INCREMENT in one, a test's own call in another) never share or exhaust a registry.
 * Declared by the run's {@link io.hbload.core.source.WorkloadType} (known once the spec is parsed,
 * before anything runs). Immutable.
 */
public final class Measures {
  /** YCSB's measures and hbload's DELETE, VERIFY and CLEANUP: what every run can record. */
  public static final Measures CORE =
      new Measures(
          List.of(
              Measure.READ,
              Measure.UPDATE,
              Measure.INSERT,
              Measure.SCAN,
              Measure.DELETE,
              Measure.READ_MODIFY_WRITE,
              Measure.VERIFY,
              Measure.CLEANUP));

  private final List<Measure> all;
  private final Map<String, Measure> byName = new LinkedHashMap<>();

  private Measures(List<Measure> all) {
    this.all = Collections.unmodifiableList(all);
    for (Measure m : all) {
      byName.put(m.reportName(), m);
    }
  }

  /**
   * These measures and one more, {@code reportName}, with the next ordinal; the same set when the
   * name is one of them already.
   *
   * @param hasReturns whether YCSB-style {@code Return=} lines count its outcomes
   * @throws IllegalArgumentException when the name is one of them with the other {@code hasReturns}
   */
  public Measures and(String reportName, boolean hasReturns) {
    Measure known = byName.get(reportName);
    if (known != null) {
      if (known.hasReturns() != hasReturns) {
        throw new IllegalArgumentException(
            reportName + " is a measure with hasReturns=" + known.hasReturns());
      }
      return this;
    }
    List<Measure> more = new ArrayList<>(all);
    more.add(new Measure(reportName, hasReturns, all.size()));
    return new Measures(more);
  }

  /** How many: ordinals run from 0 to this, exclusive. */
  public int count() {
    return all.size();
  }

  /** The measure of an ordinal below {@link #count()}. */
  public Measure of(int ordinal) {
    return all.get(ordinal);
  }

  /** The measure named {@code reportName}, or null. */
  public Measure named(String reportName) {
    return byName.get(reportName);
  }

  /** Every measure, in ordinal order. */
  public List<Measure> all() {
    return all;
  }
}
