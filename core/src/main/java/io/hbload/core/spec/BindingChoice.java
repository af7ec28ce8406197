package io.hbload.core.spec;

import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingKind;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.config.BindingSettings;
import io.hbload.core.source.Workload;
import io.hbload.core.source.WorkloadType;
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
 * @param settings what {@code provider}'s {@link BindingKind#settings} returned
 * @param workload what runs on it: YCSB's CoreWorkload on a {@link BindingProvider}'s sessions, or
 *     a workload with clients of its own (hbload pe's commands)
 */
public record BindingChoice(
    String name, BindingKind provider, BindingSettings settings, WorkloadType workload) {
  public BindingChoice {
    if (name == null || provider == null || settings == null || workload == null) {
      throw new IllegalArgumentException(
          "a binding choice needs a name, a provider, settings and a workload");
    }
  }

  /** YCSB's CoreWorkload on {@code provider}'s sessions. */
  public BindingChoice(String name, BindingProvider provider, BindingSettings settings) {
    this(name, provider, settings, WorkloadType.ycsb(provider));
  }

  /** Opens the run's workload, and with it the run's state; throws with a one-line message. */
  public Workload<?, ?> open(BindingContext context) throws BindingException {
    return workload.open(context);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BindingChoice b
        && name.equals(b.name)
        && provider.getClass() == b.provider.getClass()
        && provider.name().equals(b.provider.name())
        && settings.equals(b.settings)
        && workload.sameAs(b.workload);
  }

  @Override
  public int hashCode() {
    // sameAs implies the same class
    return Objects.hash(name, provider.getClass(), provider.name(), settings, workload.getClass());
  }

  /**
   * The same binding, its settings as parsed, reached through another instance of its provider (one
   * wired to a cluster the caller owns, such as a suite's embedded HBase).
   */
  public BindingChoice withProvider(BindingProvider provider) {
    return new BindingChoice(name, provider, settings, workload.on(provider));
  }
}
