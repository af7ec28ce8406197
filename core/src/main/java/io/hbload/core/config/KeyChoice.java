package io.hbload.core.config;

/**
 * How a run-phase operation chooses its key: YCSB's {@code requestdistribution} and the parameters
 * of the distributions that take one. Immutable.
 *
 * @param distribution {@code requestdistribution}
 * @param hotspotDataFraction {@code hotspotdatafraction}: the hot share of the keys
 * @param hotspotOpnFraction {@code hotspotopnfraction}: the share of operations on the hot keys
 * @param exponentialPercentile {@code exponential.percentile}
 * @param exponentialFrac {@code exponential.frac}
 */
public record KeyChoice(
    Distribution distribution,
    double hotspotDataFraction,
    double hotspotOpnFraction,
    double exponentialPercentile,
    double exponentialFrac) {}
