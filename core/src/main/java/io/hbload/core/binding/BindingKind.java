package io.hbload.core.binding;

import io.hbload.core.config.BindingSettings;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyReader;
import io.hbload.core.config.WorkloadSpec;
import java.util.Set;

/**
 * What the spec parser needs of a binding: its names, its own settings and whether it can keep
 * operations in flight. A {@link BindingProvider} is one that also opens YCSB's {@link
 * BindingSession}s; a workload with clients of its own (hbload pe) has a kind only, and opens its
 * own state through its workload type ({@code io.hbload.core.source.WorkloadType}), so that no
 * binding of it has to answer YCSB's calls it does not make. Stateless.
 */
public interface BindingKind {
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
   * Whether its workers can keep operations in flight on an async client ({@link
   * BindingSession#newAsyncBinding} for a provider's), so that {@code hbload.inflight} may be above
   * 1.
   */
  default boolean supportsAsync() {
    return false;
  }

  /**
   * Whether a read returns what a write stored, so that {@code --verify} can read the acknowledged
   * writes back. False for a binding that keeps nothing (basic) or cannot read.
   */
  default boolean readsBack() {
    return false;
  }
}
