package io.hbload.core.mix;

import io.hbload.core.config.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Draws the next operation from the workload's proportions, normalised, with one uniform draw walked in
 * YCSB's order (read, update, insert, scan, read-modify-write; then delete). One per worker; not
 * thread-safe; allocation-free.
 */
public final class OperationChooser {
  private final OpType[] ops;
  private final double[] cumulative;
  private final RandomGenerator random;

  public OperationChooser(WorkloadSpec w, RandomGenerator random) {
    this.random = random;
    List<OpType> types = new ArrayList<>();
    List<Double> weights = new ArrayList<>();
    add(types, weights, OpType.READ, w.readProportion());
    add(types, weights, OpType.UPDATE, w.updateProportion());
    add(types, weights, OpType.INSERT, w.insertProportion());
    add(types, weights, OpType.SCAN, w.scanProportion());
    add(types, weights, OpType.READ_MODIFY_WRITE, w.readModifyWriteProportion());
    add(types, weights, OpType.DELETE, w.deleteProportion());
    double sum = weights.stream().mapToDouble(Double::doubleValue).sum();
    ops = types.toArray(new OpType[0]);
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

  private static void add(List<OpType> types, List<Double> weights, OpType type, double weight) {
    if (weight > 0) {
      types.add(type);
      weights.add(weight);
    }
  }

  public OpType next() {
    double u = random.nextDouble();
    for (int i = 0; i < cumulative.length; i++) {
      if (u < cumulative[i]) {
        return ops[i];
      }
    }
    return ops[ops.length - 1];
  }

  /** The operation types this mix can draw. */
  public List<OpType> types() {
    return List.of(ops);
  }
}
