package io.hbload.hdfs.config;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a DataNode fault refuses before anything starts, and why, in one line. */
class DataNodeFaultTest {
  private static final StoragePolicy RS_6_3 = StoragePolicy.parse("RS-6-3-1024k", 0);

  private static DataNodeFault fault(int k) {
    return new DataNodeFault(
        k, Duration.ofSeconds(10), Duration.ofSeconds(60), 1, Optional.empty());
  }

  @Test
  void at_not_before_the_end_is_refused() {
    assertThatThrownBy(
            () ->
                new DataNodeFault(
                    1, Duration.ofSeconds(60), Duration.ofSeconds(60), 1, Optional.empty()))
        .isInstanceOf(BadInputException.class)
        .hasMessage(
            "--at 60s is not before the pass's end (--duration 60s): the DataNodes would never"
                + " be stopped");
  }

  @Test
  void count_and_at_errors_are_reported_at_once() {
    assertThatThrownBy(
            () -> new DataNodeFault(0, Duration.ZERO, Duration.ofSeconds(5), 1, Optional.empty()))
        .hasMessageContaining("--kill-datanodes must be at least 1")
        .hasMessageContaining("--at must be positive");
  }

  @Test
  void more_than_the_parity_is_refused_saying_why() {
    assertThatThrownBy(() -> fault(4).check(RS_6_3, 20))
        .hasMessageStartingWith(
            "--kill-datanodes 4 is more than RS-6-3-1024k survives (its 3 parity units)");
    assertThatCode(() -> fault(3).check(RS_6_3, 20)).doesNotThrowAnyException();
  }

  @Test
  void as_many_as_the_replicas_is_refused() {
    assertThatThrownBy(() -> fault(3).check(StoragePolicy.replication(3), 20))
        .hasMessageContaining("is not less than REPLICATION x3's 3 replicas");
    assertThatCode(() -> fault(2).check(StoragePolicy.replication(3), 20))
        .doesNotThrowAnyException();
  }

  @Test
  void every_datanode_is_refused_and_an_unknown_count_is_not_checked() {
    assertThatThrownBy(() -> fault(2).check(RS_6_3, 2))
        .hasMessageContaining("would stop every DataNode but 0 of 2");
    assertThatCode(() -> fault(2).check(RS_6_3, -1)).doesNotThrowAnyException();
  }
}
