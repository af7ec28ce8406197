package io.hbload.core.config;

import java.util.Locale;

/**
 * Field-length and scan-length distributions ({@code fieldlengthdistribution}, {@code
 * scanlengthdistribution}).
 */
public enum LengthDistribution {
  CONSTANT,
  UNIFORM,
  ZIPFIAN,
  HISTOGRAM;

  public String propertyValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}
