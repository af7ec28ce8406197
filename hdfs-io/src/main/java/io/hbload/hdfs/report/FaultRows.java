package io.hbload.hdfs.report;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The text report's rows for passes with DataNodes stopped in their middle ({@link
 * DataNodeFaultResult}), "-" in the columns of passes without, and the notes under the table: how
 * each DataNode was stopped, and the HDFS settings that paced the repair. Stateless.
 */
final class FaultRows {
  private FaultRows() {}

  static void add(List<String[]> rows, List<RunResult> runs) {
    rows.add(
        row(
            "DataNodes stopped",
            runs,
            f -> f.stopped().isEmpty() ? "none" : String.join(", ", f.stopped())));
    rows.add(
        row(
            "stopped at s",
            runs,
            f ->
                f.injectedAtSeconds() < 0
                    ? "not stopped"
                    : TextReport.f(f.injectedAtSeconds(), 1) + (f.stoppedOk() ? "" : " (FAILED)")));
    rows.add(row("healthy MiB/s", runs, f -> TextReport.f(f.healthy().mibPerSec(), 1)));
    rows.add(
        row(
            "degraded MiB/s",
            runs,
            f ->
                TextReport.f(f.degraded().mibPerSec(), 1)
                    + " ("
                    + TextReport.f(100 * f.throughputRatio(), 0)
                    + " %)"));
    rows.add(row("healthy p50/p99 ms", runs, f -> millis(f.healthy())));
    rows.add(row("degraded p50/p99 ms", runs, f -> millis(f.degraded())));
    rows.add(row("missing units at fault", runs, f -> Long.toString(f.missingUnitsAtFault())));
    rows.add(
        row(
            "declared dead at s",
            runs,
            f ->
                f.nameNodeNoticedSeconds() < 0
                    ? "no"
                    : TextReport.f(f.nameNodeNoticedSeconds(), 1)));
    rows.add(row("full redundancy", runs, DataNodeFaultResult::fullRedundancyText));
    rows.add(
        rowRun(
            "reconstruction MiB/s",
            runs,
            r ->
                TextReport.f(r.dataNodeFault().get().reconstructionMiBps(r.wallNanos() / 1e9), 1)));
    rows.add(
        row(
            "DN EC rebuilt / replicated",
            runs,
            f ->
                f.dataNodeCounters().isEmpty()
                    ? "not read (DataNodes not in this JVM)"
                    : mib(f.dataNodeCounters().getOrDefault("EcReconstructionBytesWritten", 0L))
                        + " MiB in "
                        + f.dataNodeCounters().getOrDefault("EcReconstructionTasks", 0L)
                        + " tasks / "
                        + f.dataNodeCounters().getOrDefault("BlocksReplicated", 0L)
                        + " blocks"));
  }

  /** How each DataNode was stopped, and the settings that paced the repair, once. */
  static void notes(StringBuilder out, List<RunResult> runs) {
    Optional<DataNodeFaultResult> any = Optional.empty();
    for (RunResult r : runs) {
      if (r.dataNodeFault().isEmpty()) {
        continue;
      }
      any = r.dataNodeFault();
      for (String line : r.dataNodeFault().get().howStopped()) {
        out.append(r.label()).append(": ").append(line).append('\n');
      }
    }
    any.ifPresent(
        f -> {
          out.append(
              "full redundancy: every block of the files has all its units on live DataNodes"
                  + " again (NameNode block locations, stopped DataNodes left out); the NameNode"
                  + " declares a stopped DataNode dead after 2 x recheck-interval + 10 x heartbeat"
                  + " interval, and repairs only then\n");
          out.append("settings pacing detection and repair (change with -D):");
          for (Map.Entry<String, String> e : f.throttles().entrySet()) {
            out.append(' ').append(e.getKey()).append('=').append(e.getValue());
          }
          out.append('\n');
        });
  }

  private static String millis(DataNodeFaultResult.Window w) {
    return w.calls() == 0
        ? "no calls"
        : TextReport.f(w.p50Micros() / 1000.0, 2) + " / " + TextReport.f(w.p99Micros() / 1000.0, 2);
  }

  private static String mib(long bytes) {
    return TextReport.f(bytes / 1048576.0, 1);
  }

  private static String[] row(
      String name, List<RunResult> runs, Function<DataNodeFaultResult, String> cell) {
    return rowRun(name, runs, r -> cell.apply(r.dataNodeFault().get()));
  }

  private static String[] rowRun(
      String name, List<RunResult> runs, Function<RunResult, String> cell) {
    return TextReport.row(name, runs, r -> r.dataNodeFault().isPresent() ? cell.apply(r) : "-");
  }
}
