package io.hbload.core.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How the workers' logs resolve into what the store must hold: the latest acknowledged write wins,
 * writes that overlapped in time may have landed in either order, a write whose outcome is unknown
 * may have landed at any time after it started; and what it costs in memory.
 */
class AuditSetTest {
  /** Nanoseconds per tick. */
  private static final long T = 1L << WriteLog.TICK_SHIFT;

  private static WriteLog log() {
    return new WriteLog(0);
  }

  /** An acknowledged update of field 2 of key {@code key} from tick {@code from} to {@code to}. */
  private static void ok(WriteLog log, long key, int digest, long from, long to) {
    log.write(key, 3, digest, false, true, from * T, to * T);
  }

  @Test
  void theLatestAcknowledgedWriteWinsAcrossWorkers() {
    WriteLog a = log();
    WriteLog b = log();
    ok(a, 7, 100, 1, 2);
    ok(b, 7, 200, 3, 4); // started after the first ended: the last
    ok(a, 9, 300, 5, 6);
    ok(b, 9, 400, 1, 2); // ended before the other started: not the last
    ok(b, 8, 500, 1, 2);
    AuditSet set = AuditSet.resolve(List.of(a, b));
    assertThat(set.size()).isEqualTo(3);
    assertThat(set.writes()).isEqualTo(5);
    assertThat(new long[] {set.key(0), set.key(1), set.key(2)}).containsExactly(7, 8, 9);
    assertThat(set.state(0)).isEqualTo(AuditSet.WRITTEN);
    assertThat(set.digest(0)).isEqualTo(200);
    assertThat(set.fieldCode(0)).isEqualTo(3);
    assertThat(set.digest(1)).isEqualTo(500);
    assertThat(set.digest(2)).isEqualTo(300);
  }

  @Test
  void overlappingWritesOfDifferentValuesOnlyNeedTheRowThere() {
    WriteLog a = log();
    WriteLog b = log();
    ok(a, 1, 100, 1, 5);
    ok(b, 1, 200, 2, 6); // started before the other ended: either may be last
    ok(a, 2, 300, 1, 5);
    ok(b, 2, 300, 2, 6); // the same value either way
    AuditSet set = AuditSet.resolve(List.of(a, b));
    assertThat(set.state(0)).isEqualTo(AuditSet.PRESENT);
    assertThat(set.state(1)).isEqualTo(AuditSet.WRITTEN);
    assertThat(set.digest(1)).isEqualTo(300);
  }

  @Test
  void aWriteOfUnknownOutcomeMarksItsKeyUnknownUnlessItWroteTheSame() {
    WriteLog log = log();
    ok(log, 1, 100, 1, 2);
    log.write(1, 3, 999, false, false, 3 * T, 4 * T); // timed out: may land at any time
    // a load insert that timed out, then its retry (the same values) acknowledged
    log.write(2, WriteLog.ALL_FIELDS, 42, true, false, 1 * T, 2 * T);
    log.write(2, WriteLog.ALL_FIELDS, 42, true, true, 3 * T, 4 * T);
    // an unknown write long before an acknowledged one still may land after it
    log.write(3, 3, 7, false, false, 1 * T, 2 * T);
    ok(log, 3, 8, 10, 11);
    // inserts that failed and were never acknowledged
    log.write(4, WriteLog.ALL_FIELDS, 5, true, false, 1 * T, 2 * T);
    log.write(5, 3, 5, false, false, 1 * T, 2 * T);
    AuditSet set = AuditSet.resolve(List.of(log));
    assertThat(set.state(0)).isEqualTo(AuditSet.UNKNOWN);
    assertThat(set.state(1)).isEqualTo(AuditSet.WRITTEN);
    assertThat(set.digest(1)).isEqualTo(42);
    assertThat(set.fieldCode(1)).isEqualTo(WriteLog.ALL_FIELDS);
    assertThat(set.state(2)).isEqualTo(AuditSet.UNKNOWN);
    assertThat(set.state(3)).isEqualTo(AuditSet.UNACKED_INSERT);
    assertThat(set.state(4)).isEqualTo(AuditSet.UNKNOWN);
    assertThat(set.count(AuditSet.UNKNOWN)).isEqualTo(3);
  }

  @Test
  void deletesResolveToAbsentAndAWriteAfterOneBringsTheRowBack() {
    WriteLog log = log();
    ok(log, 1, 100, 1, 2);
    log.write(1, WriteLog.DELETE, 0, false, true, 3 * T, 4 * T);
    log.write(2, WriteLog.DELETE, 0, false, true, 1 * T, 2 * T);
    ok(log, 2, 100, 3, 4);
    ok(log, 3, 100, 1, 5);
    log.write(3, WriteLog.DELETE, 0, false, true, 2 * T, 6 * T); // overlapping: unknowable
    AuditSet set = AuditSet.resolve(List.of(log));
    assertThat(set.state(0)).isEqualTo(AuditSet.DELETED);
    assertThat(set.state(1)).isEqualTo(AuditSet.WRITTEN);
    assertThat(set.state(2)).isEqualTo(AuditSet.UNKNOWN);
  }

  @Test
  void manyKeysOverManyChunksComeOutSortedWithTheirLastValues() {
    WriteLog a = log();
    WriteLog b = log();
    int keys = 3 * WriteLog.CHUNK + 17;
    // every key written twice, in descending order, the second write on the other log after it
    for (int k = keys - 1; k >= 0; k--) {
      ok(a, k, k, 1, 2);
      ok(b, k, -k, 3, 4);
    }
    AuditSet set = AuditSet.resolve(List.of(a, b));
    assertThat(set.size()).isEqualTo(keys);
    for (int i = 0; i < keys; i++) {
      assertThat(set.key(i)).isEqualTo(i);
      assertThat(set.digest(i)).isEqualTo(-i);
    }
  }

  @Test
  void tenMillionWritesFitIn200Megabytes() {
    WriteLog log = log();
    long writes = 10_000_000;
    for (long i = 0; i < writes; i++) {
      log.write(i, WriteLog.ALL_FIELDS, (int) i, true, true, i, i + 1);
    }
    assertThat(log.size()).isEqualTo(writes);
    // the arrays it allocated, counted from their lengths: 20 bytes a write, in whole chunks
    assertThat(log.bytes()).isLessThanOrEqualTo(200_000_000L + WriteLog.CHUNK * 20L);
    assertThat(log.bytes()).isLessThanOrEqualTo(200L * 1024 * 1024);
    assertThat(log.bytes()).isGreaterThanOrEqualTo(writes * WriteLog.BYTES_PER_WRITE);
  }
}
