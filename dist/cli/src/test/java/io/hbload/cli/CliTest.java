package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CliTest {
  @TempDir Path dir;

  static CommandOutput exec(String... args) {
    return CommandOutput.of(HbloadCommand.commandLine(), Main.ycsbForm(args));
  }

  @Test
  void runPrintsYcsbsReportOnStdoutAndExitsZero() {
    CommandOutput o = exec("run", "-w", "a", "-db", "basic", "-p", "operationcount=500");
    assertThat(o.exit()).isZero();
    assertThat(o.out()).startsWith("[OVERALL], RunTime(ms), ").contains("[READ], Return=OK, ");
    assertThat(o.err()).contains("Starting test.");
  }

  /**
   * {@code -w mixgraph_allrandom} on the memory store: the run loads its empty table, then its Gets
   * find their rows, and the report ends with what the run offered against what was configured.
   */
  @Test
  void mixgraphRunsFromItsBundledFile() {
    CommandOutput o =
        exec(
            "run",
            "-w",
            "mixgraph_allrandom",
            "-db",
            "memory",
            "-p",
            "table=cli_mixgraph",
            "-p",
            "operationcount=3000",
            "--seed",
            "7");
    assertThat(o.exit()).as(o.err()).isZero();
    assertThat(o.out())
        .contains("[READ], Return=OK, ", "[UPDATE], Return=OK, ", "[MIXGRAPH], KeyDistance, ")
        .doesNotContain("NOT_FOUND");
    assertThat(o.err()).doesNotContain("WARNING");
  }

  @Test
  void ycsbsRawClientFormAndPositionalDbWork() {
    assertThat(exec("-t", "-db", "basic", "-P", "../../workloads/workloadc").exit()).isZero();
    CommandOutput load =
        exec("-load", "-db", "basic", "-P", "../../workloads/workloada", "-threads", "2");
    assertThat(load.exit()).isZero();
    assertThat(load.out()).contains("[INSERT], Return=OK, 1000");
    assertThat(exec("run", "basic", "-w", "b").out()).contains("[OVERALL], Throughput(ops/sec), ");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "unknown workload|run -w z -db basic|unknown workload 'z'",
        "unreadable file|run -P /nonexistent/wl -db basic|/nonexistent/wl: no such file",
        "malformed -p|run -w a -db basic -p foo|-p foo: expected name=value",
        "proportions sum to 0|run -w a -db basic -p readproportion=0 -p updateproportion=0|property readproportion",
        "negative count|run -w a -db basic -p recordcount=-1|property recordcount: -1 is below the minimum 0",
        "negative threads|run -w a -db basic -threads -3|property threadcount",
        "unknown distribution|run -w a -db basic -p requestdistribution=pareto|property requestdistribution",
        "insert range|load -w a -db basic -p insertstart=900 -p insertcount=200|property insertcount",
        "bad number|run -w a -db basic -p operationcount=12x|property operationcount",
        "unknown binding|run -w a -db nosuchdb|property db: unknown binding 'nosuchdb'",
        "no workload|run -db basic|no workload",
        "mixgraph ranges|run -w mixgraph -db memory -p keyrange_num=0|property keyrange_num: 0 is below the minimum 1",
        "mixgraph hotness|run -w mixgraph_allrandom -db memory -p keyrange_dist_a=-14.18 -p keyrange_dist_c=0|property keyrange_dist_a: no key range is ever accessed",
        "mixgraph scale|run -w mixgraph_allrandom -db memory -p value_sigma=-1|property value_sigma: -1 must be > 0",
        "unknown option|run -w a --bogus|Unknown option: '--bogus'",
        "stray arguments|run basic extra -w a|Unmatched argument",
        "missing value|run -w|Missing required parameter",
        "bad exporter|run -w a -db basic -p exporter=foo|property exporter",
        "no grace|run -w a -db basic -p hbload.stopgrace=0|property hbload.stopgrace: 0 is below the minimum 1",
        "bad binding setting|run -w a -db basic -p basicdb.simulatedelay=soon|property basicdb.simulatedelay",
        "unwritable --json|run -w a -db basic --json /nonexistent/dir/a.json|property hbload.json (--json): cannot write /nonexistent/dir/a.json: directory /nonexistent/dir does not exist",
        "unwritable --hlog|run -w a -db basic --hlog /nonexistent/a.hlog|property hbload.hlog (--hlog): cannot write",
        "unwritable exportfile|run -w a -db basic -p exportfile=/nonexistent/r.txt|property exportfile: cannot write",
        "bad hbase settings|run -w a -p hbload.presplit=0 -p durability=often|property hbload.presplit: 0 is below",
        "principal without keytab|run -w a --principal client@EXAMPLE.COM|property principal: needs keytab too",
        "unreadable keytab|load -w a --principal c@E --keytab /nonexistent/c.keytab|property keytab: /nonexistent/c.keytab is not a readable file",
        "unreadable krb5.conf|run -w a --krb5-conf /nonexistent/krb5.conf|property hbload.krb5.conf: /nonexistent/krb5.conf is not a readable file",
        "ycsb keytab without principal|run -w a -p keytab=/etc/passwd|property keytab: needs principal too",
        "mapreduce principal alone|mapreduce run --clients 1 -w a --principal c@E|property principal: needs keytab too",
        "dfsio principal alone|dfsio write --principal c@E|--principal and --keytab go together",
        "dfsio unreadable keytab|dfsio read --fs hdfs://127.0.0.1:1 --principal c@E --keytab /nonexistent/k|--keytab /nonexistent/k is not a readable file",
        "dfsio unreadable krb5.conf|dfsio compare --fs hdfs://127.0.0.1:1 --krb5-conf /nonexistent/krb5|--krb5-conf /nonexistent/krb5 is not a readable file",
        "dfsio login on embedded HDFS|dfsio write --principal c@E --keytab /etc/passwd|need a configured secure HDFS",
        "dfsio conf dir without sites|dfsio write --conf /|configuration directory / has no core-site.xml or hdfs-site.xml",
        "embedded hdfs without kerberos|embedded --hdfs-datanodes 3|--hdfs-datanodes: only with --kerberos (dfsio starts its own plain HDFS",
        "embedded negative datanodes|embedded --kerberos --hdfs-datanodes -1|is out of range: a number, at least 0"
      })
  void badInputIsOneLineAndExitTwo(String what, String args, String message) {
    CommandOutput o = exec(args.split(" "));
    assertThat(o.exit()).as(what).isEqualTo(2);
    assertThat(o.errLines()).as(what).hasSize(1);
    assertThat(o.err())
        .as(what)
        .contains(message)
        .doesNotContain("Exception")
        .doesNotContain("\tat ");
    assertThat(o.out()).as(what).isEmpty();
  }

  @Test
  void trailingSpaceInAFileDoesNotCrash() throws Exception {
    Path wl =
        Files.writeString(
            dir.resolve("wl"),
            "workload=site.ycsb.workloads.CoreWorkload\nrecordcount=100 \n"
                + "operationcount=200 \nreadallfields=true \nreadproportion=1 \nupdateproportion=0\n");
    CommandOutput o = exec("run", "-P", wl.toString(), "-db", "basic");
    assertThat(o.exit()).isZero();
    assertThat(o.out()).contains("[READ], Return=OK, 200");
  }

  @Test
  void completionCoversEveryCommandAndOption() {
    CommandOutput o = exec("generate-completion");
    assertThat(o.exit()).isZero();
    assertThat(o.out())
        .contains(
            "complete -F",
            "dfsio",
            "coder-bench",
            "gc-tune",
            "embedded",
            "--heap",
            "--policy",
            "-threads",
            "--wait-for-compactions");
    assertThat(o.err()).isEmpty();
  }

  @Test
  void helpAndVersion() {
    CommandOutput help = exec("--help");
    assertThat(help.exit()).isZero();
    assertThat(help.out()).contains("load", "run", "Exit codes");
    CommandOutput runHelp = exec("run", "--help");
    assertThat(runHelp.out()).contains("-threads", "-target", "-P", "-p", "-db", "-w");
    CommandOutput version = exec("--version");
    assertThat(version.exit()).isZero();
    assertThat(version.out()).startsWith("hbload ");
  }

  @Test
  void goYcsbsLongFlagsWorkAndMisspeltOnesGetASuggestion() {
    CommandOutput o =
        exec(
            "run",
            "-w",
            "c",
            "-db",
            "basic",
            "--threads",
            "3",
            "--target",
            "2000",
            "--interval",
            "0.5",
            "-p",
            "operationcount=300");
    assertThat(o.exit()).as(o.err()).isZero();
    assertThat(o.err())
        .contains(", 3 threads")
        .contains(" sec: "); // --interval prints status lines
    assertThat(o.err()).contains("[READ] p99 from the intended start"); // throttled by --target
    CommandOutput typo = exec("run", "-w", "c", "-db", "basic", "--thread", "3");
    assertThat(typo.exit()).isEqualTo(2);
    assertThat(typo.err().lines().toList()).hasSize(1);
    assertThat(typo.err()).contains("--thread").contains("did you mean").contains("threads");
  }

  @Test
  void aMisspeltPropertyWarnsAndStrictRefusesIt() {
    CommandOutput warned =
        exec("run", "-w", "c", "-db", "basic", "-p", "operationcount=50", "-p", "feildcount=3");
    assertThat(warned.exit()).as(warned.err()).isZero();
    assertThat(warned.err())
        .contains(
            "WARNING: properties read by neither hbload nor the binding, so they have no "
                + "effect: feildcount (did you mean fieldcount?)");
    CommandOutput strict =
        exec(
            "run",
            "-w",
            "c",
            "-db",
            "basic",
            "-p",
            "operationcount=50",
            "-p",
            "feildcount=3",
            "--strict");
    assertThat(strict.exit()).isEqualTo(2);
    assertThat(strict.err().lines().toList()).hasSize(1);
    assertThat(strict.err()).contains("feildcount").contains("did you mean fieldcount?");
    assertThat(strict.out()).isEmpty();
  }

  @Test
  void noCommandIsAUsageError() {
    CommandOutput none = exec();
    assertThat(none.exit()).isEqualTo(2);
    assertThat(none.out()).isEmpty();
    assertThat(none.err())
        .startsWith("hbload: no command given; the commands are:")
        .contains("run", "load", "pe");
  }

  @Test
  void exportFileJsonAndHlogAreWritten() throws Exception {
    Path export = dir.resolve("report.txt");
    Path json = dir.resolve("r.json");
    Path hlog = dir.resolve("r.hlog");
    CommandOutput o =
        exec(
            "run",
            "-w",
            "a",
            "-db",
            "basic",
            "-p",
            "exportfile=" + export,
            "--json",
            json.toString(),
            "--hlog",
            hlog.toString());
    assertThat(o.exit()).isZero();
    assertThat(o.out()).isEmpty();
    assertThat(Files.readString(export)).startsWith("[OVERALL], RunTime(ms), ");
    assertThat(Files.readString(json)).startsWith("{\"tool\": \"hbload\"");
    assertThat(Files.readString(hlog)).contains("READ.service");
  }

  @Test
  void failOnErrorTurnsErrorsIntoExitOne() {
    String failing = FailingReads.class.getName();
    CommandOutput counted = exec("run", "-w", "c", "-db", failing, "-p", "operationcount=100");
    assertThat(counted.exit()).as("errors are results, not a failure, unless asked").isZero();
    assertThat(counted.out())
        .contains("[READ], Return=ERROR, 100", "[READ-FAILED], Operations, 100");
    CommandOutput failed =
        exec("run", "-w", "c", "-db", failing, "-p", "operationcount=100", "--fail-on-error");
    assertThat(failed.exit()).isEqualTo(1);
    assertThat(failed.out()).contains("[READ], Return=ERROR, 100");
    assertThat(failed.err()).contains("100 operations failed (--fail-on-error)");
    CommandOutput clean =
        exec(
            "run",
            "-w",
            "c",
            "-db",
            "memory",
            "-p",
            "recordcount=50",
            "-p",
            "operationcount=100",
            "--fail-on-error");
    assertThat(clean.exit()).isZero();
  }

  @Test
  void resultFilesHoldNoSecretAndArePrivate() throws Exception {
    Path json = dir.resolve("r.json");
    Path hlog = dir.resolve("r.hlog");
    CommandOutput o =
        exec(
            "run",
            "-w",
            "a",
            "-db",
            "basic",
            "-p",
            "operationcount=200",
            "-p",
            "hbase.zookeeper.sasl.password=s3cret-pw",
            "-p",
            "my.api.token=tok-123",
            "--json",
            json.toString(),
            "--hlog",
            hlog.toString());
    assertThat(o.exit()).isZero();
    for (Path f : List.of(json, hlog)) {
      assertThat(Files.readString(f)).doesNotContain("s3cret-pw").doesNotContain("tok-123");
      assertThat(
              java.nio.file.attribute.PosixFilePermissions.toString(
                  Files.getPosixFilePermissions(f)))
          .as("%s", f)
          .isEqualTo("rw-------");
    }
    assertThat(Files.readString(json))
        .contains("\"hbase.zookeeper.sasl.password\": \"<redacted>\"");
    try (java.util.stream.Stream<Path> left = Files.list(dir)) {
      assertThat(left)
          .as("no temp files left")
          .allMatch(p -> !p.getFileName().toString().endsWith(".partial"));
    }
  }

  @Test
  void aBindingThatCannotOpenIsOneLineAndExitTwo() {
    Path hlog = dir.resolve("never.hlog");
    CommandOutput withLog =
        exec(
            "run",
            "-w",
            "a",
            "-db",
            MissingTable.class.getName(),
            "--hlog",
            hlog.toString(),
            "--json",
            dir.resolve("never.json").toString());
    assertThat(withLog.exit()).isEqualTo(2);
    assertThat(hlog).as("no empty log is left behind").doesNotExist();
    assertThat(dir.resolve("never.json")).doesNotExist();
    CommandOutput o = exec("run", "-w", "a", "-db", MissingTable.class.getName());
    assertThat(o.exit()).isEqualTo(2);
    assertThat(o.errLines())
        .filteredOn(l -> l.startsWith("hbload run: "))
        .containsExactly(
            "hbload run: table usertable does not exist (create it with 'hbload load')");
    assertThat(o.err()).doesNotContain("Exception").doesNotContain("\tat ");
    assertThat(o.out()).isEmpty();
  }

  /** A provider whose cluster has no such table, as the HBase binding reports it. */
  public static final class MissingTable implements io.hbload.core.binding.BindingProvider {
    @Override
    public String name() {
      return "missing-table";
    }

    @Override
    public String description() {
      return "test";
    }

    @Override
    public io.hbload.core.binding.BindingSession open(io.hbload.core.binding.BindingContext context)
        throws io.hbload.core.binding.BindingException {
      throw new io.hbload.core.binding.BindingException(
          "table usertable does not exist (create it with 'hbload load')");
    }
  }

  /** A user binding given by class name whose reads fail, as a server in trouble would answer. */
  /** A binding with a bug: its reads throw an AssertionError, which no binding may do. */
  public static final class AssertingReads extends FailingReads {
    @Override
    public io.hbload.core.binding.Status read(
        String table,
        io.hbload.core.binding.Key key,
        io.hbload.core.binding.Fields fields,
        io.hbload.core.binding.RowSink result) {
      throw new AssertionError("a bug in the binding");
    }
  }

  @Test
  void aThrowingBindingOrAnIncompleteLoadExitsOneWithTheReport() {
    CommandOutput bug =
        exec("run", "-w", "c", "-db", AssertingReads.class.getName(), "-p", "operationcount=100");
    assertThat(bug.exit()).isEqualTo(1);
    assertThat(bug.err())
        .contains("hbload: run failed: worker 0: AssertionError: a bug in the binding");
    assertThat(bug.out()).contains("[OVERALL], RunTime(ms), ");
    CommandOutput cut =
        exec(
            "load",
            "-w",
            "a",
            "-db",
            "basic",
            "-p",
            "recordcount=1000000",
            "-p",
            "basicdb.simulatedelay=2",
            "-p",
            "basicdb.randomizedelay=false",
            "-p",
            "maxexecutiontime=1");
    assertThat(cut.exit()).isEqualTo(1);
    assertThat(cut.err())
        .contains(
            "hbload: load incomplete: maxexecutiontime of 1 s reached before the load finished");
    assertThat(cut.out()).contains("[INSERT], Return=OK, ");
  }

  @Test
  void aCallThatNeverReturnsIsCutOffAtTheTimeLimitWithTheReportAndExitOne() {
    CommandOutput o =
        exec(
            "run",
            "-w",
            "c",
            "-db",
            "basic",
            "-threads",
            "1",
            "-p",
            "basicdb.simulatedelay=3600000",
            "-p",
            "basicdb.randomizedelay=false",
            "-p",
            "maxexecutiontime=1",
            "-p",
            "hbload.stopgrace=1");
    assertThat(o.exit()).isEqualTo(1);
    assertThat(o.err())
        .contains(
            "hbload: run failed: 1 of 1 workers still in a binding call 1 s after the stop "
                + "(maxexecutiontime of 1 s reached; hbload.stopgrace): hbload-worker-0 in BasicBindingProvider$Basic.read");
    assertThat(o.out())
        .contains("[OVERALL], RunTime(ms), ")
        .contains("[OVERALL], StoppedEarly, 1 of 1 workers");
  }

  public static class FailingReads implements io.hbload.core.binding.Binding {
    @Override
    public io.hbload.core.binding.Status read(
        String table,
        io.hbload.core.binding.Key key,
        io.hbload.core.binding.Fields fields,
        io.hbload.core.binding.RowSink result) {
      return io.hbload.core.binding.Status.ERROR;
    }

    @Override
    public io.hbload.core.binding.Status scan(
        String table,
        io.hbload.core.binding.Key startKey,
        int recordCount,
        io.hbload.core.binding.Fields fields,
        io.hbload.core.binding.ScanSink result) {
      return io.hbload.core.binding.Status.ERROR;
    }

    @Override
    public io.hbload.core.binding.Status update(
        String table, io.hbload.core.binding.Key key, io.hbload.core.binding.Values values) {
      return io.hbload.core.binding.Status.OK;
    }

    @Override
    public io.hbload.core.binding.Status insert(
        String table, io.hbload.core.binding.Key key, io.hbload.core.binding.Values values) {
      return io.hbload.core.binding.Status.OK;
    }

    @Override
    public io.hbload.core.binding.Status delete(String table, io.hbload.core.binding.Key key) {
      return io.hbload.core.binding.Status.OK;
    }
  }

  /**
   * A report printed to a stdout that fails is lost: exit 1 and one line, not exit 0. Against the
   * kernel's {@code /dev/full}, which fails every write with ENOSPC (the jar's end-to-end test does
   * the same through a shell redirect).
   */
  @Test
  void aReportToAFullStdoutIsAFailure() throws Exception {
    java.io.File full = new java.io.File("/dev/full");
    org.junit.jupiter.api.Assumptions.assumeTrue(full.canWrite(), "no /dev/full here");
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    try (java.io.PrintStream stdout =
        new java.io.PrintStream(new java.io.FileOutputStream(full), false)) {
      java.io.PrintWriter out = new java.io.PrintWriter(stdout);
      out.println("[OVERALL], RunTime(ms), 1000");
      int exit = Main.afterOutput(0, out, stdout, new java.io.PrintStream(err, true));
      assertThat(exit).isEqualTo(1);
      assertThat(err.toString().lines())
          .containsExactly(
              "hbload: standard output could not be written (disk full or pipe closed): the report is lost");
      assertThat(
              Main.afterOutput(
                  2, out, stdout, new java.io.PrintStream(new java.io.ByteArrayOutputStream())))
          .as("bad input stays bad input")
          .isEqualTo(2);
    }
    java.io.PrintStream fine = new java.io.PrintStream(new java.io.ByteArrayOutputStream());
    assertThat(Main.afterOutput(0, new java.io.PrintWriter(fine), fine, fine)).isZero();
  }

  /**
   * Issue 32 §1, end to end: {@code --json /dev/null} is written through. Before the fix, as root
   * (as CI runs), the run renamed its result over the machine's {@code /dev/null}.
   */
  @Test
  void jsonToDevNullLeavesItACharacterDevice() throws Exception {
    Path devNull = Path.of("/dev/null");
    assumeTrue(fileType(devNull) == S_IFCHR, "/dev/null is a character device here");

    CommandOutput o =
        exec("run", "-w", "a", "-db", "basic", "-p", "operationcount=100", "--json", "/dev/null");

    assertThat(o.exit()).as(o.err()).isZero();
    assertThat(fileType(devNull)).as("/dev/null's file type").isEqualTo(S_IFCHR);
  }

  /** A socket is neither a file nor a stream hbload can open: bad input, before the run starts. */
  @Test
  void aSocketAsOutputIsBadInputBeforeTheRun() throws Exception {
    Path socket = dir.resolve("r.sock");
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      server.bind(UnixDomainSocketAddress.of(socket));

      CommandOutput o = exec("run", "-w", "a", "-db", "basic", "--hlog", socket.toString());

      assertThat(o.exit()).isEqualTo(2);
      assertThat(o.errLines())
          .singleElement(STRING)
          .contains("cannot write " + socket + ": not a regular file (a socket)");
      assertThat(o.err()).doesNotContain("Starting test.");
      assertThat(o.out()).isEmpty();
      assertThat(fileType(socket)).isEqualTo(S_IFSOCK);
    }
  }

  private static final int S_IFMT = 0170000;
  private static final int S_IFSOCK = 0140000;
  private static final int S_IFCHR = 0020000;

  /** The file type bits of {@code p} itself, not of what it links to. */
  private static int fileType(Path p) throws IOException {
    return (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS) & S_IFMT;
  }
}
