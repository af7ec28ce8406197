package io.hbload.core.binding;

import io.hbload.core.config.SpecException;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Finds a binding by {@code -db} value: a provider's name or alias from {@link ServiceLoader}, or a
 * class name of a {@link BindingProvider} or of a {@link Binding} with a public no-arg constructor
 * (one instance per worker, as YCSB instantiates DB classes). Stateless; thread-safe.
 */
public final class Bindings {
  private Bindings() {}

  public static List<BindingProvider> available() {
    List<BindingProvider> out = new ArrayList<>();
    ServiceLoader.load(BindingProvider.class, Bindings.class.getClassLoader()).forEach(out::add);
    return out;
  }

  /** The provider for a {@code -db} value; SpecException naming {@code db} when there is none. */
  public static BindingProvider find(String nameOrClass) {
    for (BindingProvider p : available()) {
      if (p.name().equals(nameOrClass) || p.aliases().contains(nameOrClass)) {
        return p;
      }
    }
    Class<?> type;
    try {
      type = Class.forName(nameOrClass, true, Bindings.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw unknown(nameOrClass);
    }
    try {
      if (BindingProvider.class.isAssignableFrom(type)) {
        return (BindingProvider) type.getConstructor().newInstance();
      }
      if (Binding.class.isAssignableFrom(type)) {
        return perWorkerInstances(type.asSubclass(Binding.class));
      }
    } catch (NoSuchMethodException
        | InstantiationException
        | IllegalAccessException
        | InvocationTargetException e) {
      throw new SpecException(
          "property db: cannot instantiate "
              + nameOrClass
              + " (needs a public no-arg constructor)");
    }
    throw new SpecException(
        "property db: "
            + nameOrClass
            + " is neither a "
            + Binding.class.getName()
            + " nor a "
            + BindingProvider.class.getName());
  }

  private static SpecException unknown(String name) {
    List<String> names = available().stream().map(BindingProvider::name).toList();
    return new SpecException(
        "property db: unknown binding '"
            + name
            + "' (available: "
            + String.join(", ", names)
            + ", or a class name)");
  }

  private static BindingProvider perWorkerInstances(Class<? extends Binding> type) {
    return new BindingProvider() {
      @Override
      public String name() {
        return type.getName();
      }

      @Override
      public String description() {
        return "user binding class " + type.getName();
      }

      @Override
      public BindingSession open(BindingContext context) {
        return worker -> {
          try {
            return type.getConstructor().newInstance();
          } catch (ReflectiveOperationException e) {
            throw new BindingException("cannot instantiate " + type.getName() + ": " + e, e);
          }
        };
      }
    };
  }
}
