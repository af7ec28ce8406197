package io.hbload.core.config;

/**
 * The run phase's operation mix: YCSB's proportions, relative weights that need not sum to 1.
 * Immutable.
 *
 * @param delete hbload's extension ({@code hbload.deleteproportion}), 0 in YCSB's files
 */
public record OperationMix(
    double read, double update, double insert, double scan, double readModifyWrite, double delete) {

  /** The weights together; 0 leaves a run phase nothing to do. */
  public double sum() {
    return read + update + insert + scan + readModifyWrite + delete;
  }
}
