package io.hbload.cli;

import io.hbload.cli.contract.ExitCode;
import io.hbload.core.RunResult;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.binding.Bindings;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.PropertySources;
import io.hbload.core.config.RunSpec;
import io.hbload.core.config.SpecException;
import io.hbload.core.config.SpecParser;
import io.hbload.core.exec.RunListener;
import io.hbload.core.exec.Runner;
import io.hbload.core.export.HlogWriter;
import io.hbload.core.export.JsonResult;
import io.hbload.core.export.ReportWriter;
import io.hbload.core.export.StatusLine;
import io.hbload.core.export.Version;
import io.hbload.core.export.YcsbReport;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What {@code load} and {@code run} share: YCSB Client's flags turned into properties with YCSB's
 * precedence, the spec parse, the run with status lines and logs, the report, and the exit code.
 */
abstract class PhaseCommand implements Callable<Integer> {
  @Spec
  CommandSpec commandSpec;

  @Parameters(index = "0", arity = "0..1", paramLabel = "DB",
      description = "Binding, as YCSB's 'bin/ycsb run <db>': basic, memory, hbase (or hbase20, ...), or a class")
  String positionalDb;

  @Option(names = {"-w", "--workload"}, paramLabel = "NAME",
      description = "Bundled workload: a, b, c, d, e, f, updateonly (same values as YCSB's workload files)")
  String workload;

  @Option(names = "-P", paramLabel = "FILE", description = "Workload property file (YCSB format); repeatable, in order")
  List<Path> propertyFiles = new ArrayList<>();

  @Option(names = "-p", paramLabel = "NAME=VALUE", description = "Set a property; overrides files")
  List<String> properties = new ArrayList<>();

  @Option(names = "-threads", paramLabel = "N", description = "Client threads (threadcount)")
  String threads;

  @Option(names = "-target", paramLabel = "OPS", description = "Target operations/s for the whole client (target)")
  String target;

  @Option(names = "-s", description = "Print a status line every status.interval seconds to stderr")
  boolean status;

  @Option(names = "-l", paramLabel = "LABEL", description = "Prefix for status lines (label)")
  String label;

  @Option(names = "-db", paramLabel = "DB", description = "Binding name or class (db)")
  String db;

  @Option(names = {"-cp", "--hbase-conf"}, paramLabel = "DIR",
      description = "HBase configuration directory (with hbase-site.xml), as YCSB users pass -cp /etc/hbase/conf")
  String hbaseConf;

  @Option(names = "--zk", paramLabel = "HOST:PORT", description = "ZooKeeper quorum of the HBase cluster")
  String zk;

  @Option(names = "--wait-for-compactions",
      description = "HBase: after load, wait for compactions to finish; before run, flush first "
          + "(hbload.waitforcompactions)")
  boolean waitForCompactions;

  @Option(names = "--json", paramLabel = "FILE", description = "Write hbload's JSON result here (hbload.json)")
  String json;

  @Option(names = "--hlog", paramLabel = "FILE",
      description = "Write a tagged HdrHistogram interval log here (hbload.hlog)")
  String hlog;

  @Option(names = "--seed", paramLabel = "N", description = "Seed every random choice (hbload.seed)")
  String seed;

  @Option(names = "--fail-on-error", description = "Exit 1 when any operation failed (hbload.failonerror)")
  boolean failOnError;

  abstract Phase phase();

  @Override
  public Integer call() throws Exception {
    PrintStream err = new PrintStream(new WriterStream(commandSpec.commandLine().getErr()), true,
        StandardCharsets.UTF_8);
    PrintStream out = new PrintStream(new WriterStream(commandSpec.commandLine().getOut()), true,
        StandardCharsets.UTF_8);
    RunSpec spec = SpecParser.parse(properties(), phase());
    BindingProvider provider = Bindings.find(spec.binding());
    err.println("hbload " + Version.get() + " (YCSB 0.17.0 compatible), binding " + provider.name() + ", "
        + spec.phase().name().toLowerCase() + " phase, " + spec.threads() + " threads");
    spec.notes().forEach(err::println);
    err.println("Loading workload...");
    err.println("Starting test.");
    List<RunListener> listeners = new ArrayList<>();
    listeners.add(new StatusLine(err));
    HlogWriter hlog = spec.hlogFile() == null ? null : new HlogWriter(spec.hlogFile());
    if (hlog != null) {
      listeners.add(hlog);
    }
    Runner runner = new Runner(spec, provider, err, RunListener.all(listeners));
    CountDownLatch reported = new CountDownLatch(1);
    Thread hook = new Thread(() -> {
      runner.requestStop("interrupted");
      try {
        // Keep the JVM alive until the report of what was done is out.
        reported.await(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "hbload-interrupt");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      RunResult result;
      try {
        result = runner.run();
      } finally {
        if (hlog != null) {
          hlog.close();
        }
      }
      report(spec, result, out);
      return exitCode(spec, result, runner, err);
    } finally {
      reported.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running: it is waiting for the countDown above
      }
    }
  }

  private void report(RunSpec spec, RunResult result, PrintStream out) throws IOException {
    List<io.hbload.core.export.ReportRecord> records = YcsbReport.records(result);
    if (spec.exportFile() != null) {
      try (PrintStream file = new PrintStream(Files.newOutputStream(spec.exportFile()), true, StandardCharsets.UTF_8)) {
        ReportWriter.write(records, spec.exporter(), file);
      }
    } else {
      ReportWriter.write(records, spec.exporter(), out);
    }
    if (spec.jsonFile() != null) {
      Files.writeString(spec.jsonFile(), JsonResult.render(result) + System.lineSeparator());
    }
  }

  private static int exitCode(RunSpec spec, RunResult result, Runner runner, PrintStream err) {
    if (runner.failed()) {
      err.println("hbload: run failed: " + result.stopReason());
      return ExitCode.FAILURE;
    }
    if ("interrupted".equals(result.stopReason())) {
      return ExitCode.INTERRUPTED;
    }
    if (spec.failOnErrors() && result.errorCount() > 0) {
      err.println("hbload: " + result.errorCount() + " operations failed (--fail-on-error)");
      return ExitCode.FAILURE;
    }
    return ExitCode.OK;
  }

  /** Files first (-w, then -P in order), then every command-line setting, as YCSB merges them. */
  java.util.Map<String, String> properties() {
    PropertySources sources = new PropertySources();
    if (workload != null) {
      sources.bundled(workload);
    }
    propertyFiles.forEach(sources::file);
    if (positionalDb != null) {
      sources.set(PropertyNames.DB, positionalDb);
    }
    for (String pair : properties) {
      sources.setPair(pair);
    }
    setIf(sources, PropertyNames.THREADS, threads);
    setIf(sources, PropertyNames.TARGET, target);
    setIf(sources, PropertyNames.LABEL, label);
    setIf(sources, PropertyNames.DB, db);
    setIf(sources, PropertyNames.JSON_FILE, json);
    setIf(sources, PropertyNames.HLOG_FILE, hlog);
    setIf(sources, PropertyNames.SEED, seed);
    setIf(sources, "hbload.hbase.conf", hbaseConf);
    setIf(sources, "hbload.zk", zk);
    if (status) {
      sources.set(PropertyNames.STATUS, "true");
    }
    if (waitForCompactions) {
      sources.set("hbload.waitforcompactions", "true");
    }
    if (failOnError) {
      sources.set(PropertyNames.FAIL_ON_ERROR, "true");
    }
    if (workload == null && propertyFiles.isEmpty()) {
      throw new SpecException("no workload: give -w a|b|c|d|e|f|updateonly or -P FILE");
    }
    java.util.Map<String, String> merged = sources.merge();
    merged.putIfAbsent(PropertyNames.DB, defaultBinding());
    return merged;
  }

  /** hbase (on the embedded cluster when none is configured) when built in, else the no-op binding. */
  static String defaultBinding() {
    return Bindings.available().stream().anyMatch(p -> p.name().equals("hbase")) ? "hbase" : "basic";
  }

  private static void setIf(PropertySources sources, String key, String value) {
    if (value != null) {
      sources.set(key, value);
    }
  }

  /** Adapts picocli's writers (which tests capture) to the PrintStreams the engine writes to. */
  static final class WriterStream extends OutputStream {
    private final java.io.PrintWriter writer;

    WriterStream(java.io.PrintWriter writer) {
      this.writer = writer;
    }

    @Override
    public void write(int b) {
      writer.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      writer.write(new String(b, off, len, StandardCharsets.UTF_8));
    }

    @Override
    public void flush() {
      writer.flush();
    }
  }

}
