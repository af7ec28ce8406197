package io.hbload.core.binding;

import java.util.Set;

/**
 * A named binding, found through {@link java.util.ServiceLoader} ({@code META-INF/services/
 * io.hbload.core.binding.BindingProvider}) by {@link #name()} or one of its {@link #aliases()}, so that
 * {@code -db hbase} or YCSB's class names select it. Stateless; {@link #open} may be called once per run.
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

  /** Opens the shared state for one run; throws with a one-line message when it cannot. */
  BindingSession open(BindingContext context) throws BindingException;
}
