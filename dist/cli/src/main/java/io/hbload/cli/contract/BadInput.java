package io.hbload.cli.contract;

import io.hbload.core.binding.BindingException;
import io.hbload.core.config.SpecException;
import io.hbload.gc.InvalidInputException;
import io.hbload.hdfs.config.BadInputException;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * Which failures are the user's input rather than a failed run or a bug. Each module throws its own
 * type (core's {@link SpecException}, a binding's {@link BindingException}, hdfs-io's and
 * gc-tuner's), and this is the one list of them: any other exception, an {@link
 * IllegalArgumentException} from a bug included, is exit 1.
 */
public final class BadInput {
  private static final List<Class<? extends Throwable>> TYPES =
      List.of(
          CommandLine.ParameterException.class,
          SpecException.class,
          BindingException.class,
          BadInputException.class,
          InvalidInputException.class);

  private BadInput() {}

  /** True when {@code e} (or an exception it wraps) means the input was bad. */
  public static boolean is(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      for (Class<? extends Throwable> type : TYPES) {
        if (type.isInstance(t)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Runs a module's own parser inside a picocli converter: its bad-input exception becomes
   * picocli's conversion error, which the handler prints after the option's name ({@code Invalid
   * value for option '--x': ...}); any other exception from a converter would come out as "cannot
   * convert ... (java.lang...Exception: ...)".
   */
  public static <T> T converted(Supplier<T> parser) {
    try {
      return parser.get();
    } catch (RuntimeException e) {
      if (is(e)) {
        throw new CommandLine.TypeConversionException(ErrorHandler.firstLine(find(e).getMessage()));
      }
      throw e;
    }
  }

  /** The bad-input exception itself, for its message. */
  static Throwable find(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      for (Class<? extends Throwable> type : TYPES) {
        if (type.isInstance(t)) {
          return t;
        }
      }
    }
    return e;
  }
}
