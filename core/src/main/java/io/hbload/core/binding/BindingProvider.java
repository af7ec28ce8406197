package io.hbload.core.binding;

/**
 * A named binding, found through {@link java.util.ServiceLoader} ({@code META-INF/services/
 * io.hbload.core.binding.BindingProvider}) by {@link #name()} or one of its {@link #aliases()}, so
 * that {@code -db hbase} or YCSB's class names select it: a {@link BindingKind} whose sessions
 * serve YCSB's CoreWorkload. Stateless; {@link #open} may be called once per run.
 */
public interface BindingProvider extends BindingKind {
  /** Opens the shared state for one run; throws with a one-line message when it cannot. */
  BindingSession open(BindingContext context) throws BindingException;
}
