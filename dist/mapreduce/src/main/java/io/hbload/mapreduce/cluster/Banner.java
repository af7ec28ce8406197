package io.hbload.mapreduce.cluster;

import java.util.ArrayList;
import java.util.List;

/**
 * The loud notice that a {@code mapreduce} command runs on clusters it started itself, as the
 * embedded HBase prints for {@code load}/{@code run}: its numbers say nothing about a real cluster.
 * Stateless.
 */
public final class Banner {
  private Banner() {}

  /** The banner's lines: {@code what} (e.g. "HBASE + YARN") and the details, between star rules. */
  public static List<String> lines(String what, List<String> details) {
    String rule = "*".repeat(78);
    List<String> out = new ArrayList<>();
    out.add(rule);
    out.add(
        "* EMBEDDED "
            + what
            + ": these numbers are for local, in-process mini clusters on 127.0.0.1,");
    out.add("* not a real cluster. The map tasks are separate JVMs on this host.");
    details.forEach(d -> out.add("* " + d));
    out.add(rule);
    return out;
  }
}
