package io.hbload.core.config;

import java.util.Locale;

/** Request distributions of YCSB's {@code requestdistribution}. */
public enum Distribution {
  UNIFORM,
  ZIPFIAN,
  LATEST,
  HOTSPOT,
  SEQUENTIAL,
  EXPONENTIAL;

  /** The property value, e.g. {@code zipfian}. */
  public String propertyValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}
