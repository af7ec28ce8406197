package io.hbload.cli.contract;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On an {@code @Option}: the option only means something beside these others, so given without them
 * it is bad input ({@code --find-max-precision: only with --find-max}, exit 2) rather than silently
 * ignored. Declared beside the option it constrains and checked in one place, {@link OptionChecks},
 * before the command's {@code call()}: a new dependent option needs this line and nothing else. The
 * names are options of the same command (any of each one's names); a name the command does not have
 * is a bug, which {@link OptionChecks} reports as one.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface Requires {
  /** The options that must be given too, every one of them. */
  String[] value();

  /** Why, when the option's description does not make it plain; added to the message. */
  String why() default "";
}
