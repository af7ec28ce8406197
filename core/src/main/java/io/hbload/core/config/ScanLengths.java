package io.hbload.core.config;

/**
 * How many records a scan asks for: {@code minscanlength}, {@code maxscanlength} and {@code
 * scanlengthdistribution} (uniform or zipfian). Immutable.
 */
public record ScanLengths(int min, int max, LengthDistribution distribution) {}
