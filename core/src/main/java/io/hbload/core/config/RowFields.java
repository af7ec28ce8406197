package io.hbload.core.config;

/**
 * The fields of each row: how many, their names and value lengths, which ones an operation reads or
 * writes, and whether values are checked. Immutable.
 *
 * @param count {@code fieldcount}
 * @param namePrefix {@code fieldnameprefix}, kept untrimmed as YCSB keeps it
 * @param length {@code fieldlength}: the longest value
 * @param minLength {@code minfieldlength}
 * @param lengthDistribution {@code fieldlengthdistribution}
 * @param lengthHistogramFile {@code fieldlengthhistogram}; only read when lengthDistribution is
 *     HISTOGRAM
 * @param readAll {@code readallfields}
 * @param writeAll {@code writeallfields}
 * @param dataIntegrity {@code dataintegrity}: values derived from key and field, checked on read
 */
public record RowFields(
    int count,
    String namePrefix,
    int length,
    int minLength,
    LengthDistribution lengthDistribution,
    String lengthHistogramFile,
    boolean readAll,
    boolean writeAll,
    boolean dataIntegrity) {

  /** Field name {@code i}, e.g. {@code field3}. */
  public String name(int i) {
    return namePrefix + i;
  }
}
