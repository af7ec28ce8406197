package io.hbload.cli;

import static io.hbload.core.testing.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.contract.ExitCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * The one CLI contract, across every subcommand: bad input goes through the single handler and
 * comes out as exit 2 and exactly one stderr line, {@code hbload <command path>: ...}, with nothing
 * on stdout and no stack trace. The cases per command are in CliTest, DfsioBadInputTest and
 * GcTuneCommandTest; this test walks the whole command tree so that a new subcommand is covered the
 * day it is added.
 */
class BadInputContractTest {
  /** A path that must not exist before or after a refused suite. */
  static final String NOWHERE =
      System.getProperty("java.io.tmpdir") + "/hbload-badinput-never-created";

  /** An existing directory with a file in it and no suite manifest. */
  static final String NOT_A_SUITE = notASuite();

  private static String notASuite() {
    try {
      java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("hbload-not-a-suite");
      java.nio.file.Files.writeString(dir.resolve("keep.txt"), "user data");
      dir.toFile().deleteOnExit();
      dir.resolve("keep.txt").toFile().deleteOnExit();
      return dir.toString();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Bad input every command must reject the same way. */
  static Stream<Arguments> everyCommand() {
    List<Arguments> out = new ArrayList<>();
    for (List<String> path : commandPaths(HbloadCommand.commandLine(), new ArrayList<>())) {
      out.add(Arguments.of(path, "--no-such-option"));
    }
    return out.stream();
  }

  /** Typed values and command-specific checks, one or more per subcommand. */
  static Stream<Arguments> typedValues() {
    return Stream.of(
        Arguments.of(List.of("run"), "-w a -db basic -p recordcount=x"),
        Arguments.of(List.of("load"), "-w a -db basic -p basicdb.simulatedelay=soon"),
        Arguments.of(List.of("run"), "-w a -p hbload.presplit=0"),
        Arguments.of(List.of("embedded"), "--regionservers 0"),
        Arguments.of(List.of("embedded"), "--seconds soon"),
        Arguments.of(List.of("dfsio", "write"), "--size lots"),
        Arguments.of(List.of("dfsio", "read"), "--policy RS-99-1-1024k"),
        Arguments.of(List.of("dfsio", "compare"), "--format xml"),
        Arguments.of(List.of("dfsio", "clean"), "--datanodes many"),
        Arguments.of(List.of("dfsio", "coder-bench"), "--cell 128m"),
        Arguments.of(List.of("gc-tune"), "--heap 32x"),
        Arguments.of(List.of("gc-tune"), "--heap 32g --format yaml"),
        Arguments.of(List.of("generate-completion"), "extra"),
        Arguments.of(List.of("run"), "-w a -db basic --shard 2/2"),
        // -target schedules, --time-scale and --slo: refused before anything starts
        Arguments.of(List.of("run"), "-w a -db basic -target ramp:100..5000"),
        Arguments.of(List.of("run"), "-w a -db basic -target ramp:0..5000/10m"),
        Arguments.of(List.of("run"), "-w a -db basic -target 1000@60s,,2000@60s"),
        Arguments.of(List.of("run"), "-w a -db basic -target 1000@soon"),
        Arguments.of(List.of("run"), "-w a -db basic -target -100@60s"),
        Arguments.of(List.of("run"), "-w a -db basic -target sine:mean=100,amp=200,period=1h"),
        Arguments.of(List.of("run"), "-w a -db basic -target @/nonexistent/rates.csv"),
        Arguments.of(List.of("run"), "-w a -db basic -target @" + DAMAGED_RATES),
        Arguments.of(List.of("run"), "-w a -db basic -target ramp:1..2/1m --time-scale 0"),
        Arguments.of(List.of("run"), "-w a -db basic -target 100 --slo p99<10"),
        Arguments.of(List.of("run"), "-w c -db basic -target 1000@5s --find-max p99<10ms"),
        Arguments.of(List.of("load"), "-w a -db basic -target fast"),
        Arguments.of(List.of("load"), "-w a -db basic --start-at tomorrow"),
        Arguments.of(List.of("merge"), "/nonexistent/run-0.hlog"),
        Arguments.of(List.of("compare"), "/nonexistent/a.json /nonexistent/b.json"),
        Arguments.of(List.of("compare"), "only-one.json"),
        // mapreduce: every one of these must be refused before any cluster starts
        Arguments.of(List.of("mapreduce"), "nosuchcommand"),
        Arguments.of(List.of("mapreduce", "run"), "-w a --clients 0"),
        Arguments.of(List.of("mapreduce", "run"), "-w a"),
        Arguments.of(List.of("mapreduce", "load"), "-w a --clients 2 -p recordcount=x"),
        Arguments.of(List.of("mapreduce", "load"), "-w a --clients 3 -p recordcount=2"),
        Arguments.of(List.of("mapreduce", "run"), "-w a --clients 2 --shard 0/2"),
        Arguments.of(
            List.of("mapreduce", "run"), "-w a --clients 2 --hadoop-conf /nonexistent/conf"),
        Arguments.of(List.of("mapreduce", "run"), "-w a --clients 2 --start-delay soon"),
        // mapreduce pe: PE's commands, nclients and options as pe refuses them, and the job's own
        Arguments.of(List.of("mapreduce", "pe"), "noSuchTest 2"),
        Arguments.of(List.of("mapreduce", "pe"), "sequentialWrite 0"),
        Arguments.of(List.of("mapreduce", "pe"), "sequentialWrite 501"),
        Arguments.of(List.of("mapreduce", "pe"), "sequentialWrite two"),
        Arguments.of(List.of("mapreduce", "pe"), "sequentialWrite"),
        Arguments.of(List.of("mapreduce", "pe"), "--rows=abc sequentialWrite 2"),
        Arguments.of(List.of("mapreduce", "pe"), "--rows=0 sequentialWrite 2"),
        Arguments.of(List.of("mapreduce", "pe"), "--sampleRate=1.5 randomRead 2"),
        Arguments.of(List.of("mapreduce", "pe"), "--multiPut=10 sequentialWrite 2"),
        Arguments.of(List.of("mapreduce", "pe"), "--nomapred sequentialWrite 2"),
        Arguments.of(List.of("mapreduce", "pe"), "--inflight 8 randomRead 2"),
        Arguments.of(List.of("mapreduce", "pe"), "-p hbload.warmup=5s sequentialWrite 2"),
        Arguments.of(List.of("mapreduce", "pe"), "-p hbload.shard=0/2 sequentialWrite 2"),
        Arguments.of(List.of("mapreduce", "pe"), "--start-delay soon sequentialWrite 2"),
        Arguments.of(
            List.of("mapreduce", "pe"), "--hadoop-conf /nonexistent/conf sequentialWrite 2"),
        Arguments.of(List.of("mapreduce", "pe"), "--zk localhost:xx sequentialWrite 2"),
        Arguments.of(List.of("mapreduce", "dfsio", "write"), "--clients 0"),
        Arguments.of(List.of("mapreduce", "dfsio", "write"), "--files 2 --clients 3"),
        Arguments.of(
            List.of("mapreduce", "dfsio", "read"), "--policy RS-3-2-1024k --datanodes-down 1"),
        // suite: all refused before a directory is made or a cluster started (the --out path must
        // stay absent)
        Arguments.of(List.of("suite"), "-w a,c -db basic --rounds 2 --discard 2 --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a,c -db basic --rounds 0 --discard 0 --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a,c -db basic --discard -1 --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a,nosuch -db basic --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a,,c -db basic --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a,a -db basic --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-db basic --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a -db basic"),
        Arguments.of(List.of("suite"), "-w a -db basic --out " + NOWHERE + " --resume " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a -db basic --duration soon --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a -db basic --duration 1500ms --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a -db basic --json x.json --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a -db basic -p exportfile=x.txt --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a -db basic -p recordcount=x --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a -db basic --resume " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a -db basic --out " + NOT_A_SUITE),
        Arguments.of(List.of("suite"), "-w a -db basic --resume " + NOT_A_SUITE),
        Arguments.of(
            List.of("suite"), "-w a -db basic --metrics prometheus:99999 --out " + NOWHERE),
        Arguments.of(
            List.of("suite"),
            "-w a -db basic --metrics prometheus:0 --metrics-bind no.such.host.invalid"
                + " --out "
                + NOWHERE),
        // a duet's --side, every bad form, refused before a directory is made
        Arguments.of(List.of("suite"), "-w a -db basic --side a=" + SIDE + " --out " + NOWHERE),
        Arguments.of(
            List.of("suite"),
            "-w a -db basic --side a=" + SIDE + " --side a=" + SIDE + " --out " + NOWHERE),
        Arguments.of(
            List.of("suite"), "-w a -db basic --side a --side b=" + SIDE + " --out " + NOWHERE),
        Arguments.of(
            List.of("suite"),
            "-w a -db basic --side c=" + SIDE + " --side b=" + SIDE + " --out " + NOWHERE),
        Arguments.of(
            List.of("suite"), "-w a -db basic --side a= --side b=" + SIDE + " --out " + NOWHERE),
        Arguments.of(
            List.of("suite"),
            "-w a -db basic --side a="
                + NOWHERE
                + ".properties --side b="
                + SIDE
                + " --out "
                + NOWHERE),
        Arguments.of(
            List.of("suite"),
            "-w a -db basic --side a=" + SIDE + " --side b=" + GARBAGE_XML + " --out " + NOWHERE),
        Arguments.of(
            List.of("suite"),
            "-w a -db basic --side a=" + SIDE + " --side b=" + BAD_SIDE + " --out " + NOWHERE),
        Arguments.of(
            List.of("suite"),
            "-w a -db basic --side a=" + SIDE + " --side b=" + SIDE + " --resume " + NOT_A_SUITE),
        Arguments.of(
            List.of("suite"),
            "-w a -db basic --side a=" + SIDE + " --side b=" + SIDE + " --out " + NOT_A_SUITE),
        Arguments.of(
            List.of("suite"),
            "-w a -db basic --side a="
                + SIDE
                + " --side b="
                + SIDE
                + " --html "
                + NOWHERE
                + ".html --out "
                + NOWHERE),
        Arguments.of(List.of("dfsio", "compare"), "--html /nonexistent/dir/dfsio.html"),
        Arguments.of(List.of("dfsio", "write"), "--metrics graphite"),
        // plan: refused before any cluster is read or started
        Arguments.of(List.of("plan"), "--regionservers 0 --heap 32g --blockcache 0.4"),
        Arguments.of(List.of("plan"), "--regionservers 5 --heap 32g"),
        Arguments.of(
            List.of("plan"), "--regionservers 5 --heap 32g --blockcache 0.5 --memstore 0.4"),
        Arguments.of(List.of("plan"), "--regionservers 5 --heap 32x --blockcache 0.4"),
        Arguments.of(List.of("plan"), "--regionservers 5 --heap 32g --blockcache 1.5"),
        Arguments.of(
            List.of("plan"), "--regionservers 5 --heap 200g --blockcache 0.4 --host-memory 128g"),
        Arguments.of(List.of("plan"), "--heap 32g --blockcache 0.4"),
        Arguments.of(List.of("plan"), "-w nosuch --regionservers 5 --heap 32g --blockcache 0.4"),
        Arguments.of(List.of("plan"), "-w a -db basic"),
        // issue 22 §4: found before anything starts, conflicts refused rather than resolved
        Arguments.of(List.of("plan"), "--regionservers 5 --heap 0 --blockcache 0.4"),
        Arguments.of(
            List.of("plan"), "--regionservers 5 --heap 32g --blockcache 0.4 --host-memory 0"),
        Arguments.of(List.of("suite"), "-w , -db basic --out " + NOWHERE),
        Arguments.of(List.of("run"), "basic -w a -db memory"),
        Arguments.of(List.of("load"), "memory -w a -p db=basic"),
        Arguments.of(List.of("run"), "-w a -db basic -p hbload.json="),
        Arguments.of(List.of("run"), "-w a -p table=bad/name"),
        Arguments.of(List.of("run"), "-w a -p columnfamily=a:b"),
        Arguments.of(List.of("run"), "-w mixgraph -db memory -p keyrange_num=0"),
        Arguments.of(List.of("run"), "-w mixgraph_allrandom -db memory -p value_sigma=0"),
        Arguments.of(List.of("run"), "-w mixgraph -db memory -p keyrange_dist_a=-1"),
        Arguments.of(List.of("load"), "-w mixgraph -db memory -p mix_max_scan_len=0"),
        Arguments.of(List.of("run"), "-w mixgraph -db memory -p mix_put_ratio=-0.1"),
        Arguments.of(List.of("pe"), "--rows=10 --size=2 sequentialWrite 1"),
        Arguments.of(List.of("pe"), "--rows=10 --size=2 scan 1"),
        Arguments.of(List.of("dfsio", "write"), "--replication -1"),
        Arguments.of(List.of("dfsio", "compare"), "--replication -1"),
        Arguments.of(List.of("dfsio", "read"), "--replication 2 --policy RS-3-2-1024k"),
        Arguments.of(List.of("dfsio", "write"), "--datanodes -1"),
        Arguments.of(List.of("dfsio", "write"), "--conf " + GARBAGE_XML),
        // issue 34 §4: DataNode faults
        Arguments.of(List.of("dfsio", "read"), "--policy RS-3-2-1024k --kill-datanodes 3"),
        Arguments.of(List.of("dfsio", "write"), "--kill-datanodes 1 --at 1m --duration 30s"),
        Arguments.of(List.of("dfsio", "read"), "--kill-datanodes 1 --fs hdfs://127.0.0.1:1"),
        Arguments.of(List.of("dfsio", "read"), "--kill-datanodes 1 --fault-exec true"),
        Arguments.of(List.of("dfsio", "compare"), "--fault-exec {host}"),
        // issue 34 §1: --fault-exec for run/load
        Arguments.of(List.of("run"), "-w a -db basic -p hbload.faults.exec=true"),
        Arguments.of(List.of("load"), "-w a -db basic --fault-exec echo{host}"),
        Arguments.of(List.of("run"), "-w a -db basic --fault-exec-timeout 5s"),
        // issue 34 §3: the audit, refused before anything starts
        Arguments.of(List.of("run"), "-w a -db basic --verify"),
        Arguments.of(List.of("load"), "-w a -db basic -p hbload.verify=true"),
        Arguments.of(List.of("load"), "-w a -db basic --verify-file " + NOWHERE + ".audit"),
        Arguments.of(List.of("run"), "-w mixgraph -db memory --verify"),
        Arguments.of(List.of("run"), "-w a -db memory --verify --shard 0/2"),
        Arguments.of(List.of("run"), "-w a -db memory --verify-file /nonexistent/dir/x.audit"),
        Arguments.of(List.of("run"), "-w a -db memory --verify --find-max p99<10ms"),
        Arguments.of(List.of("suite"), "-w a -db memory --verify --out " + NOWHERE),
        Arguments.of(List.of("verify"), NOWHERE + ".audit -db memory"),
        Arguments.of(List.of("verify"), GARBAGE_XML + " -db memory"),
        // replay: the trace, its format and its pace, all before anything runs
        Arguments.of(List.of("replay"), TRACE + " -db basic --format xml"),
        Arguments.of(List.of("replay"), "/nonexistent/trace.csv -db basic"),
        Arguments.of(List.of("replay"), TRACE + " -db basic --speed 0"),
        Arguments.of(List.of("replay"), TRACE + " -db basic --speed -2"),
        Arguments.of(List.of("replay"), TRACE + " -db basic --speed fast"),
        Arguments.of(List.of("replay"), TRACE + " -db basic --rate 0"),
        Arguments.of(List.of("replay"), TRACE + " -db basic --rate -100"),
        Arguments.of(List.of("replay"), TRACE + " -db basic --speed 2 --rate 100"),
        Arguments.of(List.of("replay"), DAMAGED_TRACE + " -db basic"),
        Arguments.of(List.of("replay"), UNKNOWN_OPERATION_TRACE + " -db basic"),
        Arguments.of(List.of("replay"), EMPTY_TRACE + " -db basic"),
        Arguments.of(List.of("replay"), TRACE + " -db basic --format hbload"),
        Arguments.of(List.of("replay"), TRACE + " -db basic -p target=100"),
        Arguments.of(List.of("replay"), TRACE + " -db basic --max-value-size 0"),
        Arguments.of(List.of("replay"), TRACE + " -db nosuchdb"));
  }

  /** A duet's side file: a delay for the basic binding. */
  static final String SIDE = propertyFile("basicdb.simulatedelay=1\n");

  /** A rate file damaged on its third line. */
  static final String DAMAGED_RATES = propertyFile("time,rate\n0,100\n10,lots\n20,100\n");

  /** A sound Twitter-format trace of three records. */
  static final String TRACE =
      propertyFile(
          "1600000000,k1,2,10,7,get,0\n1600000000,k1,2,10,7,set,0\n1600000001,k2,2,5,7,delete,0\n");

  /** Its third line short of a field. */
  static final String DAMAGED_TRACE =
      propertyFile(
          "1600000000,k1,2,10,7,get,0\n1600000000,k1,2,10,7,set,0\n1600000001,k2,2,5,7,delete\n");

  /** An operation Twitter's traces do not have. */
  static final String UNKNOWN_OPERATION_TRACE = propertyFile("1600000000,k1,2,10,7,touch,0\n");

  /** Nothing but a comment. */
  static final String EMPTY_TRACE = propertyFile("# no records\n");

  /** A side file whose setting no spec accepts. */
  static final String BAD_SIDE = propertyFile("recordcount=many\n");

  private static String propertyFile(String content) {
    try {
      Path f = Files.createTempFile("hbload-side", ".properties");
      Files.writeString(f, content);
      f.toFile().deleteOnExit();
      return f.toString();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** A file that is no XML at all, given where Hadoop's configuration is expected. */
  static final String GARBAGE_XML = garbageXml();

  private static String garbageXml() {
    try {
      Path f = Files.createTempFile("hbload-garbage", ".xml");
      Files.writeString(f, "garbage\n<<>\u0000");
      f.toFile().deleteOnExit();
      return f.toString();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * Issue 13's bad-input suite: per command, values that must be refused before anything runs, with
   * output paths and input files in {dir} (which holds existing.txt, empty.hlog and real shard
   * logs: s0/s1 of a run, l0 of a load, c1 of another workload). Each must leave {dir} and the
   * working directory exactly as they were.
   */
  static Stream<String> withFiles() {
    return Stream.of(
        // load / run: the engine's properties
        "run -w a -db basic --json {dir}/r.json -p recordcount=x",
        "run -w a -db basic --hlog {dir}/r.hlog -p operationcount=-5",
        "run -w a -db basic -p exportfile={dir}/r.txt -p fieldcount=0",
        "run -w a -db basic --json {dir}/r.json --hlog {dir}/nodir/r.hlog",
        "run -w a -db basic --json {dir}",
        "run -w a -db basic -p exportfile={dir}/existing.txt/r.txt",
        // permission bits that allow what the file system refuses (even root creates no file in
        // /proc): found when
        // the launcher creates its temp files, before the run, and bad input like the cases the
        // parser finds
        "run -w a -db basic --hlog /proc/hbload-contract.hlog",
        "run -w a -db basic --json {dir}/r.json -target -5",
        "run -w a -db basic --json {dir}/r.json -threads 0",
        "run -w a -db basic --json {dir}/r.json -p fieldlengthdistribution=histogram"
            + " -p fieldlengthhistogram={dir}/missing.hist",
        "run -w a -db basic --hlog {dir}/r.hlog -p status.interval=0",
        "run -w a -db basic -p hdrhistogram.percentiles=99,abc",
        "run -w a -db basic -p measurement.interval=both2",
        "run -w a -db basic --json {dir}/r.json --seed abc",
        "run -w a -db basic --hlog {dir}/r.hlog --shard 1",
        "run -w a -db basic -P {dir}/missing.properties",
        "run -w a -db basic -p dataintegrity=maybe",
        "run -w a -db basic -p maxexecutiontime=-1",
        "run -w a -db basic -p insertorder=random",
        "run -w a -db basic -p scanlengthdistribution=pareto",
        "run -w a -db basic -p requestdistribution=hotspot -p hotspotdatafraction=2",
        "run -w a -db basic -p readproportion=abc",
        "run -w a -db basic -p maxscanlength=0",
        "run -w a -db basic -p fieldlength=-1",
        "run -w a -db basic -p exportfile={dir}/r.txt -p exporter=site.ycsb.measurements.exporter.XmlExporter",
        "run -w a -db basic -l",
        "run -w a -db basic -p hbload.stopgrace=0",
        // a sharded find-max: the exchange directory every shard reads and writes
        "run -w a -db basic --shard 0/2 --find-max p99<10ms --json {dir}/r.json",
        "run -w a -db basic --shard 0/2 --find-max p99<10ms --find-max-exchange {dir}/existing.txt",
        "run -w a -db basic --shard 1/2 --find-max p99<10ms --find-max-exchange {dir}/nodir",
        "run -w a -db basic --find-max p99<10ms --find-max-exchange {dir}",
        "run -w a -db basic --shard 0/2 --find-max-exchange {dir} --json {dir}/r.json",
        // run --find-max --html: the page is reserved before the first step, never over a file
        // hbload did not write nor over the search's JSON
        "run -w c -db basic --find-max p99<10ms --html {dir}/existing.txt",
        "run -w c -db basic --find-max p99<10ms --html {dir}/nodir/find.html",
        "run -w c -db basic --find-max p99<10ms --json {dir}/find.html --html {dir}/find.html",
        // two outputs of one phase named as one file (by any name): one would replace the other
        "run -w a -db basic --json {dir}/same.out --html {dir}/same.out",
        "load -w a -db basic --hlog {dir}/same.out --html {dir}/./same.out",
        "run -w a -db basic --json {dir}/same.out -p exportfile={dir}/same.out",
        "run -w a -db basic --json {dir}/same.out --hlog {dir}/../{base}/same.out",
        "run -w a -db basic -p exportfile={dir}/existing.txt --html {dir}/existing.txt",
        "load -w a -db basic --json {dir}/l.json -p recordcount=0",
        "load -w a -db basic -p zeropadding=-1",
        "load -w a -db basic --hlog {dir}/l.hlog -p insertstart=900 -p insertcount=200",
        "load -w a -db basic --json {dir}/l.json --start-at soon",
        // load / run: the HBase binding's, refused before any cluster (embedded or not) starts
        "run -w a --json {dir}/r.json -p durability=often",
        "run -w a -p clientbuffering=yes",
        "run -w a -p hbload.presplit=-1",
        "run -w a --json {dir}/r.json --zk localhost:xx",
        "run -w a --zk :2181",
        "run -w a --json {dir}/r.json --hbase-conf {dir}/noconf",
        "load -w a --hbase-conf {dir}",
        // merge
        "merge",
        "merge {dir}/existing.txt -o {dir}/m.txt",
        "merge {dir}/empty.hlog",
        "merge {dir}/s0.hlog {dir}/s0.hlog -o {dir}/m.txt",
        "merge {dir}/s0.hlog {dir}/l0.hlog --json {dir}/m.json",
        "merge {dir}/s0.hlog {dir}/c1.hlog --hlog {dir}/m.hlog",
        "merge {dir}/s0.hlog {dir}/missing.hlog -o {dir}/m.txt",
        "merge {dir}/s0.hlog {dir}/s1.hlog --json {dir}/nodir/m.json",
        "merge {dir}/s0.hlog {dir}/s1.hlog --hlog {dir}",
        "merge {dir}/s0.hlog {dir}/s1.hlog -o {dir}/existing.txt/m.txt",
        // merge: damaged or foreign inputs, and outputs that are inputs (hbload never overwrites
        // what it reads)
        "merge {dir}/damaged.hlog",
        "merge {dir}/zeros.hlog",
        "merge {dir}/seed42.hlog {dir}/seed7.hlog",
        "merge {dir}/s0.hlog {dir}/s1.hlog --hlog {dir}/s0.hlog",
        "merge {dir}/s0.hlog {dir}/s1.hlog -o {dir}/s1.hlog",
        "merge {dir}/s0.hlog {dir}/s1.hlog --json {dir}/../" + "{base}/s0.hlog",
        // report: a JSON of another shape or run, and an output that is an input
        "report {dir}/r.json {dir}/s0.hlog -o {dir}/page.html",
        "report {dir}/r.json {dir}/r.hlog -o {dir}/r.hlog",
        "report {dir}/deep.json -o {dir}/page.html",
        "report {dir}/shape.json {dir}/r.hlog -o {dir}/page.html",
        "report {dir}/r.json {dir}/zeros.hlog -o {dir}/page.html",
        // compare: missing, foreign or damaged inputs, and outputs that are inputs or files hbload
        // did not write
        "compare {dir}/missing.json {dir}/r.json",
        "compare {dir}/r.json {dir}/existing.txt",
        "compare {dir}/shape.json {dir}/r.json",
        "compare {dir}/deep.json {dir}/r.json",
        "compare {dir}/r.json {dir}/s0.hlog",
        "compare {dir}/r.json {dir}/r.json --json {dir}/r.json",
        "compare {dir}/r.json {dir}/r.json --json {dir}/r.hlog",
        "compare {dir}/r.json {dir}/r.json --json {dir}/existing.txt",
        "compare {dir}/r.json {dir}/r.json --json {dir}/nodir/c.json",
        "compare {dir}/r.json {dir}/r.json --resamples 5",
        "compare {dir}/r.json {dir}/r.json --fail-if-slower -3",
        "compare {dir}/r.json {dir} --json {dir}/c.json",
        "compare {dir}/r.json {dir}/r.json --html {dir}/existing.txt",
        "compare {dir}/r.json {dir}/r.json --html {dir}/c.html --json {dir}/c.html",
        // the same input twice on a side (by any name) is not two rounds; a gate of unknown figures
        "compare {dir}/r.json,{dir}/r.json {dir}/r.json --json {dir}/c.json",
        "compare {dir}/r.json,{dir}/../{base}/r.json {dir}/r.json",
        "compare {dir}/r.json {dir}/r.json --fail-if-slower 5 --gate p95",
        "compare {dir}/r.json {dir}/r.json --fail-if-slower 5 --gate NOSUCH.p50 --json {dir}/c.json",
        // a difference to detect that is no difference; a calibration duet that is not one
        "compare {dir}/r.json {dir}/r.json --detect 0",
        "compare {dir}/r.json {dir}/r.json --detect lots",
        "compare {dir}/r.json {dir}/r.json --calibrate {dir}/no-such-duet --json {dir}/c.json",
        // dfsio, refused before the embedded MiniDFSCluster starts
        "dfsio write --result-log {dir}/r.log --size lots",
        "dfsio write --result-log {dir}/r.log -n 0",
        "dfsio write -t 0",
        "dfsio read --coder rs_fast",
        "dfsio write --buffer 0",
        "dfsio write --replication 0 --policy REPLICATION",
        "dfsio compare --datanodes-down -1",
        "dfsio write -D notkeyvalue",
        "dfsio write --hdfs-site {dir}/missing.xml",
        "dfsio write --fs notauri://",
        "dfsio clean --fs namenode",
        "dfsio write --result-log {dir}/nodir/r.log",
        "dfsio read --result-log {dir}/r.log --format csv",
        "dfsio coder-bench --working-set 4g --cell 1 --k 1 --p 1",
        // pe: PE's options and commands, refused before any cluster (embedded or not) starts
        "pe --nomapred --rows=10 -p hbload.warmup=5s --json {dir}/pe.json sequentialWrite 2",
        "pe --json {dir}/p.json sequentialWrite 0",
        "pe --json {dir}/p.json sequentialWrite",
        "pe --json {dir}/p.json --rows=0 sequentialWrite 2",
        "pe --hlog {dir}/p.hlog --rows=abc sequentialWrite 2",
        "pe --json {dir}/p.json --valueSize=0 randomRead 2",
        "pe --json {dir}/p.json --sampleRate=1.5 randomRead 2",
        "pe --json {dir}/p.json --multiPut=10 sequentialWrite 2",
        "pe --json {dir}/p.json --compress=LZMA9 sequentialWrite 1",
        "pe --json {dir}/p.json --blockEncoding=ZIP sequentialWrite 1",
        "pe --json {dir}/p.json --bloomFilter=MAYBE sequentialWrite 1",
        "pe --json {dir}/p.json --oneCon=perhaps sequentialWrite 1",
        "pe --json {dir}/p.json --families=0 sequentialWrite 1",
        "pe --json {dir}/p.json --size=0 sequentialWrite 1",
        "pe --json {dir}/p.json --presplit=-2 sequentialWrite 1",
        "pe --json {dir}/p.json --nosuch=1 sequentialWrite 1",
        "pe --json {dir}/p.json noSuchTest 1",
        "pe --json {dir}/p.json --inflight=0 asyncRandomRead 1",
        "pe --json {dir}/p.json --inflight=-1 asyncSequentialWrite 2",
        "pe --json {dir}/p.json --inflight=abc asyncScan 2",
        "pe --json {dir}/p.json --inflight 8 randomRead 2",
        "pe --json {dir}/p.json -p hbload.inflight=8 sequentialWrite 2",
        "pe --json {dir}/p.json -p hbload.inflight=0 asyncRandomWrite 2",
        "pe --json {dir}/p.json --multiGet=10 asyncRandomRead 2",
        "pe --json {dir}/p.json --zk localhost:xx sequentialWrite 1",
        "pe --hlog {dir}/nodir/p.hlog sequentialWrite 1",
        "pe --json {dir} sequentialWrite 1",
        "pe --json {dir}/p.json --table=bad/name sequentialWrite 1",
        // mapreduce pe: the same, refused before any cluster (HBase or YARN) starts
        "mapreduce pe --json {dir}/p.json noSuchTest 2",
        "mapreduce pe --json {dir}/p.json --rows=0 sequentialWrite 2",
        "mapreduce pe --hlog {dir}/nodir/p.hlog sequentialWrite 2",
        "mapreduce pe --json {dir} sequentialWrite 2",
        "mapreduce pe --json {dir}/p.json --output {dir}/job --start-delay soon sequentialWrite 2",
        // gc-tune
        "gc-tune",
        "gc-tune --heap 0",
        "gc-tune --heap 32g --cpus 0",
        "gc-tune --heap 32g --pause-ms -1",
        "gc-tune --heap 32g --jdk 9",
        "gc-tune --heap 32g --java {dir}/nojava",
        "gc-tune --heap 32g --java {dir}/existing.txt",
        "gc-tune --heap 32g --gc-log {dir}/missing.log",
        "gc-tune --heap 32g --gc-log {dir}/existing.txt",
        "gc-tune --heap 32g --evacuation-rate fast",
        "gc-tune --heap 32g --bucketcache-size -4g",
        "gc-tune --heap 32g --machine-memory lots",
        // issue 22 §4: Hadoop's files are read lazily, after a cluster began starting, with a
        // 40-line trace
        "dfsio write --conf {dir}/garbageconf/hbase-site.xml",
        "dfsio read --conf {dir}/garbageconf",
        "run -w a --hbase-conf {dir}/garbageconf",
        "pe --hbase-conf {dir}/garbageconf sequentialWrite 1",
        // issue 22 §3: a user's own hbase-site.xml is never overwritten (nor deleted at exit)
        "embedded --conf-dir {dir}/userconf",
        "embedded --conf-dir {dir}/existing.txt");
  }

  @TempDir static Path fixtures;

  /**
   * Real shard logs to merge wrongly: two shards of one run, a load, and a shard of another
   * workload.
   */
  @BeforeAll
  static void shardLogs() throws IOException {
    writeLog("run -w a -db basic --shard 0/2 -p operationcount=200 --hlog", "s0.hlog");
    writeLog("run -w a -db basic --shard 1/2 -p operationcount=200 --hlog", "s1.hlog");
    writeLog("load -w a -db basic --shard 0/2 -p recordcount=200 --hlog", "l0.hlog");
    writeLog("run -w c -db basic --shard 1/2 -p operationcount=200 --hlog", "c1.hlog");
    Files.writeString(fixtures.resolve("existing.txt"), "keep me\n");
    Files.writeString(fixtures.resolve("empty.hlog"), "");
    writeLog(
        "run -w a -db basic --shard 0/2 --seed 42 -p operationcount=200 --hlog", "seed42.hlog");
    writeLog("run -w a -db basic --shard 1/2 --seed 7 -p operationcount=200 --hlog", "seed7.hlog");
    writeLog(
        "run -w a -db basic -p operationcount=200 --json " + fixtures.resolve("r.json") + " --hlog",
        "r.hlog");
    // a damaged interval timestamp, which HdrHistogram's reader skips silently
    List<String> lines = new ArrayList<>(Files.readAllLines(fixtures.resolve("s0.hlog")));
    lines.replaceAll(
        l -> l.startsWith("Tag=READ.service,") ? l.replaceFirst(",[0-9.]+,", ",0.0x1,") : l);
    Files.write(fixtures.resolve("damaged.hlog"), lines);
    Files.write(fixtures.resolve("zeros.hlog"), new byte[1024]);
    Files.writeString(fixtures.resolve("deep.json"), "[".repeat(100_000) + "]".repeat(100_000));
    Files.writeString(fixtures.resolve("shape.json"), "{\"tool\":\"hbload\",\"phase\":\"run\"}");
    Files.createDirectory(fixtures.resolve("garbageconf"));
    Files.writeString(
        fixtures.resolve("garbageconf/hbase-site.xml"), "<configuration><property>unclosed");
    Files.writeString(fixtures.resolve("garbageconf/core-site.xml"), "not xml at all");
    Files.createDirectory(fixtures.resolve("userconf"));
    Files.writeString(fixtures.resolve("userconf/hbase-site.xml"), "<configuration/>\n");
  }

  private static void writeLog(String args, String name) {
    List<String> argv = new ArrayList<>(List.of(args.split(" ")));
    argv.add(fixtures.resolve(name).toString());
    CommandOutput o = CommandOutput.of(HbloadCommand.commandLine(), argv.toArray(new String[0]));
    assertThat(o.exit()).as(o.err()).isZero();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("withFiles")
  void badInputWritesAndDeletesNothing(String args, @TempDir Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(fixtures)) {
      for (Path f : files.filter(f -> !f.equals(fixtures)).toList()) { // parents before their files
        Files.copy(
            f, dir.resolve(fixtures.relativize(f).toString()), StandardCopyOption.COPY_ATTRIBUTES);
      }
    }
    Map<String, String> before = snapshot(dir);
    Map<String, String> cwdBefore = snapshot(Path.of("").toAbsolutePath());
    List<String> argv =
        List.of(
            args.replace("{dir}", dir.toString())
                .replace("{base}", dir.getFileName().toString())
                .split(" "));
    int sub =
        argv.size() > 1 && (argv.get(0).equals("dfsio") || argv.get(0).equals("mapreduce")) ? 2 : 1;
    assertOneLineBadInput(argv.subList(0, sub), String.join(" ", argv.subList(sub, argv.size())));
    assertThat(snapshot(dir))
        .as("%s wrote or deleted nothing in its directory", args)
        .isEqualTo(before);
    assertThat(snapshot(Path.of("").toAbsolutePath()))
        .as("nor in the working directory")
        .isEqualTo(cwdBefore);
  }

  /** Every file under {@code root} (but build output) with its size and modification time. */
  private static Map<String, String> snapshot(Path root) throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> all = Files.walk(root, 3)) {
      for (Path p : all.filter(p -> !root.relativize(p).startsWith("target")).toList()) {
        BasicFileAttributes a =
            Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        out.put(root.relativize(p).toString(), a.size() + "@" + a.lastModifiedTime().toMillis());
      }
    }
    return out;
  }

  /** {@code embedded}'s bad options: each found before HBase starts (which takes 7 s or more). */
  static Stream<String> embeddedOptions() {
    return Stream.of(
        "--table bad/name",
        "--family a:b",
        "--presplit -3",
        "--presplit 100001",
        "--zk-port 70000",
        "--zk-port -1",
        "--regionservers 100000",
        "--regionservers 0",
        "--conf-dir " + GARBAGE_XML,
        "--hdfs-datanodes 3",
        "--hdfs-datanodes -1",
        "--seconds -1",
        "--table=",
        "--zk-port {busy}",
        "--jvm-options=-XX:+NoSuchHbloadFlag",
        "--jvm-options=-jar",
        "--jvm-options=notaflag");
  }

  @ParameterizedTest(name = "embedded {0}")
  @MethodSource("embeddedOptions")
  void embeddedRefusesBadOptionsBeforeStarting(String args, @TempDir Path clusterBase)
      throws IOException {
    String previous =
        System.getProperty("test.build.data.basedirectory"); // where EmbeddedHBase makes its dir
    try (java.net.ServerSocket busy =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      System.setProperty("test.build.data.basedirectory", clusterBase.toString());
      long t0 = System.nanoTime();
      assertOneLineBadInput(
          List.of("embedded"), args.replace("{busy}", Integer.toString(busy.getLocalPort())));
      double seconds = (System.nanoTime() - t0) / 1e9;
      assertThat(seconds).as("refused in under 2 s, before any server starts").isLessThan(2.0);
      try (Stream<Path> made = Files.list(clusterBase)) {
        assertThat(made.toList()).as("no cluster directory").isEmpty();
      }
    } finally {
      if (previous == null) {
        System.clearProperty("test.build.data.basedirectory");
      } else {
        System.setProperty("test.build.data.basedirectory", previous);
      }
    }
  }

  /**
   * Every option of every command that takes a value refuses an empty one ({@code --json ''}: a
   * script's unset variable), before the command starts anything: one line naming the option, exit
   * 2.
   */
  static Stream<Arguments> everyValueOption() {
    List<Arguments> out = new ArrayList<>();
    for (List<String> path : commandPaths(HbloadCommand.commandLine(), new ArrayList<>())) {
      CommandLine cl = HbloadCommand.commandLine();
      for (String name : path) {
        cl = cl.getSubcommands().get(name);
      }
      for (CommandLine.Model.OptionSpec o : cl.getCommandSpec().options()) {
        if (o.arity().min() >= 1 && !o.typeInfo().isMap() && !o.typeInfo().isBoolean()) {
          out.add(Arguments.of(path, o.longestName()));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} {1} ''")
  @MethodSource("everyValueOption")
  void emptyValuesAreRefusedOnEveryCommand(List<String> path, String option) {
    List<String> argv = new ArrayList<>(path);
    argv.add(option);
    argv.add("");
    argv.addAll(requiredParameters(path, option));
    CommandOutput o = CommandOutput.of(HbloadCommand.commandLine(), argv.toArray(new String[0]));
    assertThat(o.exit()).as("exit of %s: %s", argv, o.err()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(o.errLines()).as("stderr of %s", argv).hasSize(1);
    // text and file options are refused by the one check; typed ones (numbers, durations) by their
    // converter
    assertThat(o.err())
        .as("stderr of %s", argv)
        .startsWith("hbload " + String.join(" ", path) + ": ")
        .contains(option)
        .doesNotContain("Exception");
    assertThat(o.out()).isEmpty();
  }

  /**
   * What a command needs besides the option under test to get past picocli's own parse: its
   * required arguments.
   */
  private static List<String> requiredParameters(List<String> path, String option) {
    CommandLine cl = HbloadCommand.commandLine();
    for (String name : path) {
      cl = cl.getSubcommands().get(name);
    }
    Map<String, String> samples = Map.of("--clients", "2", "--heap", "32g", "--output", "x.html");
    List<String> out = new ArrayList<>();
    for (CommandLine.Model.OptionSpec o : cl.getCommandSpec().options()) {
      if (o.required() && !o.longestName().equals(option)) {
        out.add(o.longestName());
        out.add(samples.get(o.longestName()));
      }
    }
    String command = String.join(" ", path);
    out.addAll(
        switch (command) {
          case "merge" -> List.of("x.hlog");
          case "report" -> List.of("x.json");
          case "compare" -> List.of("a.json", "b.json");
          case "verify" -> List.of("x.audit");
          case "replay" -> List.of(TRACE);
          case "pe", "mapreduce pe" -> List.of("sequentialWrite", "1");
          default -> List.of();
        });
    return out;
  }

  @org.junit.jupiter.api.Test
  void aDamagedTraceLineIsNamedByFileAndLineAndTheMappingIsInTheHelp() {
    CommandOutput o = assertOneLineBadInput(List.of("replay"), DAMAGED_TRACE + " -db basic");
    assertThat(o.err())
        .contains(
            DAMAGED_TRACE + ":3: expected 7 comma-separated fields, found 6 (twitter format)");
    CommandOutput help = CommandOutput.of(HbloadCommand.commandLine(), "replay", "--help");
    assertThat(help.out().replaceAll("\\s+", " "))
        .contains("get, gets -> READ of the row")
        .contains("incr, decr -> UPDATE")
        .contains("delete -> DELETE of the row");
  }

  @org.junit.jupiter.api.Test
  void emptyPositionalValuesAreRefused() {
    assertOneLineBadInput(List.of("run"), List.of("", "-w", "a"));
    assertOneLineBadInput(List.of("merge"), List.of(""));
    assertOneLineBadInput(List.of("run"), List.of("-w", "a", "-db", "basic", "--json", ""));
    assertOneLineBadInput(List.of("pe"), List.of("--json", "", "sequentialWrite", "1"));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("everyCommand")
  void unknownOptionsAreOneLineAndExitTwo(List<String> path, String args) {
    assertOneLineBadInput(path, args);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("typedValues")
  void badValuesAreOneLineAndExitTwo(List<String> path, String args) {
    assertOneLineBadInput(path, args);
  }

  private static CommandOutput assertOneLineBadInput(List<String> path, String args) {
    return assertOneLineBadInput(path, args.isEmpty() ? List.of() : List.of(args.split(" ")));
  }

  private static CommandOutput assertOneLineBadInput(List<String> path, List<String> args) {
    List<String> argv = new ArrayList<>(path);
    argv.addAll(args);
    CommandOutput o = CommandOutput.of(HbloadCommand.commandLine(), argv.toArray(new String[0]));
    String prefix = "hbload" + (path.isEmpty() ? "" : " " + String.join(" ", path)) + ": ";
    assertThat(o.exit()).as("exit of %s: %s", argv, o.err()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(o.errLines()).as("stderr of %s", argv).hasSize(1);
    assertThat(o.err())
        .as("stderr of %s", argv)
        .startsWith(prefix)
        .doesNotContain("\tat ")
        .doesNotContain("Exception:");
    assertThat(o.out()).as("stdout of %s", argv).isEmpty();
    // nothing written or deleted
    assertThat(java.nio.file.Path.of(NOWHERE)).doesNotExist();
    assertThat(java.nio.file.Path.of(NOT_A_SUITE).toFile().list()).containsExactly("keep.txt");
    return o;
  }

  // Issue 32 §5, one test per class of bad input that got past the contract.

  /**
   * Options that only mean something beside another, given alone: refused (exit 2, one line naming
   * both) rather than silently ignored. {@link #everyRequiringOptionIsRefusedAlone} covers every
   * such option of the tree; these are the cases the issue names.
   */
  static Stream<Arguments> dependentOptionsAlone() {
    return Stream.of(
        Arguments.of(
            List.of("run"),
            "-w a -db basic --find-max-precision 0.1",
            "--find-max-precision: only with --find-max"),
        Arguments.of(
            List.of("run"),
            "-w a -db basic --metrics-bind 0.0.0.0",
            "--metrics-bind: only with --metrics"),
        Arguments.of(
            List.of("run"),
            "-w a -db basic --metrics-linger 5s",
            "--metrics-linger: only with --metrics"),
        Arguments.of(
            List.of("load"),
            "-w a -db basic -p recordcount=10 --metrics-linger 5s",
            "--metrics-linger: only with --metrics"));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("dependentOptionsAlone")
  void dependentOptionsAloneAreRefused(List<String> path, String args, String says) {
    CommandOutput o = assertOneLineBadInput(path, args);
    assertThat(o.err()).contains(says);
  }

  /**
   * Every option of the tree marked {@link io.hbload.cli.contract.Requires}, given alone (with a
   * value it takes): refused before the command starts, naming it and what it needs. A name in a
   * {@code @Requires} that its command does not have is a bug, exit 1, and fails here too.
   */
  static Stream<Arguments> everyRequiringOption() {
    Map<String, String> samples =
        Map.of(
            "--heap", "32g",
            "--blockcache", "0.4",
            "--host-memory", "128g",
            "--regionservers", "5",
            "--find-max-exchange", System.getProperty("java.io.tmpdir"));
    List<Arguments> out = new ArrayList<>();
    for (List<String> path : commandPaths(HbloadCommand.commandLine(), new ArrayList<>())) {
      CommandLine cl = HbloadCommand.commandLine();
      for (String name : path) {
        cl = cl.getSubcommands().get(name);
      }
      for (CommandLine.Model.OptionSpec o : cl.getCommandSpec().options()) {
        io.hbload.cli.contract.Requires r = io.hbload.cli.contract.OptionChecks.requirement(o);
        if (r == null) {
          continue;
        }
        List<String> given = new ArrayList<>(List.of(o.longestName()));
        if (o.arity().min() > 0) {
          String value = samples.getOrDefault(o.longestName(), o.defaultValue());
          assertThat(value).as("a sample value for %s %s", path, o.longestName()).isNotNull();
          given.add(value);
        }
        out.add(Arguments.of(path, given, List.of(r.value())));
      }
    }
    assertThat(out).as("the options the issue names, at least").hasSizeGreaterThan(10);
    return out.stream();
  }

  @ParameterizedTest(name = "{0} {1} alone")
  @MethodSource("everyRequiringOption")
  void everyRequiringOptionIsRefusedAlone(
      List<String> path, List<String> given, List<String> requires) {
    List<String> args = new ArrayList<>(given);
    args.addAll(requiredParameters(path, given.get(0)));
    CommandOutput o = assertOneLineBadInput(path, args);
    assertThat(o.err()).contains(given.get(0) + ": only with ", String.join(" and ", requires));
  }

  /**
   * {@code embedded}'s directories, found unusable before HBase starts: the conf dir where even
   * root makes nothing (the permission bits of /proc allow it), and the data directory's parent
   * under a regular file.
   */
  @org.junit.jupiter.api.Test
  void embeddedRefusesUnusableDirectoriesBeforeStarting(@TempDir Path tmp) throws IOException {
    Path file = Files.writeString(tmp.resolve("file.txt"), "x");
    embeddedRefused(
        tmp.resolve("base"), List.of("--conf-dir", "/proc/hbload-never-created"), "--conf-dir");
    assertThat(Path.of("/proc/hbload-never-created")).doesNotExist();
    embeddedRefused(file.resolve("sub"), List.of("--seconds", "1"), file + "/sub");
    assertThat(Files.readString(file)).isEqualTo("x");
  }

  /**
   * Runs {@code embedded args} with its data directory under {@code clusterBase}: refused in under
   * 2 s, one line naming {@code names}, nothing made there.
   */
  private static CommandOutput embeddedRefused(Path clusterBase, List<String> args, String names)
      throws IOException {
    String previous = System.getProperty("test.build.data.basedirectory");
    try {
      System.setProperty("test.build.data.basedirectory", clusterBase.toString());
      long t0 = System.nanoTime();
      CommandOutput o = assertOneLineBadInput(List.of("embedded"), args);
      assertThat(o.err()).contains(names);
      double seconds = (System.nanoTime() - t0) / 1e9;
      assertThat(seconds).as("refused in under 2 s, before any server starts").isLessThan(2.0);
      if (Files.isDirectory(clusterBase)) {
        try (Stream<Path> made = Files.list(clusterBase)) {
          assertThat(made.toList()).as("no cluster directory").isEmpty();
        }
      }
      return o;
    } finally {
      if (previous == null) {
        System.clearProperty("test.build.data.basedirectory");
      } else {
        System.setProperty("test.build.data.basedirectory", previous);
      }
    }
  }

  /**
   * JVM options the cluster JVM dies on at once: before it runs (java -version refuses them) or
   * while it loads hbload (a heap too small for the class path). One line with the JVM's own reason
   * and exit 2, never its "Error occurred during initialization of VM" preamble, log decorations or
   * stack traces. Each JVM ends in well under a second; no cluster starts.
   */
  static Stream<Arguments> jvmOptionsTheClusterJvmDiesOn() {
    return Stream.of(
        Arguments.of("-Xmx1k", "Too small maximum heap"),
        Arguments.of("-XX:+NoSuchHbloadFlag", "Unrecognized VM option 'NoSuchHbloadFlag'"),
        Arguments.of("-Xms2g -Xmx1g", "Initial heap size set to a larger value than the maximum"),
        Arguments.of("-XX:+UseG1GC -XX:+UseParallelGC", "Multiple garbage collectors selected"),
        Arguments.of("-Xlog:gc:file={file}/sub/gc.log", "Error opening log file"),
        Arguments.of("-Xmx4m", "OutOfMemoryError"));
  }

  @ParameterizedTest(name = "embedded --jvm-options {0}")
  @MethodSource("jvmOptionsTheClusterJvmDiesOn")
  void jvmOptionsTheClusterJvmDiesOnAreOneLineNamingTheCause(
      String flags, String cause, @TempDir Path tmp) throws IOException {
    Path file = Files.writeString(tmp.resolve("file.txt"), "x");
    CommandOutput o =
        embeddedRefused(
            tmp.resolve("base"),
            List.of("--seconds", "1", "--jvm-options", flags.replace("{file}", file.toString())),
            "--jvm-options");
    assertThat(o.err())
        .contains(cause)
        .doesNotContain("Error occurred during initialization")
        .doesNotContain("[error]");
  }

  /**
   * {@code embedded --help}'s example, {@code --jvm-options "$(hbload gc-tune ...)"}, works as
   * printed: the flags gc-tune prints start a JVM (its GC log path is one java can open).
   */
  @org.junit.jupiter.api.Test
  void embeddedHelpsGcTuneExampleWorksAsPrinted() throws Exception {
    CommandLine cl = HbloadCommand.commandLine();
    cl.setUsageHelpWidth(1000); // the example on one line, as a user copies it
    String help = CommandOutput.of(cl, "embedded", "--help").out();
    java.util.regex.Matcher example =
        java.util.regex.Pattern.compile("\\$\\(hbload (gc-tune [^)]*)\\)").matcher(help);
    assertThat(example.find()).as(help).isTrue();
    List<String> words = List.of(example.group(1).split(" "));
    CommandOutput flags =
        CommandOutput.of(HbloadCommand.commandLine(), words.toArray(new String[0]));
    assertThat(flags.exit()).as(flags.err()).isZero();
    int logFile = words.indexOf("--log-file");
    Path log = logFile < 0 ? null : Path.of(words.get(logFile + 1));
    boolean logExisted = log != null && Files.exists(log);
    Map<String, String> cwdBefore = snapshot(Path.of("").toAbsolutePath());
    try {
      assertThat(
              io.hbload.hbase.embedded.ClusterJvm.refusal(
                  io.hbload.hbase.embedded.ClusterJvm.parseOptions(flags.out())))
          .as("java with the flags of %s", example.group(1))
          .isNull();
      assertThat(snapshot(Path.of("").toAbsolutePath()))
          .as("the check leaves no GC log in the working directory")
          .isEqualTo(cwdBefore);
    } finally {
      if (log != null && !logExisted) {
        Files.deleteIfExists(log); // the check JVM's own GC log
      }
    }
  }

  /**
   * A suite's manifest with a damaged number (text, negative, NaN, overflow) in a field: {@code
   * --resume} refuses it before anything runs, in one line naming the file and the field (exit 2:
   * it is read before the first round, as the suite's input).
   */
  @org.junit.jupiter.api.Test
  void aSuiteManifestsDamagedNumbersAreOneLineNamingTheField(@TempDir Path tmp) throws IOException {
    Path suite = tmp.resolve("suite");
    String options = "-w a -db basic -p recordcount=10 --rounds 1 --discard 0 --duration 1s";
    CommandOutput made =
        CommandOutput.of(
            HbloadCommand.commandLine(), (("suite " + options + " --out " + suite).split(" ")));
    assertThat(made.exit()).as(made.err()).isZero();
    Path manifest = suite.resolve("suite.manifest");
    List<String> lines = Files.readAllLines(manifest);
    assertThat(lines.get(2)).isEqualTo("done 1 a cache -");
    Map<String, String> damage =
        Map.of(
            "done x a cache -", "round",
            "done -1 a cache -", "round",
            "done 99999999999 a cache -", "round",
            "done 1 a cache 1 2 3 4 5 x", "l2Misses",
            "done 1 a cache 1 -2 3 4 5 6", "misses",
            "done 1 a cache NaN 2 3 4 5 6", "hits",
            "done 1 a cache 1 2 99999999999999999999 4 5 6", "l1Hits");
    for (Map.Entry<String, String> d : damage.entrySet()) {
      List<String> damaged = new ArrayList<>(lines);
      damaged.set(2, d.getKey());
      Files.write(manifest, damaged);
      CommandOutput o = assertOneLineBadInput(List.of("suite"), options + " --resume " + suite);
      assertThat(o.err())
          .as(d.getKey())
          .contains(manifest.toString(), d.getValue())
          .doesNotContain("NumberFormatException");
    }
  }

  /**
   * A find-max shard exchange file with a damaged number: one line naming the file and the field,
   * exit 1 (the files are the other shards' output, read while the search runs, not the user's
   * input), never a NumberFormatException. A join file is read at once; a step file after this
   * shard's first step (about 3 s).
   */
  static Stream<Arguments> damagedExchangeFiles() {
    return Stream.of(
        Arguments.of("join-1.properties", "joinedEpochMillis", "abc"),
        Arguments.of("join-1.properties", "joinedEpochMillis", "-5"),
        Arguments.of("join-1.properties", "joinedEpochMillis", "99999999999999999999"),
        Arguments.of("step-1-1.properties", "offeredOpsPerSec", "NaN"),
        Arguments.of("step-1-1.properties", "cpuLoad", "abc"),
        Arguments.of("step-1-1.properties", "slotWaits", "-1"));
  }

  @ParameterizedTest(name = "{0} {1}={2}")
  @MethodSource("damagedExchangeFiles")
  void aShardExchangesDamagedNumbersAreOneLineNamingTheField(
      String file, String field, String value, @TempDir Path dir) throws Exception {
    long now = System.currentTimeMillis();
    Map<String, String> step = new TreeMap<>();
    step.putAll(
        Map.of(
            "offeredOpsPerSec", "100.0",
            "achievedOpsPerSec", "100.0",
            "slotWaits", "0",
            "operations", "100",
            "cpuLoad", "0.1",
            "stepStartEpochMillis", "0",
            "publishedEpochMillis", Long.toString(now)));
    Thread peer = null;
    if (file.startsWith("join-")) {
      Files.writeString(dir.resolve(file), field + "=" + value + "\nfingerprint=x\n");
    } else {
      step.put(field, value);
      writeProperties(dir.resolve(file), step);
      // the peer joins with this shard's fingerprint, as a second shard of the same search would
      peer =
          new Thread(
              () -> {
                try {
                  Path own = dir.resolve("join-0.properties");
                  await("this shard's join file", Duration.ofSeconds(30), Duration.ofMillis(20))
                      .until(() -> Files.exists(own));
                  Map<String, String> join = new TreeMap<>();
                  for (String line : Files.readAllLines(own)) {
                    if (line.startsWith("fingerprint=")) {
                      join.put("fingerprint", line.substring("fingerprint=".length()));
                    }
                  }
                  join.put("joinedEpochMillis", Long.toString(System.currentTimeMillis()));
                  writeProperties(dir.resolve("join-1.properties"), join);
                } catch (IOException e) {
                  throw new AssertionError(e);
                }
              });
      peer.start();
    }
    List<String> argv = new ArrayList<>(List.of(FindMaxArgs.twoMillisecondSearch()));
    argv.addAll(List.of("--shard", "0/2", "--find-max-exchange", dir.toString()));
    CommandOutput o = CommandOutput.of(HbloadCommand.commandLine(), argv.toArray(new String[0]));
    if (peer != null) {
      peer.join(10_000);
    }
    assertThat(o.exit()).as(o.err()).isEqualTo(ExitCode.FAILURE);
    List<String> failures =
        o.errLines().stream().filter(l -> l.startsWith("hbload run: ")).toList();
    assertThat(failures).as(o.err()).hasSize(1);
    assertThat(failures.get(0))
        .contains(dir.resolve(file).toString(), field)
        .doesNotContain("NumberFormatException");
    assertThat(o.err()).doesNotContain("\tat ");
  }

  /** A {@code key=value} file written whole (through a temp file), as the exchange's own are. */
  private static void writeProperties(Path file, Map<String, String> p) throws IOException {
    StringBuilder text = new StringBuilder();
    p.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
    Path tmp = Files.writeString(file.resolveSibling(file.getFileName() + ".tmp"), text);
    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * {@code dfsio --datanodes 0} was the default in silence; a cluster of no DataNodes is refused
   * before anything starts (the lower bound: at least 1, and at least the policy's width).
   */
  @org.junit.jupiter.api.Test
  void dfsioRefusesZeroDataNodes() {
    CommandOutput o =
        assertOneLineBadInput(
            List.of("dfsio", "write"),
            "--datanodes 0 --fs hdfs://127.0.0.1:1 -D ipc.client.connect.max.retries=0");
    assertThat(o.err()).contains("--datanodes must be at least 1");
  }

  /**
   * picocli's {@code @file} expansion is off: {@code @FILE} is an argument like any other, and a
   * file's content never reaches an error message (a secret in it would be printed to a log).
   */
  @org.junit.jupiter.api.Test
  void atFilesAreNeitherExpandedNorEchoed(@TempDir Path dir) throws IOException {
    String secret = "hbload-secret-line-4711";
    Path file = Files.writeString(dir.resolve("args"), secret + "\n");
    for (List<String> argv :
        List.of(
            List.of("run", "@" + file),
            List.of("@" + file),
            List.of("run", "-w", "a", "-db", "@" + file),
            List.of("gc-tune", "@" + file))) {
      CommandOutput o = CommandOutput.of(HbloadCommand.commandLine(), argv.toArray(new String[0]));
      assertThat(o.exit()).as("%s: %s", argv, o.err()).isEqualTo(ExitCode.BAD_INPUT);
      assertThat(o.errLines()).as("%s", argv).hasSize(1);
      assertThat(o.err() + o.out()).as("%s", argv).doesNotContain(secret);
    }
  }

  /**
   * No help prints picocli's warnings ({@code [picocli WARN] Could not format ...}: a lone {@code
   * %} in a description), from {@code hbload} alone and every command's {@code --help}.
   */
  static Stream<List<String>> everyCommandPath() {
    return commandPaths(HbloadCommand.commandLine(), new ArrayList<>()).stream();
  }

  @ParameterizedTest(name = "{0} --help")
  @MethodSource("everyCommandPath")
  void helpPrintsNoPicocliWarning(List<String> path) {
    List<String> argv = new ArrayList<>(path);
    argv.add("--help");
    CommandOutput[] o = new CommandOutput[1];
    String warnings =
        picocliTrace(
            () ->
                o[0] = CommandOutput.of(HbloadCommand.commandLine(), argv.toArray(new String[0])));
    assertThat(o[0].exit()).as(o[0].err()).isZero();
    assertThat(warnings + o[0].out() + o[0].err()).doesNotContain("[picocli WARN]");
    if (path.isEmpty()) {
      String alone = picocliTrace(() -> o[0] = CommandOutput.of(HbloadCommand.commandLine()));
      assertThat(o[0].exit()).isEqualTo(ExitCode.BAD_INPUT);
      assertThat(alone + o[0].out() + o[0].err()).doesNotContain("[picocli WARN]");
    }
  }

  /**
   * What picocli's tracer prints while {@code action} runs: it writes its warnings to System.err,
   * not to the command line's writers, so System.err is swapped for the time of the action.
   */
  private static String picocliTrace(Runnable action) {
    java.io.PrintStream previous = System.err;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      action.run();
    } finally {
      System.setErr(previous);
    }
    return captured.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  /** Every command path of the tree, the root ([]) included. */
  private static List<List<String>> commandPaths(CommandLine cl, List<String> prefix) {
    List<List<String>> out = new ArrayList<>();
    out.add(List.copyOf(prefix));
    cl.getSubcommands()
        .forEach(
            (name, sub) -> {
              if (!sub.getCommandSpec().name().equals(name)) {
                return; // an alias
              }
              List<String> p = new ArrayList<>(prefix);
              p.add(name);
              out.addAll(commandPaths(sub, p));
            });
    return out;
  }
}
