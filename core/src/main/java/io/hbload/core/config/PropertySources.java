package io.hbload.core.config;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Merges a run's properties with YCSB's precedence: {@code -P} files in command-line order (a later
 * file overrides an earlier one), then every command-line setting ({@code -p}, {@code -threads},
 * ...; the last occurrence wins) over all files regardless of position. Files are read with {@link
 * Properties#load(InputStream)}, exactly as YCSB reads them. Not thread-safe; build, then merge.
 */
public final class PropertySources {
  /** Classpath folder the workloads module packages its files into. */
  public static final String BUNDLED_WORKLOADS = "hbload/workloads/";

  /** Short names accepted by {@code -w}. */
  public static final List<String> WORKLOAD_NAMES =
      List.of("a", "b", "c", "d", "e", "f", "updateonly", "mixgraph", "mixgraph_allrandom");

  /** The largest {@code -P} file read: YCSB's workload files are under 2 KiB. */
  static final int MAX_FILE_BYTES = 1 << 20;

  private final Map<String, String> files = new LinkedHashMap<>();
  private final Map<String, String> overrides = new LinkedHashMap<>();

  /**
   * Settings made in code with a typed value, by key: the parser reads the value as it is, never
   * its rendering in {@link #overrides}, which is only the run's provenance.
   */
  private final Map<String, Object> values = new HashMap<>();

  private final List<String> sourceNames = new ArrayList<>();

  /** Adds a {@code -P} file. */
  public PropertySources file(Path path) {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(path)) {
      // bounded: a workload file is a few lines, and /dev/zero or a disk image given by mistake
      // would otherwise be read whole into the heap
      byte[] content = in.readNBytes(MAX_FILE_BYTES + 1);
      if (content.length > MAX_FILE_BYTES) {
        throw new SpecException(
            "workload file " + path + ": larger than 1 MiB, not a workload file");
      }
      for (byte b : content) {
        if (b == 0) {
          throw new SpecException(
              "workload file " + path + ": holds a NUL byte: a binary file, not a workload file");
        }
      }
      p.load(new ByteArrayInputStream(content));
    } catch (NoSuchFileException e) {
      throw new SpecException("workload file " + path + ": no such file");
    } catch (IOException | IllegalArgumentException e) {
      throw new SpecException("workload file " + path + ": cannot read (" + e.getMessage() + ")");
    }
    p.stringPropertyNames().forEach(k -> files.put(k, p.getProperty(k)));
    sourceNames.add(path.toString());
    return this;
  }

  /**
   * Adds a bundled workload by its {@code -w} name ({@code a}..{@code f}, {@code updateonly}; also
   * {@code workloada}, {@code template}), as if its file were given with {@code -P} at this
   * position.
   */
  public PropertySources bundled(String name) {
    String file = bundledFileName(name);
    Properties p = new Properties();
    try (InputStream in =
        PropertySources.class.getClassLoader().getResourceAsStream(BUNDLED_WORKLOADS + file)) {
      if (in == null) {
        throw new SpecException(
            "unknown workload '"
                + name
                + "' (bundled: "
                + String.join(", ", WORKLOAD_NAMES)
                + "; or give a file with -P)");
      }
      p.load(in);
    } catch (IOException e) {
      throw new SpecException(
          "workload " + name + ": cannot read bundled file (" + e.getMessage() + ")");
    }
    p.stringPropertyNames().forEach(k -> files.put(k, p.getProperty(k)));
    sourceNames.add("workloads/" + file);
    return this;
  }

  /** A command-line setting; overrides every file whatever the order. */
  public PropertySources set(String key, String value) {
    overrides.put(key, value);
    values.remove(key);
    return this;
  }

  /**
   * A setting made in code, as {@link #set(String, String)}: {@code value} is read as it is, by the
   * same checks as a property string (see {@link PropertyReader}), and {@code rendered} is what the
   * merged properties, the run's provenance, record for it.
   */
  public PropertySources set(String key, Object value, String rendered) {
    overrides.put(key, rendered);
    values.put(key, value);
    return this;
  }

  /** Parses {@code k=v} as YCSB's {@code -p}: split at the first '=', nothing trimmed. */
  public PropertySources setPair(String pair) {
    int eq = pair.indexOf('=');
    if (eq <= 0) {
      throw new SpecException("-p " + pair + ": expected name=value");
    }
    return set(pair.substring(0, eq), pair.substring(eq + 1));
  }

  /** Whether a command-line setting was given for the key. */
  public boolean isSet(String key) {
    return overrides.containsKey(key);
  }

  /** The merged view: files, then overrides. */
  public Map<String, String> merge() {
    Map<String, String> merged = new LinkedHashMap<>(files);
    merged.putAll(overrides);
    return merged;
  }

  /**
   * The typed values set in code that no later setting replaced, by key; their renderings are in
   * {@link #merge()}.
   */
  public Map<String, Object> values() {
    return Map.copyOf(values);
  }

  /** Files and bundled workloads added, in order (for run manifests). */
  public List<String> sourceNames() {
    return List.copyOf(sourceNames);
  }

  static String bundledFileName(String name) {
    String n = name.startsWith("workload") ? name.substring("workload".length()) : name;
    if (n.equals("_template") || n.equals("template")) {
      return "workload_template";
    }
    return "workload" + n;
  }
}
