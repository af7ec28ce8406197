package io.hbload.mapreduce.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.hbase.pe.PeExecution;
import io.hbload.hbase.pe.PeScanOptions;
import io.hbload.hbase.pe.PeSpec;
import io.hbload.hbase.pe.PeTableOptions;
import io.hbload.hbase.pe.PeTest;
import io.hbload.hbase.pe.PeWorkload;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.MemoryCompactionPolicy;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.junit.jupiter.api.Test;

/**
 * A map task of {@code mapreduce pe} runs exactly the PE spec the driver validated, derived row
 * counts included.
 */
class PeTaskSpecTest {
  @Test
  void everyOptionAndTheDerivedRowsSurviveTheJobConfiguration() {
    // non-defaults everywhere, --size with --rows for randomRead (PE's key range and per-client
    // rows)
    PeSpec spec = sample();
    Configuration conf = new Configuration(false);
    PeTaskSpec.writeTo(spec, conf);

    PeSpec read = PeTaskSpec.readFrom(new Configuration(conf));
    assertThat(read).isEqualTo(spec);
    assertThat(read.rows().perClientRows()).isEqualTo(1234);
    assertThat(read.rows().totalRows()).isEqualTo(spec.rows().totalRows()).isNotEqualTo(1234 * 3);
    assertThat(conf.get(PeTaskSpec.PREFIX + "workload.test")).isEqualTo("RANDOM_READ");
  }

  @Test
  void anEmptyTextSurvivesTheJobsXmlConfiguration() throws Exception {
    // no --splitPolicy is an empty text, which the job's XML configuration drops
    Configuration conf = new Configuration(false);
    PeTaskSpec.writeTo(sample(), conf);
    conf.set(PeTaskSpec.PREFIX + "table.splitPolicy", "");
    java.io.ByteArrayOutputStream xml = new java.io.ByteArrayOutputStream();
    conf.writeXml(xml);
    Configuration read = new Configuration(false);
    read.addResource(new java.io.ByteArrayInputStream(xml.toByteArray()));
    PeSpec spec = PeTaskSpec.readFrom(read);
    assertThat(spec.table().splitPolicy()).isEmpty();
    assertThat(spec.workload().test()).isEqualTo(sample().workload().test());
  }

  private static PeSpec sample() {
    return PeSpec.validated(
        new PeWorkload(PeTest.RANDOM_READ, 3, 333, true, false, 3, false, 6, 0),
        1234,
        2.0f,
        7,
        new PeTableOptions(
            "Other_Table",
            2,
            4,
            2,
            Compression.Algorithm.GZ,
            DataBlockEncoding.FAST_DIFF,
            BloomType.ROWCOL,
            true,
            131072,
            MemoryCompactionPolicy.EAGER,
            "org.example.SplitPolicy"),
        new PeExecution(3, true, true, 9, 0.25f, 7, 5),
        new PeScanOptions(55, true, false, true, Scan.ReadType.PREAD));
  }

  @Test
  void aJobWithoutThePeSpecIsABugNotInput() {
    assertThatThrownBy(() -> PeTaskSpec.readFrom(new Configuration(false)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("not an hbload mapreduce pe job");
  }
}
