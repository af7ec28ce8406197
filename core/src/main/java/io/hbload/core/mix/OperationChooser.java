package io.hbload.core.mix;

import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.measure.Measure;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Draws the next operation from the workload's proportions, normalised, with one uniform draw
 * walked in YCSB's order (read, update, insert, scan, read-modify-write; then delete). One per
 * worker; not thread-safe; allocation-free.
 */
public final class OperationChooser {
  private final Measure[] ops;
  private final double[] cumulative;
  private final RandomGenerator random;

  public OperationChooser(WorkloadSpec w, RandomGenerator random) {
    this.random = random;
    List<Measure> types = new ArrayList<>();
    List<Double> weights = new ArrayList<>();
    add(types, weights, Measure.READ, w.mix().read());
    add(types, weights, Measure.UPDATE, w.mix().update());
    add(types, weights, Measure.INSERT, w.mix().insert());
    add(types, weights, Measure.SCAN, w.mix().scan());
    add(types, weights, Measure.READ_MODIFY_WRITE, w.mix().readModifyWrite());
    add(types, weights, Measure.DELETE, w.mix().delete());
    double sum = weights.stream().mapToDouble(Double::doubleValue).sum();
    ops = types.toArray(new Measure[0]);
    cumulative = new double[ops.length];
    double acc = 0;
    for (int i = 0; i < ops.length; i++) {
      acc += weights.get(i) / sum;
      cumulative[i] = acc;
    }
    if (ops.length > 0) {
      cumulative[ops.length - 1] = Double.POSITIVE_INFINITY;
    }
  }

  private static void add(List<Measure> types, List<Double> weights, Measure type, double weight) {
    if (weight > 0) {
      types.add(type);
      weights.add(weight);
    }
  }

  /**
   * The first operation whose cumulative share is above one uniform draw. Found without a branch on
   * the draw (the number of shares at or below it, each from the sign of a difference, exact: a
   * rounded difference keeps its sign and is +0.0 only for equal operands): in a mix such as
   * workload a's 50/50 such a branch is mispredicted every other operation, which discarded the
   * next key's serial work.
   */
  public Measure next() {
    double u = random.nextDouble();
    int i = 0;
    for (int k = 0; k < cumulative.length - 1; k++) {
      i += (int) (~Double.doubleToRawLongBits(u - cumulative[k]) >>> 63);
    }
    return ops[i];
  }

  /** The operation types this mix can draw. */
  public List<Measure> types() {
    return List.of(ops);
  }
}
