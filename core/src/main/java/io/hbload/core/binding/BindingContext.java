package io.hbload.core.binding;

import io.hbload.core.config.BindingSettings;
import io.hbload.core.config.Execution;
import io.hbload.core.config.Phase;
import io.hbload.core.config.WorkloadSpec;
import java.io.PrintStream;

/**
 * What a provider gets when a run opens its session: the parts of the run's spec a binding may need
 * (the spec itself holds the provider, so it sits above this package), the settings this provider
 * parsed at spec time, and the stream for human messages (stderr in the CLI).
 *
 * @param bindingSettings what this provider's {@link BindingProvider#settings} returned for the run
 */
public record BindingContext(
    Phase phase,
    WorkloadSpec workload,
    Execution execution,
    BindingSettings bindingSettings,
    PrintStream messages) {
  /** The binding's settings, as its provider's {@link BindingProvider#settings} returned them. */
  public <T extends BindingSettings> T settings(Class<T> type) {
    BindingSettings s = bindingSettings;
    if (!type.isInstance(s)) {
      // a spec parsed for another binding
      throw new IllegalStateException(
          "binding settings are "
              + s.getClass().getName()
              + ", not "
              + type.getName()
              + ": parse the spec with this provider");
    }
    return type.cast(s);
  }
}
