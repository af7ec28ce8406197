package io.hbload.mapreduce.config;

import io.hbload.hbase.pe.PeSpec;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import org.apache.hadoop.conf.Configuration;

/**
 * What every map task of a {@code mapreduce pe} job is told beyond its {@link PhaseTaskSpec}: PE's
 * command and options as the driver validated them, one job setting per {@link PeSpec} component
 * ({@code hbload.mapreduce.pe.rows}, ...), so each task runs exactly the driver's PE spec, derived
 * row counts included. Stateless.
 */
public final class PeTaskSpec {
  /**
   * Each PeSpec component as {@code hbload.mapreduce.pe.<component>}; beside {@link JobKeys}' other
   * keys.
   */
  public static final String PREFIX = "hbload.mapreduce.pe.";

  private PeTaskSpec() {}

  /** Writes {@code spec} into a job's configuration (enums by name). */
  public static void writeTo(PeSpec spec, Configuration conf) {
    for (RecordComponent c : PeSpec.class.getRecordComponents()) {
      Object v = value(c, spec);
      conf.set(PREFIX + c.getName(), v instanceof Enum<?> e ? e.name() : String.valueOf(v));
    }
  }

  /** Reads what {@link #writeTo} wrote; an incomplete configuration is a bug, not input. */
  public static PeSpec readFrom(Configuration conf) {
    RecordComponent[] components = PeSpec.class.getRecordComponents();
    Class<?>[] types = new Class<?>[components.length];
    Object[] args = new Object[components.length];
    for (int i = 0; i < components.length; i++) {
      types[i] = components[i].getType();
      String v = conf.get(PREFIX + components[i].getName());
      if (v == null && types[i] == String.class) {
        v = ""; // an empty text (no --splitPolicy) does not survive the job's XML configuration
      }
      if (v == null) {
        throw new IllegalStateException(
            "not an hbload mapreduce pe job: " + PREFIX + components[i].getName() + " missing");
      }
      args[i] = parse(types[i], v);
    }
    try {
      Constructor<PeSpec> canonical = PeSpec.class.getDeclaredConstructor(types);
      return canonical.newInstance(args);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot rebuild the PE spec: " + e.getMessage(), e);
    }
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

  private static Object value(RecordComponent c, PeSpec spec) {
    try {
      return c.getAccessor().invoke(spec);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read PeSpec." + c.getName(), e);
    }
  }
}
