package io.hbload.core.binding.builtin;

import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The JVM-wide data of the {@code memory} binding: tables of rows in key order, each row a map of
 * field name to value bytes. Survives across phases in one JVM (load, then run), like a server
 * would. Thread-safe.
 */
public final class MemoryStore {
  private static final MemoryStore SHARED = new MemoryStore();

  private final ConcurrentHashMap<String, ConcurrentSkipListMap<String, Map<String, byte[]>>>
      tables = new ConcurrentHashMap<>();

  public static MemoryStore shared() {
    return SHARED;
  }

  public NavigableMap<String, Map<String, byte[]>> table(String name) {
    return tables.computeIfAbsent(name, n -> new ConcurrentSkipListMap<>());
  }

  /** Rows in a table; 0 when it does not exist. */
  public int size(String name) {
    Map<String, Map<String, byte[]>> t = tables.get(name);
    return t == null ? 0 : t.size();
  }

  public void clear() {
    tables.clear();
  }
}
