package io.hbload.core.binding;

import io.hbload.core.config.BindingSettings;
import io.hbload.core.config.RunSpec;
import java.io.PrintStream;

/**
 * What a provider gets when a run opens its session: the run's spec, whose {@link RunSpec#bindingSettings()} are the
 * settings this provider parsed at spec time, and the stream for human messages (stderr in the CLI).
 */
public record BindingContext(RunSpec spec, PrintStream messages) {
  /** The binding's settings, as its provider's {@link BindingProvider#settings} returned them. */
  public <T extends BindingSettings> T settings(Class<T> type) {
    BindingSettings s = spec.bindingSettings();
    if (!type.isInstance(s)) {
      // a spec parsed for another binding (e.g. a provider instance passed to the Java API after the spec was built)
      throw new IllegalStateException("binding settings are " + s.getClass().getName() + ", not " + type.getName()
          + ": parse the spec with this provider");
    }
    return type.cast(s);
  }
}
