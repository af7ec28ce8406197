package io.hbload.hdfs.report;

import io.hbload.hdfs.coder.IsalLibrary;
import java.util.List;
import java.util.Locale;

/**
 * Renders runs as a JSON array of objects, one per run, field names as in {@link RunResult}, plus {@code isal}:
 * whether the ISA-L coder loaded in this JVM and why not ({@link IsalLibrary#status()}). Stateless.
 */
public final class JsonReport {
  private JsonReport() {}

  public static String render(List<RunResult> runs) {
    StringBuilder out = new StringBuilder("[\n");
    for (int i = 0; i < runs.size(); i++) {
      RunResult r = runs.get(i);
      out.append("  {")
          .append(str("phase", r.phase())).append(", ")
          .append(str("policy", r.policy())).append(", ")
          .append(str("coder", r.coder())).append(", ")
          .append(str("isal", IsalLibrary.status())).append(", ")
          .append(str("target", r.target())).append(", ")
          .append(str("start", r.start().toString())).append(", ")
          .append(num("files", r.files())).append(", ")
          .append(num("bytes", r.bytes())).append(", ")
          .append(num("wallNanos", r.wallNanos())).append(", ")
          .append(dbl("aggregateMiBps", r.aggregateMiBps())).append(", ")
          .append(dbl("throughputMiBps", r.throughputMiBps())).append(", ")
          .append(dbl("avgIoRateMiBps", r.avgIoRateMiBps())).append(", ")
          .append(dbl("ioRateStdDev", r.ioRateStdDev())).append(", ")
          .append(dbl("cpuCores", r.cpuCores())).append(", ")
          .append(num("erasureCodedBytes", r.erasureCodedBytes())).append(", ")
          .append(num("ecDecodeMillis", r.ecDecodeMillis())).append(", ")
          .append(num("isalEncodeNanos", r.isalEncodeNanos())).append(", ")
          .append(num("isalDecodeNanos", r.isalDecodeNanos())).append(", ")
          .append(num("mismatchedBytes", r.mismatchedBytes())).append(", ")
          .append(num("dataNodesDown", r.dataNodesDown())).append(", ")
          .append(dbl("load1Start", r.load1Start())).append(", ")
          .append(dbl("load1End", r.load1End()))
          .append(i + 1 < runs.size() ? "},\n" : "}\n");
    }
    return out.append("]\n").toString();
  }

  private static String str(String name, String value) {
    return "\"" + name + "\": \"" + escaped(value) + "\"";
  }

  /** {@code value} as the inside of a JSON string (messages from the OS loader may hold quotes). */
  static String escaped(String value) {
    StringBuilder s = new StringBuilder();
    for (char c : value.toCharArray()) {
      if (c == '"' || c == '\\') {
        s.append('\\').append(c);
      } else if (c < 0x20) {
        s.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else {
        s.append(c);
      }
    }
    return s.toString();
  }

  private static String num(String name, long value) {
    return "\"" + name + "\": " + value;
  }

  private static String dbl(String name, double value) {
    return "\"" + name + "\": " + (Double.isFinite(value) ? String.format(Locale.ROOT, "%.4f", value) : "null");
  }
}
