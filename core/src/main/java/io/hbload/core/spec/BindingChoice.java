package io.hbload.core.spec;

import io.hbload.core.binding.BindingProvider;
import io.hbload.core.config.BindingSettings;
import java.util.Objects;

/**
 * The binding a spec runs against, resolved once by the parser: the provider itself, so that no
 * later step looks a name up again (and cannot find another provider than the one that parsed the
 * settings), the settings that provider parsed, and the name as the user gave it ({@code db}),
 * which result documents echo. Immutable.
 *
 * <p>Two choices are equal when they name the same binding, resolved to a provider of the same
 * class and name, with equal settings: {@link io.hbload.core.binding.Bindings} makes a new provider
 * per look-up, so two parses of the same properties (the CLI's and the Java API's) must still make
 * equal specs.
 *
 * @param name {@code db} as given, e.g. {@code hbase} or {@code site.ycsb.BasicDB}
 * @param provider the provider {@code name} resolved to
 * @param settings what {@code provider}'s {@link BindingProvider#settings} returned
 */
public record BindingChoice(String name, BindingProvider provider, BindingSettings settings) {
  public BindingChoice {
    if (name == null || provider == null || settings == null) {
      throw new IllegalArgumentException("a binding choice needs a name, a provider and settings");
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BindingChoice b
        && name.equals(b.name)
        && provider.getClass() == b.provider.getClass()
        && provider.name().equals(b.provider.name())
        && settings.equals(b.settings);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, provider.getClass(), provider.name(), settings);
  }

  /**
   * The same binding, its settings as parsed, reached through another instance of its provider (one
   * wired to a cluster the caller owns, such as a suite's embedded HBase).
   */
  public BindingChoice withProvider(BindingProvider provider) {
    return new BindingChoice(name, provider, settings);
  }
}
