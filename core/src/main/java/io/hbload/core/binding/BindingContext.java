package io.hbload.core.binding;

import io.hbload.core.config.RunSpec;
import java.io.PrintStream;

/**
 * What a provider gets when a run opens its session: the run's spec (with every merged property, so
 * binding-specific keys like {@code columnfamily} are read from {@link RunSpec#properties()}) and the
 * stream for human messages (stderr in the CLI).
 */
public record BindingContext(RunSpec spec, PrintStream messages) {
  /** A property of the run, or {@code defaultValue}. */
  public String property(String name, String defaultValue) {
    return spec.properties().getOrDefault(name, defaultValue);
  }
}
