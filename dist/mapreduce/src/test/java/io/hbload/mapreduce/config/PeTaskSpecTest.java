package io.hbload.mapreduce.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.hbase.pe.PeSpec;
import io.hbload.hbase.pe.PeTest;
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
    assertThat(read.perClientRows()).isEqualTo(1234);
    assertThat(read.totalRows()).isEqualTo(spec.totalRows()).isNotEqualTo(1234 * 3);
    assertThat(conf.get(PeTaskSpec.PREFIX + "test")).isEqualTo("RANDOM_READ");
  }

  @Test
  void anEmptyTextSurvivesTheJobsXmlConfiguration() throws Exception {
    // no --splitPolicy is an empty text, which the job's XML configuration drops
    Configuration conf = new Configuration(false);
    PeTaskSpec.writeTo(sample(), conf);
    conf.set(PeTaskSpec.PREFIX + "splitPolicy", "");
    java.io.ByteArrayOutputStream xml = new java.io.ByteArrayOutputStream();
    conf.writeXml(xml);
    Configuration read = new Configuration(false);
    read.addResource(new java.io.ByteArrayInputStream(xml.toByteArray()));
    PeSpec spec = PeTaskSpec.readFrom(read);
    assertThat(spec.splitPolicy()).isEmpty();
    assertThat(spec.test()).isEqualTo(sample().test());
  }

  private static PeSpec sample() {
    return PeSpec.validated(
        PeTest.RANDOM_READ,
        3,
        1234,
        2.0f,
        7,
        "Other_Table",
        2,
        3,
        333,
        true,
        4,
        2,
        Compression.Algorithm.GZ,
        DataBlockEncoding.FAST_DIFF,
        BloomType.ROWCOL,
        true,
        true,
        false,
        true,
        55,
        6,
        0,
        9,
        0.25f,
        131072,
        MemoryCompactionPolicy.EAGER,
        "org.example.SplitPolicy",
        true,
        false,
        true,
        Scan.ReadType.PREAD,
        7,
        false,
        3,
        5);
  }

  @Test
  void aJobWithoutThePeSpecIsABugNotInput() {
    assertThatThrownBy(() -> PeTaskSpec.readFrom(new Configuration(false)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("not an hbload mapreduce pe job");
  }
}
