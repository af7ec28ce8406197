package io.hbload.hdfs.report;

import io.hbload.hdfs.coder.IsalLibrary;
import java.util.Date;
import java.util.Locale;

/**
 * TestDFSIO's result-log block ({@code TestDFSIO_results.log}) for one run, so existing scripts
 * that grep "Average IO rate mb/sec" keep working; hbload's extra fields follow the standard ones.
 * Stateless.
 */
public final class DfsioLog {
  private DfsioLog() {}

  public static String render(RunResult r) {
    String testName = r.phase().equals("write") ? "write" : "read";
    return "----- TestDFSIO ----- : "
        + testName
        + "\n"
        + line("Date & time", new Date(r.start().toEpochMilli()).toString())
        + line("Number of files", Integer.toString(r.files()))
        + line("Total MBytes processed", f(r.bytes() / 1048576.0))
        + line("Throughput mb/sec", f(r.throughputMiBps()))
        + line("Average IO rate mb/sec", f(r.avgIoRateMiBps()))
        + line("IO rate std deviation", f(r.ioRateStdDev()))
        + line("Test exec time sec", f(r.wallNanos() / 1e9))
        + line("Storage policy", r.policy())
        + line("Raw coder", r.coder())
        + line("ISA-L coder", IsalLibrary.status())
        + line("Degraded DataNodes", Integer.toString(r.dataNodesDown()))
        + line("Aggregate mb/sec", f(r.aggregateMiBps()))
        + line("Client CPU cores", f(r.cpuCores()))
        + line("EC decode ms", Long.toString(r.ecDecodeMillis()))
        + line("Mismatched bytes", Long.toString(r.mismatchedBytes()))
        + line("Load average", f(r.load1Start()) + " -> " + f(r.load1End()))
        + "\n";
  }

  private static String line(String name, String value) {
    return String.format(Locale.ROOT, "%23s: %s%n", name, value);
  }

  private static String f(double v) {
    return String.format(Locale.ROOT, "%.2f", v);
  }
}
