package io.hbload.mapreduce.job;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.TaskID;
import org.apache.hadoop.mapreduce.lib.input.NLineInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * A map-only job with one map task per shard, as HBase's PerformanceEvaluation and TestDFSIO run
 * theirs: the input is one line per shard ({@link NLineInputFormat}, one line per split, the line
 * being the shard index), and each task commits its shard's files through {@link
 * FileOutputFormat}'s committer, so only the successful attempt of a shard publishes anything.
 * Speculative execution is off (a second attempt would double the load on the cluster under test).
 * While it runs, {@link #await} prints a status line every 10 s (the work done, from the tasks'
 * counters) and one line per failed or killed attempt with its diagnostics. {@link #kill} may be
 * called from any thread (Ctrl-C); the rest from one.
 */
public final class ShardJob {
  /**
   * The committer version that publishes a task's files into the output directory at task commit
   * (see submit).
   */
  private static final int COMMIT_AT_TASK_END = 2;

  private static final long STATUS_PERIOD_MILLIS = 10_000;

  private final Job job;
  private final Path outputDir;
  private final Consumer<String> messages;
  private final Map<TaskID, String> lastFailure = new LinkedHashMap<>();
  private volatile boolean killing;
  private int nextEvent;

  /** How the job ended and the files its shards committed. */
  public record Outcome(
      boolean succeeded, boolean killed, String failure, List<Path> committed, Path outputDir) {}

  /**
   * What to run.
   *
   * @param workDir a directory on the job's file system that does not exist yet: gets {@code
   *     input/} and {@code output/}
   * @param shipJar true on a real cluster: the jar holding the mapper (hbload.jar) becomes the job
   *     jar; a mini cluster's tasks already get this JVM's class path
   * @param hbaseCredentials obtain HBase delegation tokens for the tasks (a no-op unless HBase
   *     security is on)
   */
  public record Submission(
      String name,
      int shards,
      Class<? extends Mapper<?, ?, ?, ?>> mapper,
      Path workDir,
      boolean shipJar,
      boolean hbaseCredentials) {}

  private ShardJob(Job job, Path outputDir, Consumer<String> messages) {
    this.job = job;
    this.outputDir = outputDir;
    this.messages = messages;
  }

  /** Writes the input, configures and submits the job; returns at once. */
  public static ShardJob submit(Configuration conf, Submission s, Consumer<String> messages)
      throws IOException, InterruptedException {
    Job job = prepare(conf, s);
    Path output = FileOutputFormat.getOutputPath(job);
    try {
      job.submit();
    } catch (ClassNotFoundException e) {
      throw new IOException("cannot submit " + s.name() + ": " + e.getMessage(), e);
    }
    String tracking = job.getTrackingURL();
    // a mini cluster has no web proxy: its URL ends in port 0
    messages.accept(
        "submitted "
            + job.getJobID()
            + ": "
            + s.shards()
            + " map tasks"
            + (tracking == null || tracking.contains(":0/") ? "" : ", tracking " + tracking));
    return new ShardJob(job, output, messages);
  }

  /**
   * Writes the input and configures the job, not yet submitted: with {@code hbaseCredentials} on a
   * Kerberized HBase, the job's credentials then hold an HBase delegation token of the current
   * (logged-in) user, which is how the tasks authenticate; no keytab travels with the job.
   */
  public static Job prepare(Configuration conf, Submission s) throws IOException {
    FileSystem fs = s.workDir().getFileSystem(conf);
    if (fs.exists(s.workDir())) {
      throw new IOException(s.workDir() + " exists already; give a new --output directory");
    }
    Path input = new Path(s.workDir(), "input/shards.txt");
    try (OutputStream out = fs.create(input, false)) {
      out.write(inputLines(s.shards()).getBytes(StandardCharsets.UTF_8));
    }
    Path output = new Path(s.workDir(), "output");
    Job job = Job.getInstance(conf, s.name());
    Configuration jc = job.getConfiguration();
    jc.setBoolean("mapreduce.map.speculative", false);
    // Version 2 publishes a task's files into the output directory when the task commits, so the
    // shards that
    // finished are there for a partial report even if another shard fails the job; uncommitted
    // attempts' files
    // stay in their own work directories and are discarded either way.
    jc.setInt("mapreduce.fileoutputcommitter.algorithm.version", COMMIT_AT_TASK_END);
    job.setMapperClass(s.mapper());
    job.setNumReduceTasks(0);
    job.setInputFormatClass(NLineInputFormat.class);
    NLineInputFormat.addInputPath(job, input);
    NLineInputFormat.setNumLinesPerSplit(job, 1);
    LazyOutputFormat.setOutputFormatClass(job, TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, output);
    if (s.shipJar()) {
      job.setJarByClass(s.mapper());
    }
    if (s.hbaseCredentials()) {
      TableMapReduceUtil.initCredentials(job);
    }
    return job;
  }

  /**
   * Waits for the end, printing every 10 s a status line ({@code summary} turns the job's counters
   * into its text, e.g. a {@link CounterProgress}) and a line for every attempt that failed or was
   * killed.
   */
  public Outcome await(Function<Counters, String> summary)
      throws IOException, InterruptedException {
    long start = System.nanoTime();
    long nextStatus = start + STATUS_PERIOD_MILLIS * 1_000_000L;
    while (!job.isComplete()) {
      Thread.sleep(500);
      readEvents();
      if (System.nanoTime() >= nextStatus) {
        nextStatus += STATUS_PERIOD_MILLIS * 1_000_000L;
        messages.accept(status((System.nanoTime() - start) / 1_000_000_000L, summary));
      }
    }
    readEvents();
    boolean succeeded = job.isSuccessful();
    boolean killed = job.getStatus().getState() == JobStatus.State.KILLED;
    return new Outcome(succeeded, killed, succeeded ? null : failure(), committed(), outputDir);
  }

  /**
   * One line per shard, its index, laid out so that map task I is shard I: Hadoop numbers the tasks
   * after sorting the splits by length (stable), and {@link NLineInputFormat} makes its first split
   * one byte shorter than the others; fixed-width lines plus one padding byte on line 0 make all
   * splits equally long.
   */
  static String inputLines(int shards) {
    int width = Integer.toString(Math.max(0, shards - 1)).length();
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < shards; i++) {
      lines.append(String.format(Locale.ROOT, "%0" + width + "d", i)).append(i == 0 ? " \n" : "\n");
    }
    return lines.toString();
  }

  /** Kills the job (Ctrl-C): its running attempts stop and commit nothing. Safe from any thread. */
  public void kill() {
    killing = true;
    try {
      job.killJob();
    } catch (IOException | RuntimeException e) {
      messages.accept("could not kill " + job.getJobID() + ": " + e.getMessage());
    }
  }

  private String status(long seconds, Function<Counters, String> summary) {
    try {
      Counters counters = job.getCounters();
      // no map progress: each task's one-line split takes it from 0 to 1 at the task's end
      return counters == null ? seconds + " sec: no counters yet" : summary.apply(counters);
    } catch (IOException | RuntimeException e) {
      return seconds + " sec: (status unavailable: " + firstLine(e.getMessage()) + ")";
    }
  }

  /**
   * New failed or killed attempts: one line each, and the last failure of each task kept for the
   * verdict.
   */
  private void readEvents() throws IOException, InterruptedException {
    TaskCompletionEvent[] events;
    try {
      events = job.getTaskCompletionEvents(nextEvent, 100);
    } catch (IOException e) {
      return; // the ApplicationMaster is going away: the final call after completion reads the rest
    }
    for (TaskCompletionEvent e : events) {
      nextEvent = Math.max(nextEvent, e.getEventId() + 1);
      TaskCompletionEvent.Status st = e.getStatus();
      if (st == TaskCompletionEvent.Status.TIPFAILED) {
        // the event of the task's last attempt: its own failure comes with it (with one attempt,
        // the only one)
        String why = diagnostics(e);
        if (!why.isEmpty()) {
          lastFailure.put(e.getTaskAttemptId().getTaskID(), why);
        }
        messages.accept(
            "task "
                + e.getTaskAttemptId().getTaskID()
                + " is out of attempts"
                + (why.isEmpty() ? "" : ": " + why));
      } else if (st == TaskCompletionEvent.Status.FAILED
          || st == TaskCompletionEvent.Status.KILLED) {
        String why = diagnostics(e);
        if (st == TaskCompletionEvent.Status.FAILED) {
          lastFailure.put(e.getTaskAttemptId().getTaskID(), why);
        }
        messages.accept(
            "attempt "
                + e.getTaskAttemptId()
                + " "
                + st.name().toLowerCase(Locale.ROOT)
                + (why.isEmpty() ? "" : ": " + why)
                + (killing ? "" : "; MapReduce retries its shard unless it is out of attempts"));
      }
    }
    if (events.length == 100) {
      readEvents();
    }
  }

  private String diagnostics(TaskCompletionEvent e) {
    try {
      // the first is what the attempt said (its exception, or who killed it); the NodeManager's
      // lines follow
      String[] d = job.getTaskDiagnostics(e.getTaskAttemptId());
      return d == null || d.length == 0 ? "" : cleaned(d[0]);
    } catch (IOException | InterruptedException | RuntimeException ex) {
      return "";
    }
  }

  /** The task failure that failed the job, else the job's own failure text. */
  private String failure() throws IOException, InterruptedException {
    if (!lastFailure.isEmpty()) {
      Map.Entry<TaskID, String> last = null;
      for (Map.Entry<TaskID, String> e : lastFailure.entrySet()) {
        last = e;
      }
      return "task " + last.getKey() + " failed: " + last.getValue();
    }
    String info = job.getStatus().getFailureInfo();
    return info == null || info.isBlank()
        ? "job " + job.getJobID() + " " + job.getStatus().getState()
        : cleaned(info);
  }

  /** The files the shards committed, whether the job succeeded or not. */
  private List<Path> committed() throws IOException {
    FileSystem fs = outputDir.getFileSystem(job.getConfiguration());
    List<Path> files = new ArrayList<>();
    if (!fs.exists(outputDir)) {
      return files;
    }
    for (FileStatus f : fs.listStatus(outputDir)) {
      String name = f.getPath().getName();
      if (f.isFile() && !name.startsWith("_") && !name.startsWith(".")) {
        files.add(f.getPath());
      }
    }
    files.sort(null);
    return files;
  }

  /**
   * A diagnostic's first line without what Hadoop puts before the task's own words: a {@code
   * [timestamp]}, and {@code Error: java.io.IOException: } before {@code shard 1/2: ...}.
   */
  static String cleaned(String diagnostic) {
    String line = firstLine(diagnostic).replaceFirst("^\\[[^]]*]\\s*", "");
    return line.replaceFirst(
            "^(Error: )?(([A-Za-z_$][\\w$]*\\.)*[A-Za-z_$][\\w$]*(Exception|Error): )+", "")
        .strip();
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    String t = s.strip();
    int nl = t.indexOf('\n');
    return nl < 0 ? t : t.substring(0, nl).strip();
  }
}
