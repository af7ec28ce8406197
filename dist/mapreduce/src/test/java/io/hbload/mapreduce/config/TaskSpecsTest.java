package io.hbload.mapreduce.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.spec.RunSpec;
import io.hbload.hdfs.config.CoderChoice;
import io.hbload.hdfs.config.StoragePolicy;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the driver writes into the job configuration is what each task reads back, shard by shard.
 */
class TaskSpecsTest {
  @TempDir Path dir;

  @Test
  void aTaskReadsTheRunsPropertiesVerbatimAndAddsOnlyItsOwn() {
    Map<String, String> props = new LinkedHashMap<>();
    props.put("workload", "site.ycsb.workloads.CoreWorkload");
    props.put("recordcount", "1001");
    props.put("operationcount", "10");
    props.put("db", "basic");
    props.put("label", "${user.name} run"); // Configuration#get would expand this
    Configuration conf = new Configuration(false);
    new PhaseTaskSpec(Phase.LOAD, 2, 1_800_000_000_000L, props).writeTo(conf);

    PhaseTaskSpec read = PhaseTaskSpec.readFrom(new Configuration(conf));
    assertThat(read.properties()).isEqualTo(props);
    Map<String, String> shard1 = read.forShard(1, dir.resolve("s1.hlog"), dir.resolve("s1.json"));
    assertThat(shard1)
        .containsEntry(PropertyNames.SHARD, "1/2")
        .containsEntry(PropertyNames.START_AT, "1800000000000")
        .containsEntry(PropertyNames.HLOG_FILE, dir.resolve("s1.hlog").toString());
    RunSpec spec = SpecParser.parse(shard1, read.phase());
    assertThat(spec.execution().operations()).as("shard 1's slice of 1001 records").isEqualTo(500);
    assertThat(spec.outputs().label()).isEqualTo("${user.name} run");
  }

  @Test
  void dfsioTasksSplitTheFilesContiguouslyAndReadTheSpecBack() {
    DfsioTaskSpec spec =
        new DfsioTaskSpec(
            DfsioTaskSpec.Pass.READ,
            StoragePolicy.parse("RS-3-2-1024k", 0),
            7,
            3 << 20,
            1 << 20,
            2,
            "/bench",
            CoderChoice.RS_JAVA,
            3,
            42L);
    Configuration conf = new Configuration(false);
    spec.writeTo(conf);
    assertThat(DfsioTaskSpec.readFrom(conf)).isEqualTo(spec);
    assertThat(spec.filesOf(0)).isEqualTo(new DfsioTaskSpec.FileSlice(0, 3));
    assertThat(spec.filesOf(1)).isEqualTo(new DfsioTaskSpec.FileSlice(3, 2));
    assertThat(spec.filesOf(2)).isEqualTo(new DfsioTaskSpec.FileSlice(5, 2));
    assertThat(JobKeys.shardOfLine("0002\n", 3)).isEqualTo(2);
    assertThat(JobKeys.shardOfLine("0 ", 3)).isZero();
  }
}
