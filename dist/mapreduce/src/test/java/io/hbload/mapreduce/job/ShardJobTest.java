package io.hbload.mapreduce.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.export.ProgressLine;
import io.hbload.mapreduce.task.ShardCounter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.NLineInputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ShardJobTest {
  @TempDir Path dir;

  /**
   * Hadoop numbers map tasks in the order of the splits sorted by length, largest first (stable).
   */
  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 10, 11, 101})
  void mapTaskIIsShardI(int shards) throws Exception {
    Path input = Files.writeString(dir.resolve("shards.txt"), ShardJob.inputLines(shards));
    Job job = Job.getInstance(new Configuration());
    NLineInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(input.toUri()));
    NLineInputFormat.setNumLinesPerSplit(job, 1);
    List<InputSplit> splits = new NLineInputFormat().getSplits(job);
    assertThat(splits).hasSize(shards);
    assertThat(splits.stream().map(ShardJobTest::length).distinct())
        .as("one length: sorting keeps the order")
        .hasSize(1);
    byte[] text = Files.readAllBytes(input);
    for (int i = 0; i < shards; i++) {
      FileSplit split = (FileSplit) splits.get(i);
      // the line the record reader returns starts after the split's first newline (none for the
      // first split)
      String chunk = new String(text, (int) split.getStart(), (int) split.getLength() + 1, "UTF-8");
      String line = i == 0 ? chunk : chunk.substring(chunk.indexOf('\n') + 1);
      assertThat(Integer.parseInt(line.strip())).isEqualTo(i);
    }
  }

  private static long length(InputSplit s) {
    try {
      return s.getLength();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  /**
   * The status line of a job from its counters: done of planned, the rate since the previous line,
   * the time left at the rate so far; "ETA unknown" before the first counted operation, never a
   * figure from a zero rate.
   */
  @Test
  void theStatusLineEstimatesWhatIsLeftFromTheTasksCounters() {
    long[] now = {1_000_000};
    CounterProgress progress =
        new CounterProgress(
            ShardCounter.OPERATIONS,
            1,
            ProgressLine.Unit.OPERATIONS,
            100_000,
            0,
            1_005_000,
            () -> now[0],
            c -> c.findCounter(ShardCounter.ERRORS).getValue() + " errors");
    Counters counters = new Counters();
    assertThat(progress.apply(counters)).isEqualTo("shards start in 5.0 s; 0 errors");
    now[0] = 1_010_000;
    assertThat(progress.apply(counters))
        .isEqualTo("0 of 100,000 operations (0 %) in 5.0 s, 0 ops/sec now, ETA unknown; 0 errors");
    now[0] = 1_025_000;
    counters.findCounter(ShardCounter.OPERATIONS).setValue(20_000);
    counters.findCounter(ShardCounter.ERRORS).setValue(3);
    // 20,000 in 20 s: 1,000 ops/sec on average, 80,000 left
    assertThat(progress.apply(counters))
        .isEqualTo(
            "20,000 of 100,000 operations (20 %) in 20 s, 1,333 ops/sec now,"
                + " about 1 min 20 s left; 3 errors");
    now[0] = 1_035_000;
    counters.findCounter(ShardCounter.OPERATIONS).setValue(50_000);
    assertThat(progress.apply(counters))
        .isEqualTo(
            "50,000 of 100,000 operations (50 %) in 30 s, 3,000 ops/sec now,"
                + " about 30 s left; 3 errors");
    counters.findCounter(ShardCounter.OPERATIONS).setValue(100_000);
    now[0] = 1_045_000;
    assertThat(progress.apply(counters))
        .isEqualTo("100,000 of 100,000 operations (100 %) in 40 s, 5,000 ops/sec now; 3 errors");
  }

  /** A run bounded by maxexecutiontime: the time left of the limit, once operations are counted. */
  @Test
  void aTimeBoundedJobCountsTheTimeLeftOfItsLimit() {
    long[] now = {2_000};
    CounterProgress progress =
        new CounterProgress(
            ShardCounter.BYTES,
            1 << 20,
            new ProgressLine.Unit("MiB", "MiB/sec"),
            0,
            120,
            0,
            () -> now[0],
            c -> "");
    Counters counters = new Counters();
    assertThat(progress.apply(counters)).isEqualTo("0 MiB in 2.0 s, 0 MiB/sec now, ETA unknown");
    now[0] = 30_000;
    counters.findCounter(ShardCounter.BYTES).setValue(300L << 20);
    assertThat(progress.apply(counters))
        .isEqualTo("300 MiB in 30 s, 11 MiB/sec now, about 1 min 30 s left");
  }

  @Test
  void aTaskDiagnosticIsCutToWhatTheTaskSaid() {
    assertThat(
            ShardJob.cleaned(
                "Error: java.io.IOException: shard 1/2: run failed: worker 0 failed\n"
                    + "\tat io.hbload.mapreduce.task.PhaseMapper.map(PhaseMapper.java:52)\n"))
        .isEqualTo("shard 1/2: run failed: worker 0 failed");
    assertThat(
            ShardJob.cleaned("Error: java.lang.RuntimeException: java.io.IOException: disk full"))
        .isEqualTo("disk full");
    assertThat(
            ShardJob.cleaned("[2026-11-22 19:07:20.154]Container killed by the ApplicationMaster."))
        .isEqualTo("Container killed by the ApplicationMaster.");
    assertThat(ShardJob.cleaned("Fail task attempt attempt_1_0004_m_000001_0 received from root"))
        .isEqualTo("Fail task attempt attempt_1_0004_m_000001_0 received from root");
  }
}
