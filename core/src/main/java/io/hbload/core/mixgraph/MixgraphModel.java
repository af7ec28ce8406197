package io.hbload.core.mixgraph;

import io.hbload.core.config.MixgraphSpec;

/**
 * The whole mixgraph model of a run: which query (db_bench's Get, Put or Seek, in the ratios of
 * {@code mix_get_ratio}, {@code mix_put_ratio} and {@code mix_seek_ratio}), which key, how large a
 * Put's value, how long a Seek's scan. Built once per worker source (a few dozen numbers, per key
 * range), and confined to it, as its keys remember their last draw; its draws allocate nothing.
 */
public final class MixgraphModel {
  /** db_bench's three mixgraph queries. */
  public enum Query {
    GET,
    PUT,
    SEEK
  }

  private final MixgraphKeys keys;
  private final ValueSizes values;
  private final SeekLengths seeks;
  private final double getBelow;
  private final double putBelow;

  /**
   * @throws IllegalArgumentException as {@link KeyRanges} does
   */
  public MixgraphModel(MixgraphSpec spec, long records) {
    this.keys = new MixgraphKeys(spec, records);
    this.values = new ValueSizes(spec);
    this.seeks = new SeekLengths(spec);
    double sum = spec.mix().sum();
    this.getBelow = spec.mix().get() / sum;
    this.putBelow = (spec.mix().get() + spec.mix().put()) / sum;
  }

  /** The query for a uniform {@code u} in [0, 1). */
  public Query query(double u) {
    return u < getBelow ? Query.GET : u < putBelow ? Query.PUT : Query.SEEK;
  }

  public MixgraphKeys keys() {
    return keys;
  }

  public ValueSizes values() {
    return values;
  }

  public SeekLengths seeks() {
    return seeks;
  }
}
