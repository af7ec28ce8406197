package io.hbload.core.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.testing.TraceFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reader's thread and the workers' feeds: the same records from a plain, gzip or zstd file,
 * each with its scheduled time (the trace's own, spread over a whole second, faster with a speed,
 * or a fixed rate's), dealt in turn to the workers; the load pass's keys; a damaged line in the
 * middle ending every feed with its file and line.
 */
class TraceReaderTest {
  @TempDir Path dir;

  /** What a feed gave: (due ns, operation, key hash, value bytes) per record. */
  private record Taken(long due, TraceOperation op, long key, int bytes) {}

  private static List<Taken> drain(TraceFeed f) {
    List<Taken> out = new ArrayList<>();
    while (true) {
      long due = f.peekDueNanos();
      if (!f.next()) {
        return out;
      }
      assertThat(f.dueNanos()).isEqualTo(due);
      out.add(new Taken(f.dueNanos(), f.operation(), f.keyHash(), f.valueBytes()));
    }
  }

  private static List<Taken> replay(TraceSpec spec) {
    try (TraceReader reader = new TraceReader(spec, false, 1, null).start()) {
      List<Taken> all = drain(reader.feed(0));
      assertThat(reader.feed(0).error()).isNull();
      return all;
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"t.csv", "t.csv.gz", "t.csv.zst"})
  void plainGzipAndZstdGiveTheSameRecords(String name) {
    List<String> lines = TraceFiles.twitterTrace(3, 2000, 500);
    Path plain = TraceFiles.write(dir.resolve("plain.csv"), lines);
    Path file = TraceFiles.write(dir.resolve(name), lines);
    List<Taken> expected = replay(TraceSpec.atSpeed(plain, TraceFormat.TWITTER, 1, false));
    assertThat(expected).hasSize(6000);
    assertThat(replay(TraceSpec.atSpeed(file, TraceFormat.TWITTER, 1, false))).isEqualTo(expected);
  }

  @Test
  void aSecondsRecordsAreSpreadEvenlyOverItAndSpeedDividesTheTimes() {
    Path file =
        TraceFiles.write(
            dir.resolve("t.csv"),
            List.of(
                TraceFiles.twitter(100, "a", 10, "get"),
                TraceFiles.twitter(100, "b", 10, "get"),
                TraceFiles.twitter(100, "c", 10, "get"),
                TraceFiles.twitter(100, "d", 10, "get"),
                TraceFiles.twitter(102, "e", 10, "set"),
                TraceFiles.twitter(101, "f", 10, "set"))); // out of order: held at 102
    assertThat(replay(TraceSpec.atSpeed(file, TraceFormat.TWITTER, 1, false)))
        .extracting(Taken::due)
        .containsExactly(
            0L, 250_000_000L, 500_000_000L, 750_000_000L, 2_000_000_000L, 2_500_000_000L);
    assertThat(replay(TraceSpec.atSpeed(file, TraceFormat.TWITTER, 4, false)))
        .extracting(Taken::due)
        .containsExactly(0L, 62_500_000L, 125_000_000L, 187_500_000L, 500_000_000L, 625_000_000L);
  }

  @Test
  void hbloadTimesAreKeptAsGivenAndARateIgnoresThem() {
    Path file =
        TraceFiles.write(
            dir.resolve("t.hbload.csv"),
            List.of(
                "time,op,key,valuesize", "10.5,write,a,100", "10.5,read,a,", "11.25,delete,a,0"));
    assertThat(replay(TraceSpec.atSpeed(file, TraceFormat.HBLOAD, 1, false)))
        .extracting(Taken::due, Taken::op)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(0L, TraceOperation.WRITE),
            org.assertj.core.groups.Tuple.tuple(0L, TraceOperation.READ),
            org.assertj.core.groups.Tuple.tuple(750_000_000L, TraceOperation.DELETE));
    assertThat(replay(TraceSpec.atRate(file, TraceFormat.HBLOAD, 1000, false)))
        .extracting(Taken::due)
        .containsExactly(0L, 1_000_000L, 2_000_000L);
  }

  @Test
  void recordsAreDealtInTurnToTheWorkers() {
    Path file = TraceFiles.write(dir.resolve("t.csv"), TraceFiles.twitterTrace(1, 3001, 100));
    List<Taken> all = replay(TraceSpec.atRate(file, TraceFormat.TWITTER, 1e6, false));
    try (TraceReader reader =
        new TraceReader(TraceSpec.atRate(file, TraceFormat.TWITTER, 1e6, false), false, 3, null)
            .start()) {
      // drained in turn: a worker's queue is bounded, so one worker alone could not drain its share
      List<List<Taken>> shares = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
      boolean any = true;
      while (any) {
        any = false;
        for (int w = 0; w < 3; w++) {
          TraceFeed f = reader.feed(w);
          if (f.next()) {
            shares.get(w).add(new Taken(f.dueNanos(), f.operation(), f.keyHash(), f.valueBytes()));
            any = true;
          }
        }
      }
      for (int w = 0; w < 3; w++) {
        List<Taken> share = shares.get(w);
        assertThat(share).hasSize(w == 0 ? 1001 : 1000);
        for (int k = 0; k < share.size(); k++) {
          assertThat(share.get(k)).isEqualTo(all.get(w + 3 * k));
        }
      }
    }
  }

  @Test
  void theLoadPassWritesEachKeyReadBeforeItIsWrittenOnce() {
    Path file =
        TraceFiles.write(
            dir.resolve("t.csv"),
            List.of(
                TraceFiles.twitter(1, "a", 10, "get"), // a: read first: loaded
                TraceFiles.twitter(1, "a", 10, "get"), // not twice
                TraceFiles.twitter(1, "b", 20, "set"), // b: written first: not loaded
                TraceFiles.twitter(2, "b", 20, "get"),
                TraceFiles.twitter(2, "c", 30, "delete"),
                TraceFiles.twitter(2, "c", 30, "gets"))); // c: read, never written: loaded
    List<Taken> reads = replay(TraceSpec.atSpeed(file, TraceFormat.TWITTER, 1, false));
    try (TraceReader load =
        new TraceReader(TraceSpec.atSpeed(file, TraceFormat.TWITTER, 1, true), true, 1, null)
            .start()) {
      List<Taken> loaded = drain(load.feed(0));
      assertThat(loaded)
          .extracting(Taken::op, Taken::key, Taken::bytes)
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple(TraceOperation.WRITE, reads.get(0).key(), 10),
              org.assertj.core.groups.Tuple.tuple(TraceOperation.WRITE, reads.get(5).key(), 30));
    }
  }

  @Test
  void aDamagedLineInTheMiddleEndsEveryFeedNamingFileAndLine() {
    List<String> lines = new ArrayList<>(TraceFiles.twitterTrace(2, 3000, 100));
    lines.set(4321, "1600000001,k,1,10,1,touch,0");
    Path file = TraceFiles.write(dir.resolve("bad.csv.gz"), lines);
    TraceSpec spec = TraceSpec.atSpeed(file, TraceFormat.TWITTER, 1, false);
    TracePreview.check(spec); // the first lines are sound: the run would start
    try (TraceReader reader = new TraceReader(spec, false, 2, null).start()) {
      // the records before the damaged line are replayed, each worker's share, then every feed ends
      List<Taken> replayed = new ArrayList<>();
      boolean any = true;
      while (any) {
        any = false;
        for (int w = 0; w < 2; w++) {
          TraceFeed f = reader.feed(w);
          if (f.next()) {
            replayed.add(new Taken(f.dueNanos(), f.operation(), f.keyHash(), f.valueBytes()));
            any = true;
          }
        }
      }
      assertThat(replayed).hasSize(4321);
      for (int w = 0; w < 2; w++) {
        assertThat(reader.feed(w).ended()).isTrue();
        assertThat(reader.feed(w).error())
            .isEqualTo(
                file
                    + ":4322: unknown operation 'touch' (get, gets, set, add, replace, cas, append, prepend, delete, incr, decr)");
      }
    }
  }

  @Test
  void thePreviewRefusesDamagedFirstLinesAnEmptyTraceAndUnreadableFiles() {
    Path bad =
        TraceFiles.write(
            dir.resolve("bad.csv"),
            List.of(TraceFiles.twitter(1, "a", 10, "get"), "1,a,1,10,1,get"));
    assertThatThrownBy(
            () -> TracePreview.check(TraceSpec.atSpeed(bad, TraceFormat.TWITTER, 1, false)))
        .isInstanceOf(TraceException.class)
        .hasMessage(bad + ":2: expected 7 comma-separated fields, found 6 (twitter format)");
    Path empty = TraceFiles.write(dir.resolve("empty.csv"), List.of("# nothing"));
    assertThatThrownBy(
            () -> TracePreview.check(TraceSpec.atSpeed(empty, TraceFormat.TWITTER, 1, false)))
        .hasMessageContaining("holds no records");
    Path notZstd = TraceFiles.write(dir.resolve("plain.zst"), List.of("1,a,1,10,1,get,0"));
    // written plain under a .zst name: TraceFiles compressed it, so write raw bytes instead
    try {
      java.nio.file.Files.writeString(notZstd, "1,a,1,10,1,get,0\n");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    assertThatThrownBy(
            () -> TracePreview.check(TraceSpec.atSpeed(notZstd, TraceFormat.TWITTER, 1, false)))
        .isInstanceOf(TraceException.class)
        .hasMessageStartingWith("cannot read trace " + notZstd);
    assertThatThrownBy(
            () ->
                TracePreview.check(
                    TraceSpec.atSpeed(dir.resolve("none.csv"), TraceFormat.TWITTER, 1, false)))
        .hasMessageEndingWith("none.csv: no such file");
  }

  @Test
  void paceIsCheckedWhenTheSpecIsMade() {
    Path f = dir.resolve("t.csv");
    assertThatThrownBy(() -> TraceSpec.atSpeed(f, TraceFormat.TWITTER, 0, false))
        .hasMessageContaining("--speed must be a number above 0");
    assertThatThrownBy(() -> TraceSpec.atSpeed(f, TraceFormat.TWITTER, -2, false))
        .hasMessageContaining("--speed must be a number above 0");
    assertThatThrownBy(() -> TraceSpec.atRate(f, TraceFormat.TWITTER, -5, false))
        .hasMessageContaining("--rate must be a number above 0");
    assertThatThrownBy(() -> new TraceSpec(f, TraceFormat.TWITTER, 2, 100, false, 10))
        .hasMessageContaining("exclude each other");
  }
}
