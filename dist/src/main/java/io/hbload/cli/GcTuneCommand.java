package io.hbload.cli;

import io.hbload.gc.ByteSize;
import io.hbload.gc.GcTuner;
import io.hbload.gc.HostResources;
import io.hbload.gc.InvalidInputException;
import io.hbload.gc.TuningInput;
import io.hbload.gc.TuningResult;
import io.hbload.gc.check.CheckReport;
import io.hbload.gc.check.FlagCheck;
import io.hbload.gc.check.FlagChecker;
import io.hbload.gc.format.OutputFormat;
import io.hbload.gc.gclog.EvacuationSummary;
import io.hbload.gc.gclog.GcLogReader;
import io.hbload.gc.jdk.JavaVersionProbe;
import io.hbload.gc.jdk.JdkRelease;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code hbload gc-tune}: G1 options for an HBase RegionServer (library: {@code io.hbload.gc}). Exit codes: 0 ok,
 * 1 {@code --check} found a flag that did not take, 2 bad input (one line on stderr, never a stack trace).
 * Every option is read as a string and validated in {@link #call()}, so a bad value gives the same one-line error
 * whether this command runs alone or under {@code hbload}; {@link #ONE_LINE_ERRORS} does the same for picocli's own
 * parse errors when installed on the enclosing {@link CommandLine}. An option given twice is not an error: the last
 * one wins, as with {@code -Xmx} on a java command line.
 * Not thread-safe (one instance per execution, as picocli uses it).
 */
@Command(name = "gc-tune", mixinStandardHelpOptions = true, sortOptions = false,
        modelTransformer = GcTuneCommand.LastOptionWins.class,
        description = {"G1 flags for an HBase RegionServer: the 2014 Intel method, JDK-aware, optionally measured from"
                + " your GC logs and checked on the target java."},
        footer = {"", "Examples:", "  hbload gc-tune --heap 100g --cpus 40 --jdk 17",
            "  hbload gc-tune --heap 32g --jdk 8 --format hbase-env",
            "  hbload gc-tune --heap 31g --gc-log gc.log gc.log.1 --explain",
            "  hbload gc-tune --heap 64g --java /usr/lib/jvm/temurin-25-jdk-amd64/bin/java --check",
            "", "Exit codes: 0 ok, 1 --check failed, 2 bad input."})
public class GcTuneCommand implements Callable<Integer> {
    static final String PREFIX = "hbload gc-tune: ";

    /** Prints picocli parse errors as one line and exits 2; install on the CommandLine that runs this command. */
    public static final CommandLine.IParameterExceptionHandler ONE_LINE_ERRORS = (ex, args) -> {
        ex.getCommandLine().getErr().println(PREFIX + ex.getMessage().replaceAll("\\s*\\R\\s*", " "));
        return 2;
    };

    @Spec
    CommandSpec spec;

    /** Lets a repeated option override the earlier one instead of failing with a multi-line usage error. */
    public static final class LastOptionWins implements CommandLine.IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec commandSpec) {
            commandSpec.parser().overwrittenOptionsAllowed(true);
            return commandSpec;
        }
    }

    @Option(names = "--heap", paramLabel = "SIZE", arity = "0..1", fallbackValue = "",
            description = "RegionServer heap, e.g. 32g or 31744m (-Xms = -Xmx). Required.")
    String heap;

    @Option(names = "--cpus", paramLabel = "N", arity = "0..1", fallbackValue = "",
            description = "Logical CPUs of the RegionServer host (default: this machine, container-aware: ${DEFAULT-VALUE}).")
    String cpus = Integer.toString(HostResources.availableProcessors());

    @Option(names = "--pause-ms", paramLabel = "MS", arity = "0..1", fallbackValue = "",
            description = "Pause goal, MaxGCPauseMillis (default: ${DEFAULT-VALUE}).")
    String pauseMs = Integer.toString(TuningInput.DEFAULT_PAUSE_MILLIS);

    @Option(names = "--jdk", paramLabel = "8|11|17|21|25", arity = "0..1", fallbackValue = "",
            description = "Target JDK (default: the JDK running hbload, or the one --java reports).")
    String jdk;

    @Option(names = "--java", paramLabel = "PATH", arity = "0..1", fallbackValue = "",
            description = "Target java binary: its version picks the flag set, and --check runs it.")
    String java;

    @Option(names = "--evacuation-rate", paramLabel = "GB/s", arity = "0..1", fallbackValue = "",
            description = "Eden evacuation rate in GB/s (default: the post's ~10, i.e. 1 GB per 100 ms).")
    String evacuationRate;

    @Option(names = "--gc-log", paramLabel = "FILE", arity = "0..*",
            description = "Measure the evacuation rate from these G1 logs (JDK 9+ -Xlog:gc* or JDK 8 PrintGCDetails).")
    List<String> gcLogs;

    @Option(names = "--bucketcache-size", paramLabel = "SIZE", arity = "0..1", fallbackValue = "",
            description = "Off-heap BucketCache size; sets MaxDirectMemorySize.")
    String bucketCache;

    @Option(names = "--log-file", paramLabel = "PATH", arity = "0..1", fallbackValue = "",
            description = "GC log file for the emitted logging options (default: ${DEFAULT-VALUE}).")
    String logFile = TuningInput.DEFAULT_GC_LOG_FILE;

    @Option(names = "--machine-memory", paramLabel = "SIZE", arity = "0..1", fallbackValue = "",
            description = "Memory of the RegionServer host, for the heap-too-large warning (default: this machine).")
    String machineMemory;

    @Option(names = "--format", paramLabel = "FMT", arity = "0..1", fallbackValue = "",
            description = "opts (default), hbase-env, jvm-options or json.")
    String format = "opts";

    @Option(names = "--explain", description = "Print each rule's decision and source (as # comments).")
    boolean explain;

    @Option(names = "--check", description = "Start the target java with the options and -XX:+PrintFlagsFinal and "
            + "confirm each flag took; exit 1 if not.")
    boolean check;

    @Unmatched
    List<String> unmatched = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            TuningResult result = GcTuner.tune(input(err));
            OutputFormat fmt = parseFormat();
            result.warnings().forEach(w -> err.println(PREFIX + "warning: " + w));
            out.print(fmt.render(result, explain));
            int rc = check ? runCheck(result, out) : 0;
            out.flush();
            err.flush();
            return rc;
        } catch (InvalidInputException e) {
            err.println(PREFIX + e.getMessage());
            err.flush();
            return 2;
        }
    }

    private TuningInput input(PrintWriter err) {
        if (!unmatched.isEmpty()) {
            throw new InvalidInputException("unknown option or argument '" + unmatched.get(0) + "' (see --help)");
        }
        if (heap == null) {
            throw new InvalidInputException("--heap is required (e.g. --heap 32g)");
        }
        TuningInput.Builder b = TuningInput.builder()
                .heapBytes(ByteSize.parse("--heap", heap))
                .cpus(parseInt("--cpus", cpus))
                .pauseMillis(parseInt("--pause-ms", pauseMs))
                .jdk(targetJdk())
                .gcLogFile(logFile)
                .machineMemoryBytes(machineMemory == null ? HostResources.totalMemoryBytes()
                        : ByteSize.parse("--machine-memory", machineMemory));
        if (bucketCache != null) {
            b.bucketCacheBytes(ByteSize.parse("--bucketcache-size", bucketCache));
        }
        if (evacuationRate != null && gcLogs != null) {
            throw new InvalidInputException("use either --evacuation-rate or --gc-log, not both");
        }
        if (evacuationRate != null) {
            b.evacuationRateGibPerSec(parseDouble("--evacuation-rate", evacuationRate));
        }
        if (gcLogs != null) {
            EvacuationSummary s = EvacuationSummary.of(GcLogReader.readAll(gcLogs.stream().map(Path::of).toList()));
            if (!s.enoughPauses()) {
                err.println(PREFIX + "warning: only " + s.n() + " usable young pauses (want "
                        + EvacuationSummary.MIN_PAUSES + "+): the measured rate is a weak estimate");
            }
            b.evacuationRate(s.rateGibPerSec(), s.describe());
        }
        return b.build();
    }

    private JdkRelease targetJdk() {
        JdkRelease fromFlag = jdk == null ? null : JdkRelease.parse(jdk);
        if (java == null) {
            if (fromFlag != null) {
                return fromFlag;
            }
            JdkRelease self = JdkRelease.of(Runtime.version().feature());
            if (!self.verified()) {
                throw new InvalidInputException("this JVM is " + self + "; pass --jdk 8|11|17|21|25 or --java PATH");
            }
            return self;
        }
        if (java.isBlank()) {
            throw new InvalidInputException("--java: missing path");
        }
        JdkRelease probed = JavaVersionProbe.probe(Path.of(java));
        if (fromFlag != null && fromFlag.feature() != probed.feature()) {
            throw new InvalidInputException("--jdk " + fromFlag.feature() + " but --java " + java + " is " + probed);
        }
        return probed;
    }

    private OutputFormat parseFormat() {
        try {
            return OutputFormat.fromCliName(format);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("--format: " + e.getMessage());
        }
    }

    private int runCheck(TuningResult result, PrintWriter out) {
        Path target = java != null ? Path.of(java) : Path.of(System.getProperty("java.home"), "bin", "java");
        Path work;
        try {
            work = Files.createTempDirectory("hbload-gc-check");
        } catch (IOException e) {
            throw new InvalidInputException("--check: cannot create a temp directory: " + e.getMessage(), e);
        }
        try {
            CheckReport r = FlagChecker.check(target, result, HostResources.totalMemoryBytes(), work);
            out.println("# check: " + r.java() + " (JDK " + r.actualFeature() + "), exit " + r.exitCode() + ": "
                    + (r.ok() ? "OK, every flag took its value from the command line" : "FAILED"));
            for (String o : r.omitted()) {
                out.println("#   left out: " + o);
            }
            for (FlagCheck c : r.checks()) {
                out.println("#   " + (c.ok() ? "ok   " : "FAIL ") + c.option()
                        + (c.flagName() == null ? "" : " -> " + c.flagName() + " = " + c.actual()) + " (" + c.note() + ")");
            }
            for (String f : r.findings()) {
                out.println("#   finding: " + f);
            }
            return r.ok() ? 0 : 1;
        } finally {
            deleteQuietly(work);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temp dir is harmless; the check result is what matters
        }
    }

    private static int parseInt(String option, String text) {
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw new InvalidInputException(option + ": '" + text + "' is not a whole number");
        }
    }

    private static double parseDouble(String option, String text) {
        try {
            return Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            throw new InvalidInputException(option + ": '" + text + "' is not a number");
        }
    }
}
