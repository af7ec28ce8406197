package io.hbload.mapreduce.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
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
