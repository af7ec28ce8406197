package io.hbload.hdfs.fault;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The DataNodes' reconstruction counters, read from the {@code DataNodeActivity} metrics beans of
 * the DataNodes in this JVM (the embedded cluster's; a real cluster's sit behind each DataNode's
 * {@code /jmx} and are not read): EC units rebuilt and their bytes, replicas copied. Stateless.
 */
final class DataNodeCounters {
  /** The counters read, by their metrics names. */
  static final List<String> NAMES =
      List.of(
          "EcReconstructionTasks",
          "EcReconstructionBytesWritten",
          "EcReconstructionBytesRead",
          "EcFailedReconstructionTasks",
          "BlocksReplicated");

  private DataNodeCounters() {}

  /** Per DataNode bean, per counter; empty when no DataNode runs in this JVM. */
  static Map<String, Map<String, Long>> read() {
    Map<String, Map<String, Long>> out = new LinkedHashMap<>();
    try {
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      for (ObjectName bean :
          server.queryNames(
              new ObjectName("Hadoop:service=DataNode,name=DataNodeActivity-*"), null)) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (String name : NAMES) {
          try {
            Object v = server.getAttribute(bean, name);
            if (v instanceof Number n) {
              values.put(name, n.longValue());
            }
          } catch (javax.management.JMException e) {
            // an older DataNode without this counter: left out
          }
        }
        out.put(bean.getCanonicalName(), values);
      }
    } catch (javax.management.JMException | RuntimeException e) {
      return Map.of();
    }
    return out;
  }

  /**
   * Growth from {@code before} to {@code after}, summed over the DataNodes alive at the end (a
   * DataNode started since counts from zero).
   */
  static Map<String, Long> growth(
      Map<String, Map<String, Long>> before, Map<String, Map<String, Long>> after) {
    Map<String, Long> sum = new LinkedHashMap<>();
    if (after.isEmpty()) {
      return sum;
    }
    for (String name : NAMES) {
      long total = 0;
      for (var dn : after.entrySet()) {
        long then = before.getOrDefault(dn.getKey(), Map.of()).getOrDefault(name, 0L);
        total += Math.max(0, dn.getValue().getOrDefault(name, 0L) - then);
      }
      sum.put(name, total);
    }
    return sum;
  }
}
