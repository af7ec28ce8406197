package io.hbload.cli;

import io.hbload.cli.contract.ByteSizeConverter;
import io.hbload.cli.contract.ExitCode;
import io.hbload.gc.HostResources;
import io.hbload.gc.InvalidInputException;
import io.hbload.gc.JdkRelease;
import io.hbload.gc.TuningInput;
import io.hbload.gc.TuningResult;
import io.hbload.gc.check.CheckReport;
import io.hbload.gc.check.TempDirCheck;
import io.hbload.gc.format.OutputFormat;
import io.hbload.gc.gclog.EvacuationSummary;
import io.hbload.gc.gclog.GcLogReader;
import io.hbload.gc.jdk.JavaVersionProbe;
import io.hbload.gc.tune.GcTuner;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hbload gc-tune}: G1 options for an HBase RegionServer. The work is gc-tuner's ({@code
 * io.hbload.gc}); this class turns options into a {@link TuningInput} and prints what gc-tuner
 * renders. Bad input is thrown (picocli's parameter errors, or {@link InvalidInputException} for
 * what spans options) and printed by the root command line's error handler as one line with exit 2;
 * a failed {@code --check} is exit 1. Not thread-safe (one instance per execution, as picocli uses
 * it).
 */
@Command(
    name = "gc-tune",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Compute G1 flags for an HBase RegionServer: the 2014 Intel method, JDK-aware, optionally"
          + " measured from your GC logs and checked on the target java."
    },
    footer = {
      "",
      "Examples:",
      "  hbload gc-tune --heap 100g --cpus 40 --jdk 17",
      "  hbload gc-tune --heap 32g --jdk 8 --format hbase-env",
      "  hbload gc-tune --heap 31g --gc-log gc.log gc.log.1 --explain",
      "  hbload gc-tune --heap 64g --java /usr/lib/jvm/temurin-25-jdk-amd64/bin/java --check",
      "",
      "Exit codes: 0 ok, 1 --check failed, 2 bad input."
    })
public class GcTuneCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--heap",
      paramLabel = "SIZE",
      required = true,
      converter = ByteSizeConverter.class,
      description = "RegionServer heap, e.g. 32g or 31744m (-Xms = -Xmx). Required.")
  long heapBytes;

  @Option(
      names = "--cpus",
      paramLabel = "N",
      description =
          "Logical CPUs of the RegionServer host (default: this machine, container-aware: ${DEFAULT-VALUE}).")
  int cpus = HostResources.availableProcessors();

  @Option(
      names = "--pause-ms",
      paramLabel = "MS",
      description = "Pause goal, MaxGCPauseMillis (default: ${DEFAULT-VALUE}).")
  int pauseMillis = TuningInput.DEFAULT_PAUSE_MILLIS;

  @Option(
      names = "--jdk",
      paramLabel = "8|11|17|21|25",
      converter = GcTuneConverters.Jdk.class,
      description = "Target JDK (default: the JDK running hbload, or the one --java reports).")
  JdkRelease jdk;

  @Option(
      names = "--java",
      paramLabel = "PATH",
      description = "Target java binary: its version picks the flag set, and --check runs it.")
  Path java;

  @Option(
      names = "--evacuation-rate",
      paramLabel = "GB/s",
      description = "Eden evacuation rate in GB/s (default: the post's ~10, i.e. 1 GB per 100 ms).")
  Double evacuationRateGibPerSec;

  @Option(
      names = "--gc-log",
      paramLabel = "FILE",
      arity = "1..*",
      description =
          "Measure the evacuation rate from these G1 logs (JDK 9+ -Xlog:gc* or JDK 8 PrintGCDetails).")
  List<Path> gcLogs;

  @Option(
      names = "--bucketcache-size",
      paramLabel = "SIZE",
      converter = ByteSizeConverter.class,
      description = "Off-heap BucketCache size; sets MaxDirectMemorySize.")
  long bucketCacheBytes;

  // A String, not a Path: it names a file on the RegionServer host and is emitted into the options
  // verbatim.
  @Option(
      names = "--log-file",
      paramLabel = "PATH",
      description =
          "GC log file for the emitted logging options (default: ${DEFAULT-VALUE}); its directory must"
              + " exist where the JVM runs, or the JVM does not start; %%p in it is the JVM's pid.")
  String logFile = TuningInput.DEFAULT_GC_LOG_FILE;

  // Null until given: measuring this machine costs a management bean, which other hbload commands
  // need not load.
  @Option(
      names = "--machine-memory",
      paramLabel = "SIZE",
      converter = ByteSizeConverter.class,
      description =
          "Memory of the RegionServer host, for the heap-too-large warning (default: this machine).")
  Long machineMemoryBytes;

  @Option(
      names = "--format",
      paramLabel = "FMT",
      converter = GcTuneConverters.Format.class,
      completionCandidates = GcTuneConverters.FormatNames.class,
      description = "opts (default), hbase-env, jvm-options or json.")
  OutputFormat format = OutputFormat.OPTS;

  @Option(
      names = "--explain",
      description = "Print each rule's decision and source (as # comments).")
  boolean explain;

  @Option(
      names = "--check",
      description =
          "Start the target java with the options and -XX:+PrintFlagsFinal and "
              + "confirm each flag took; exit 1 if not.")
  boolean check;

  @Override
  public Integer call() {
    List<String> warnings = new ArrayList<>();
    TuningResult result = GcTuner.tune(input(warnings));
    warnings.addAll(result.warnings());
    PrintWriter err = spec.commandLine().getErr();
    warnings.forEach(w -> err.println(spec.qualifiedName(" ") + ": warning: " + w));
    err.flush();
    PrintWriter out = spec.commandLine().getOut();
    out.print(format.render(result, explain));
    int exit = ExitCode.OK;
    if (check) {
      Path target = java != null ? java : Path.of(System.getProperty("java.home"), "bin", "java");
      CheckReport report = TempDirCheck.run(target, result, HostResources.totalMemoryBytes());
      out.print(report.render());
      exit = report.ok() ? ExitCode.OK : ExitCode.FAILURE;
    }
    out.flush();
    return exit;
  }

  /**
   * The options as gc-tuner's input; a measurement caveat goes to {@code warnings}, printed only if
   * all is valid.
   */
  private TuningInput input(List<String> warnings) {
    if (evacuationRateGibPerSec != null && gcLogs != null) {
      throw new InvalidInputException("use either --evacuation-rate or --gc-log, not both");
    }
    TuningInput.Builder b =
        TuningInput.builder()
            .heapBytes(heapBytes)
            .cpus(cpus)
            .pauseMillis(pauseMillis)
            .jdk(targetJdk())
            .bucketCacheBytes(bucketCacheBytes)
            .gcLogFile(logFile)
            .machineMemoryBytes(
                machineMemoryBytes != null ? machineMemoryBytes : HostResources.totalMemoryBytes());
    if (evacuationRateGibPerSec != null) {
      b.evacuationRateGibPerSec(evacuationRateGibPerSec);
    }
    if (gcLogs != null) {
      EvacuationSummary measured = EvacuationSummary.of(GcLogReader.readAll(gcLogs));
      measured.weakEstimateWarning().ifPresent(warnings::add);
      b.evacuationRate(measured.rateGibPerSec(), measured.describe());
    }
    return b.build();
  }

  /**
   * A binary's own version beats --jdk, so the two must agree; with neither, the JVM running
   * hbload, if verified.
   */
  private JdkRelease targetJdk() {
    if (java != null) {
      JdkRelease probed = JavaVersionProbe.probe(java);
      if (jdk != null && jdk.feature() != probed.feature()) {
        throw new InvalidInputException(
            "--jdk " + jdk.feature() + " but --java " + java + " is " + probed);
      }
      return probed;
    }
    if (jdk != null) {
      return jdk;
    }
    JdkRelease self = JdkRelease.of(Runtime.version().feature());
    if (!self.verified()) {
      throw new InvalidInputException(
          "this JVM is " + self + "; pass --jdk 8|11|17|21|25 or --java PATH");
    }
    return self;
  }
}
