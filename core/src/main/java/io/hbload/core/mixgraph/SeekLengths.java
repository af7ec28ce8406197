package io.hbload.core.mixgraph;

import io.hbload.core.config.MixgraphSpec;

/**
 * How many rows a Seek reads, as db_bench's mixgraph decides it: a generalized Pareto draw ({@code
 * iter_theta}, {@code iter_k}, {@code iter_sigma}) rounded up, modulo {@code mix_max_scan_len}.
 * Where db_bench then reads no row (a length of 0, or a negative draw), the scan asks for 1: a Seek
 * positions on a row, and HBase reads a scan limit of 0 as no limit at all. Immutable, thread-safe;
 * allocation-free.
 */
public final class SeekLengths {
  private final GeneralizedPareto pareto;
  private final int max;

  public SeekLengths(MixgraphSpec spec) {
    this.pareto = new GeneralizedPareto(spec.scanLengths());
    this.max = spec.maxScanLength();
  }

  /** The length for a uniform {@code u} in (0, 1]. */
  public int length(double u) {
    long drawn = pareto.draw(u) % max;
    return drawn < 1 ? 1 : (int) drawn;
  }
}
