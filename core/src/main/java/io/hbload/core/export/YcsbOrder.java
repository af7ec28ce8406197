package io.hbload.core.export;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The order YCSB prints measurements in: the iteration order of the ConcurrentHashMap its
 * measurements live in. Putting the same names in a fresh map of the same kind reproduces it
 * exactly (observed: workload a prints READ, CLEANUP, UPDATE), so scripts that diff reports see no
 * difference. Stateless.
 */
final class YcsbOrder {
  private YcsbOrder() {}

  static List<String> of(Collection<String> names) {
    ConcurrentHashMap<String, Boolean> map = new ConcurrentHashMap<>();
    for (String n : names) {
      map.put(n, Boolean.TRUE);
    }
    return new ArrayList<>(map.keySet());
  }
}
