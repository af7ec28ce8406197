package io.hbload.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * TestDFSIO's own command line for {@code hbload dfsio}, so that a script written for {@code hadoop
 * jar ...-tests.jar TestDFSIO -write -nrFiles 4 -size 16MB -resFile r.log} runs with {@code hadoop
 * jar} replaced by {@code java -jar hbload.jar dfsio}: {@code -write}/{@code -read}/{@code -clean}
 * become the subcommand and TestDFSIO's flags hbload's options. TestDFSIO's meanings are kept where
 * they differ from hbload's defaults: a size without a unit is in MB, and files are written with
 * the cluster's replication unless {@code -erasureCodePolicy} names a policy (hbload's own default
 * is erasure coding). TestDFSIO's read modes and passes hbload does not have are refused by name
 * rather than silently run as something else. Stateless.
 */
final class TestDfsioForm {
  private static final Map<String, String> PASSES =
      Map.of("-write", "write", "-read", "read", "-clean", "clean");

  /** TestDFSIO's flags with a value, and hbload's option for each. */
  private static final Map<String, String> VALUED =
      Map.of(
          "-nrFiles",
          "--files",
          "-size",
          "--size",
          "-resFile",
          "--result-log",
          "-bufferSize",
          "--buffer",
          "-erasureCodePolicy",
          "--policy",
          "-fs",
          "--fs");

  private static final Map<String, String> UNSUPPORTED =
      Map.of(
          "-append", "hbload dfsio has no append pass",
          "-truncate", "hbload dfsio has no truncate pass",
          "-random", "hbload dfsio reads each file sequentially (no -random read)",
          "-backward", "hbload dfsio reads each file sequentially (no -backward read)",
          "-skip", "hbload dfsio reads each file sequentially (no -skip read)",
          "-skipSize", "hbload dfsio reads each file sequentially (no -skip read)",
          "-compression", "hbload dfsio writes uncompressed files (no -compression)",
          "-storagePolicy",
              "hbload dfsio does not set HDFS storage policies (-storagePolicy); set it on --dir yourself");

  private TestDfsioForm() {}

  /**
   * A TestDFSIO command line that cannot run here; its message is the one line the user sees (exit
   * 2).
   */
  static final class Refused extends RuntimeException {
    Refused(String message) {
      super(message);
    }
  }

  /**
   * True when {@code args} is {@code dfsio} followed by TestDFSIO's flags rather than a subcommand.
   */
  static boolean matches(String[] args) {
    if (args.length < 2 || !args[0].equals("dfsio")) {
      return false;
    }
    int first = args[1].equals("TestDFSIO") ? 2 : 1;
    for (int i = first; i < args.length; i++) {
      if (PASSES.containsKey(args[i]) || args[i].equals("-append") || args[i].equals("-truncate")) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code dfsio [TestDFSIO] -write -nrFiles 4 ...} as {@code dfsio write --files 4 ...}; others
   * unchanged.
   */
  static String[] rewrite(String[] args) {
    if (!matches(args)) {
      return args;
    }
    String pass = null;
    boolean policyGiven = false;
    List<String> options = new ArrayList<>();
    for (int i = args[1].equals("TestDFSIO") ? 2 : 1; i < args.length; i++) {
      String a = args[i];
      if (PASSES.containsKey(a)) {
        if (pass != null && !pass.equals(PASSES.get(a))) {
          throw new Refused(
              "hbload dfsio: TestDFSIO's " + a + " and -" + pass + " name two passes; give one");
        }
        pass = PASSES.get(a);
      } else if (UNSUPPORTED.containsKey(a)) {
        throw new Refused(UNSUPPORTED.get(a) + ": TestDFSIO's " + a + " is not supported");
      } else if (VALUED.containsKey(a)) {
        if (i + 1 >= args.length) {
          throw new Refused("hbload dfsio: TestDFSIO's " + a + " needs a value");
        }
        String value = args[++i];
        if (a.equals("-size") && value.matches("[0-9.]+")) {
          value = value + "m"; // TestDFSIO: a size without a unit is in MB
        }
        policyGiven |= a.equals("-erasureCodePolicy");
        options.add(VALUED.get(a));
        options.add(value);
      } else {
        options.add(a); // -D k=v, -conf and hbload's own options pass through as they are
      }
    }
    List<String> out = new ArrayList<>();
    out.add("dfsio");
    out.add(pass);
    if (!policyGiven && !pass.equals("clean")) {
      out.add("--policy"); // TestDFSIO writes with the cluster's replication unless told to
      // erasure-code
      out.add("REPLICATION");
    }
    out.addAll(options);
    return out.toArray(new String[0]);
  }
}
