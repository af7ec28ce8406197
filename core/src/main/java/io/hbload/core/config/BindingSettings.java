package io.hbload.core.config;

/**
 * A binding's own settings, typed and validated by its provider's {@link BindingProvider#settings}
 * while the engine's spec is parsed, so that a bad value stops the run before any cluster starts
 * and is reported with the engine's problems. Implementations are immutable records; the provider
 * reads them back from {@link BindingContext#settings(Class)} when it opens a session.
 */
public interface BindingSettings {
  /** For bindings that have no settings of their own. */
  BindingSettings NONE =
      new BindingSettings() {
        @Override
        public String toString() {
          return "none";
        }
      };
}
