package io.hbload.mapreduce.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.config.SpecException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --output} is qualified on its own file system, whatever the default one is; without it,
 * the directory is named for what the job runs.
 */
class WorkDirsTest {
  /** A default file system no one listens on: creating its client must be all that happens. */
  private static Configuration hdfsDefault() {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "hdfs://127.0.0.1:1");
    return conf;
  }

  @Test
  void aLocalOutputBesideAnHdfsDefaultIsTheLocalDirectory(@TempDir Path tmp) throws Exception {
    // was IllegalArgumentException "Wrong FS: file:/..., expected: hdfs://...", though describe()
    // suggests exactly this
    String given = tmp.resolve("job").toUri().toString();
    org.apache.hadoop.fs.Path dir = WorkDirs.choose(given, hdfsDefault(), null, "dfsio-write");
    assertThat(dir.toUri().getScheme()).isEqualTo("file");
    assertThat(dir.toUri().getPath()).isEqualTo(tmp.resolve("job").toString());
  }

  @Test
  void theDefaultDirectoryIsNamedForWhatTheJobRunsAsGiven() throws Exception {
    // was lower-cased for the phase's enum name: a pe job's directory read pe-asyncsequentialwrite
    // (and run- before)
    Configuration local = new Configuration();
    local.set("fs.defaultFS", "file:///");
    org.apache.hadoop.fs.Path dir = WorkDirs.choose(null, local, null, "pe-asyncSequentialWrite");
    assertThat(dir.getName()).matches("pe-asyncSequentialWrite-\\d{8}-\\d{6}-\\d{3}");
    assertThat(dir.getParent().getName()).isEqualTo("hbload-mapreduce");
    assertThat(Files.exists(Path.of(dir.toUri()))).as("chosen, not created").isFalse();
  }

  @Test
  void anExistingLocalOutputIsRefused(@TempDir Path tmp) throws Exception {
    Path existing = Files.createDirectory(tmp.resolve("job"));
    assertThatThrownBy(
            () -> WorkDirs.choose(existing.toUri().toString(), hdfsDefault(), null, "dfsio-write"))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("exists already");
  }
}
