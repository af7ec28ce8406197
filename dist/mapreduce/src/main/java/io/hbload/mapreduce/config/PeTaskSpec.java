package io.hbload.mapreduce.config;

import io.hbload.hbase.pe.PeSpec;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import org.apache.hadoop.conf.Configuration;

/**
 * What every map task of a {@code mapreduce pe} job is told beyond its {@link PhaseTaskSpec}: PE's
 * command and options as the driver validated them, one job setting per component of each of {@link
 * PeSpec}'s parts ({@code hbload.mapreduce.pe.rows.perClientRows}, ...), so each task runs exactly
 * the driver's PE spec, derived row counts included. Stateless.
 */
public final class PeTaskSpec {
  /**
   * Each PeSpec part's component as {@code hbload.mapreduce.pe.<part>.<component>}; beside {@link
   * JobKeys}' other keys.
   */
  public static final String PREFIX = "hbload.mapreduce.pe.";

  private PeTaskSpec() {}

  /** Writes {@code spec} into a job's configuration (enums by name). */
  public static void writeTo(PeSpec spec, Configuration conf) {
    for (RecordComponent part : PeSpec.class.getRecordComponents()) {
      Object partValue = value(part, spec);
      for (RecordComponent c : part.getType().getRecordComponents()) {
        Object v = value(c, partValue);
        conf.set(key(part, c), v instanceof Enum<?> e ? e.name() : String.valueOf(v));
      }
    }
  }

  /** Reads what {@link #writeTo} wrote; an incomplete configuration is a bug, not input. */
  public static PeSpec readFrom(Configuration conf) {
    RecordComponent[] parts = PeSpec.class.getRecordComponents();
    Object[] partValues = new Object[parts.length];
    for (int i = 0; i < parts.length; i++) {
      partValues[i] = readPart(parts[i], conf);
    }
    return construct(PeSpec.class, parts, partValues);
  }

  private static Object readPart(RecordComponent part, Configuration conf) {
    RecordComponent[] components = part.getType().getRecordComponents();
    Object[] args = new Object[components.length];
    for (int i = 0; i < components.length; i++) {
      Class<?> type = components[i].getType();
      String v = conf.get(key(part, components[i]));
      if (v == null && type == String.class) {
        v = ""; // an empty text (no --splitPolicy) does not survive the job's XML configuration
      }
      if (v == null) {
        throw new IllegalStateException(
            "not an hbload mapreduce pe job: " + key(part, components[i]) + " missing");
      }
      args[i] = parse(type, v);
    }
    return construct(part.getType(), components, args);
  }

  private static <T> T construct(Class<T> type, RecordComponent[] components, Object[] args) {
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      types[i] = components[i].getType();
    }
    try {
      Constructor<T> canonical = type.getDeclaredConstructor(types);
      return canonical.newInstance(args);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot rebuild the PE spec: " + e.getMessage(), e);
    }
  }

  private static String key(RecordComponent part, RecordComponent component) {
    return PREFIX + part.getName() + "." + component.getName();
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object parse(Class<?> type, String v) {
    if (type == int.class) {
      return Integer.parseInt(v);
    } else if (type == float.class) {
      return Float.parseFloat(v);
    } else if (type == boolean.class) {
      return Boolean.parseBoolean(v);
    } else if (type == String.class) {
      return v;
    } else if (type.isEnum()) {
      return Enum.valueOf((Class<? extends Enum>) type, v);
    }
    throw new IllegalStateException(
        "PeSpec component of type " + type + " has no job-setting form");
  }

  private static Object value(RecordComponent c, Object record) {
    try {
      return c.getAccessor().invoke(record);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read PeSpec's " + c.getName(), e);
    }
  }
}
