package io.hbload.cli;

import io.hbload.cli.contract.ExitCode;
import io.hbload.core.audit.AuditFile;
import io.hbload.core.audit.AuditReport;
import io.hbload.core.audit.ReadBack;
import io.hbload.core.binding.RunSession;
import io.hbload.core.config.OutputPaths;
import io.hbload.core.config.OutputTarget;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.PropertySources;
import io.hbload.core.config.SpecException;
import io.hbload.core.export.JsonResult;
import io.hbload.core.export.ResultOutputs;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.source.Workload;
import io.hbload.core.spec.RunSpec;
import io.hbload.hbase.config.HBaseProperties;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code hbload verify FILE}: the acknowledged-write audit of a run that wrote its remembered
 * writes with {@code --verify-file}, read back against the store afterwards; the same {@code
 * [VERIFY]} line and exit code as the run's own. The file says which table, key format and fields;
 * the options say which store.
 */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    versionProvider = HbloadCommand.VersionProvider.class,
    description =
        "Read the writes a run acknowledged (its --verify-file) back from the store: prints"
            + " [VERIFY], acknowledged N, present N, lost N, changed N, unknown N, unexpected N;"
            + " exit 1 when one is lost or changed.")
final class VerifyCommand implements Callable<Integer> {
  @Spec CommandSpec commandSpec;

  @Parameters(index = "0", paramLabel = "FILE", description = "What a run's --verify-file wrote")
  Path file;

  @Option(names = "-db", paramLabel = "DB", description = "Binding name or class (db)")
  String db;

  @Option(
      names = "-P",
      paramLabel = "FILE",
      description = "Property file with the binding's settings; repeatable, in order")
  List<Path> propertyFiles = new ArrayList<>();

  @Option(names = "-p", paramLabel = "NAME=VALUE", description = "Set a property; overrides files")
  List<String> properties = new ArrayList<>();

  @Option(
      names = {"-cp", "--hbase-conf"},
      paramLabel = "DIR",
      description = "HBase configuration directory (with hbase-site.xml)")
  String hbaseConf;

  @Option(
      names = "--zk",
      paramLabel = "HOST:PORT",
      description = "ZooKeeper quorum of the HBase cluster")
  String zk;

  @Mixin KerberosOptions kerberos = new KerberosOptions();

  @Option(
      names = {"-threads", "--threads"},
      paramLabel = "N",
      description =
          "Reading threads: threadcount x hbload.inflight, from 8 to 64 (threadcount, default 1)")
  String threads;

  @Option(
      names = "--json",
      paramLabel = "FILE",
      description =
          "Also write the result as JSON (the verify object of a run's --json). "
              + OutputTarget.SPECIAL_FILES)
  Path json;

  @Override
  public Integer call() throws Exception {
    PrintStream err = PhaseCommand.WriterStream.printStream(commandSpec.commandLine().getErr());
    PrintStream out = PhaseCommand.WriterStream.printStream(commandSpec.commandLine().getOut());
    if (!Files.isRegularFile(file)) {
      throw new SpecException(file + ": no such file (write one with --verify-file)");
    }
    AuditFile.Contents contents;
    try {
      contents = AuditFile.read(file);
    } catch (IOException e) {
      throw new SpecException(e.getMessage());
    }
    RunSpec spec = SpecParser.parse(properties(contents.properties()), Phase.RUN);
    if (!spec.binding().provider().readsBack()) {
      throw new SpecException(
          "the "
              + spec.binding().provider().name()
              + " binding cannot read back what was written; hbload verify needs one that keeps"
              + " the data (memory, hbase)");
    }
    if (json != null) {
      String problem = OutputPaths.problem(json);
      if (problem == null) {
        problem = OutputPaths.clash(json, List.of(file));
      }
      if (problem != null) {
        throw new SpecException("--json " + problem);
      }
    }
    // the output reserved before the read-back: a file system that refuses it is found first
    try (ResultOutputs outputs = ResultOutputs.reserve(json)) {
      return verify(spec, contents, outputs, out, err);
    }
  }

  private int verify(
      RunSpec spec,
      AuditFile.Contents contents,
      ResultOutputs outputs,
      PrintStream out,
      PrintStream err)
      throws Exception {
    Workload<?, ?> workload = spec.binding().open(spec.bindingContext(err));
    RunSession session = workload.session();
    AuditReport report;
    try {
      report = ReadBack.of(contents.set(), spec, workload, err).run();
    } finally {
      session.close();
    }
    out.println("[VERIFY], " + report.summary());
    if (json != null) {
      byte[] bytes =
          (JsonResult.renderVerify(file.toString(), report) + System.lineSeparator())
              .getBytes(java.nio.charset.StandardCharsets.UTF_8);
      try {
        outputs.write(json, o -> o.write(bytes));
      } catch (IOException e) {
        err.println("hbload: " + e.getMessage());
        return ExitCode.FAILURE;
      }
    }
    if (!report.passed()) {
      err.println("hbload: " + report.failure() + " (" + file + ")");
      return ExitCode.FAILURE;
    }
    return ExitCode.OK;
  }

  /**
   * The binding's settings from the options, and the file's table, key format and fields over them:
   * the keys are read back as they were written.
   */
  private Map<String, String> properties(Map<String, String> written) {
    PropertySources sources = new PropertySources();
    propertyFiles.forEach(sources::file);
    properties.forEach(sources::setPair);
    if (db != null) {
      sources.set(PropertyNames.DB, db);
    }
    if (threads != null) {
      sources.set(PropertyNames.THREADS, threads);
    }
    if (hbaseConf != null) {
      sources.set(HBaseProperties.HBASE_CONF_DIR, hbaseConf);
    }
    if (zk != null) {
      sources.set(HBaseProperties.ZK, zk);
    }
    kerberos.properties().forEach(sources::set);
    written.forEach(sources::set);
    Map<String, String> merged = sources.merge();
    merged.putIfAbsent(PropertyNames.DB, PhaseOptions.defaultBinding());
    return merged;
  }
}
