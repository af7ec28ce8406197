package io.hbload.core.binding;

import io.hbload.core.config.BindingSettings;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyReader;
import io.hbload.core.config.WorkloadSpec;
import java.util.Set;

/**
 * A named binding, found through {@link java.util.ServiceLoader} ({@code META-INF/services/
 * io.hbload.core.binding.BindingProvider}) by {@link #name()} or one of its {@link #aliases()}, so
 * that {@code -db hbase} or YCSB's class names select it. Stateless; {@link #open} may be called
 * once per run.
 */
public interface BindingProvider {
  /** Short name for {@code -db}, e.g. {@code basic}, {@code memory}, {@code hbase}. */
  String name();

  /** Other names accepted for {@code -db}, e.g. YCSB's {@code site.ycsb.BasicDB}. */
  default Set<String> aliases() {
    return Set.of();
  }

  /** One line for {@code --help} and listings. */
  String description();

  /**
   * Parses this binding's own properties, called by the spec parser in the same pass as the
   * engine's: report each bad value through {@code properties} (it names the property and the parse
   * goes on), never by throwing. The result comes back in {@link BindingContext#settings(Class)}.
   * Default: the binding has no settings.
   */
  default BindingSettings settings(PropertyReader properties, WorkloadSpec workload, Phase phase) {
    return BindingSettings.NONE;
  }

  /**
   * Whether its sessions offer {@link BindingSession#newAsyncBinding}, so that {@code
   * hbload.inflight} may be above 1.
   */
  default boolean supportsAsync() {
    return false;
  }

  /** Opens the shared state for one run; throws with a one-line message when it cannot. */
  BindingSession open(BindingContext context) throws BindingException;
}
