package io.hbload.gc.gclog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.gc.ByteSize;
import io.hbload.gc.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GcLogReaderTest {
  @TempDir Path dir;

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  /**
   * Lines copied from the real JDK 17.0.15 log in docs/g1-tuner.md section 4, plus pauses that must
   * be skipped.
   */
  @Test
  void unifiedJdk17LogJoinsByGcIdAndKeepsOnlyNormalYoungPauses() throws IOException {
    Path log =
        write(
            "gc17.log",
            """
                [2026-11-22T06:26:07.643+0000][0.050s][info ][gc,init] Heap Region Size: 2M
                [2026-11-22T06:26:09.034+0000][1.441s][info ][gc,start    ] GC(20) Pause Young (Normal) (G1 Evacuation Pause)
                [2026-11-22T06:26:09.034+0000][1.441s][info ][gc,task     ] GC(20) Using 2 workers of 2 for evacuation
                [2026-11-22T06:26:09.034+0000][1.441s][debug][gc,heap     ] GC(20)   region size 2048K, 155 young (317440K), 16 survivors (32768K)
                [2026-11-22T06:26:09.084+0000][1.491s][info ][gc,phases   ] GC(20)   Evacuate Collection Set: 49.8ms
                [2026-11-22T06:26:09.084+0000][1.491s][info ][gc,heap     ] GC(20) Eden regions: 139->0(154)
                [2026-11-22T06:26:09.084+0000][1.491s][info ][gc,heap     ] GC(20) Survivor regions: 16->18(20)
                [2026-11-22T06:26:09.084+0000][1.491s][info ][gc          ] GC(20) Pause Young (Normal) (G1 Evacuation Pause) 533M->271M(4096M) 50.359ms
                [4.400s][info ][gc,heap     ] GC(43) Eden regions: 200->0(150)
                [4.439s][info ][gc          ] GC(43) Pause Young (Concurrent Start) (G1 Evacuation Pause) 851M->502M(1024M) 80.188ms
                [4.509s][info ][gc          ] GC(44) Pause Remark 547M->382M(1024M) 0.663ms
                [4.530s][info ][gc,heap     ] GC(47) Eden regions: 7->0(150)
                [4.540s][info ][gc          ] GC(47) Pause Young (Mixed) (G1 Evacuation Pause) 385M->370M(1024M) 3.416ms
                [5.001s][info ][gc          ] GC(50) To-space exhausted
                [5.002s][info ][gc,heap     ] GC(50) Eden regions: 100->0(150)
                [5.003s][info ][gc          ] GC(50) Pause Young (Normal) (G1 Evacuation Pause) 900M->1000M(1024M) 300.0ms
                [5.100s][info ][gc,heap     ] GC(51) Eden regions: 50->0(150)
                [5.101s][info ][gc          ] GC(51) Pause Young (Normal) (G1 Preventive Collection) 600M->500M(1024M) 10.000ms
                """);
    GcLog gc = GcLogReader.read(log);
    assertThat(gc.format()).isEqualTo(GcLog.Format.UNIFIED);
    assertThat(gc.regionBytes()).isEqualTo(2 * ByteSize.MIB);
    assertThat(gc.pauses()).hasSize(2);
    YoungPause p = gc.pauses().get(0);
    assertThat(p.edenBytes()).isEqualTo(139 * 2 * ByteSize.MIB);
    assertThat(p.pauseMillis()).isEqualTo(50.359);
    // 278 MB in 50.4 ms = 5.5 MB/ms, as the doc computes
    assertThat(p.rateGibPerSec() * 1024 / 1000).isBetween(5.5, 5.6);
    assertThat(gc.pauses().get(1).edenBytes()).isEqualTo(100 * ByteSize.MIB);
    assertThat(gc.skipped()).isEqualTo(3); // concurrent start, mixed, to-space exhausted
  }

  /**
   * JDK 11 spells "Heap region size" under gc,heap; JDK 25 adds decimals and evacuation-failure
   * suffixes.
   */
  @Test
  void unifiedJdk11And25Variants() throws IOException {
    Path log11 =
        write(
            "gc11.log",
            """
                [0.010s][info][gc,heap] Heap region size: 1M
                [1.000s][info][gc,heap] GC(3) Eden regions: 24->0(30)
                [1.000s][info][gc     ] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 28M->5M(256M) 3.104ms
                """);
    assertThat(GcLogReader.read(log11).pauses())
        .singleElement()
        .satisfies(p -> assertThat(p.edenBytes()).isEqualTo(24 * ByteSize.MIB));
    Path log25 =
        write(
            "gc25.log",
            """
                [0.010s][info][gc,init] Heap Region Size: 4M
                [1.000s][info][gc,phases] GC(7)   Evacuate Collection Set: 74.27ms
                [1.000s][info][gc,heap] GC(7) Eden regions: 10->0(12)
                [1.000s][info][gc     ] GC(7) Pause Young (Normal) (G1 Evacuation Pause) 60M->20M(512M) 75.12ms
                [2.000s][info][gc,heap] GC(8) Eden regions: 12->0(12)
                [2.000s][info][gc     ] GC(8) Pause Young (Normal) (G1 Evacuation Pause) (Evacuation Failure: Allocation) 500M->510M(512M) 90.00ms
                """);
    GcLog gc25 = GcLogReader.read(log25);
    assertThat(gc25.pauses())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.edenBytes()).isEqualTo(40 * ByteSize.MIB);
              assertThat(p.pauseMillis()).isEqualTo(75.12);
            });
    assertThat(gc25.skipped()).isEqualTo(1);
  }

  /**
   * JDK 8 cannot run on this machine, so this log is built from the line formats in
   * docs/g1-tuner.md section 4 (Plumbr GC handbook / public logs): -XX:+PrintGCDetails
   * -XX:+PrintGCTimeStamps, one record with PrintGCDateStamps, one first line split by
   * PrintAdaptiveSizePolicy (as the post logged), a mixed pause, an initial-mark pause and a
   * to-space exhausted pause that must be skipped, and every size unit B/K/M/G.
   */
  @Test
  void jdk8PrintGcDetailsLog() throws IOException {
    Path log =
        write(
            "gc8.log",
            """
                0.134: [GC pause (G1 Evacuation Pause) (young), 0.0144119 secs]
                   [Parallel Time: 13.9 ms, GC Workers: 8]
                   [Eden: 24.0M(24.0M)->0.0B(13.0M) Survivors: 0.0B->3072.0K Heap: 24.0M(256.0M)->21.9M(256.0M)]
                 [Times: user=0.04 sys=0.04, real=0.02 secs]
                2014-06-10T12:00:01.123+0000: 10.500: [GC pause (G1 Evacuation Pause) (young) 10.500: [G1Ergonomics (CSet Construction) start choosing CSet, _pending_cards: 1000, predicted base time: 5.00 ms, remaining time: 95.00 ms, target pause time: 100.00 ms]
                 10.500: [G1Ergonomics (CSet Construction) add young regions to CSet, eden: 160 regions, survivors: 8 regions, predicted young region time: 80.00 ms]
                , 0.0950000 secs]
                   [Eden: 5120.0M(5120.0M)->0.0B(4800.0M) Survivors: 256.0M->288.0M Heap: 60.0G(100.0G)->55.1G(100.0G)]
                 [Times: user=2.00 sys=0.10, real=0.10 secs]
                20.000: [GC pause (G1 Evacuation Pause) (mixed), 0.0300000 secs]
                   [Eden: 1024.0M(1024.0M)->0.0B(1024.0M) Survivors: 32.0M->32.0M Heap: 70.0G(100.0G)->60.0G(100.0G)]
                30.000: [GC pause (G1 Evacuation Pause) (young) (initial-mark), 0.0500000 secs]
                   [Eden: 1.0G(1.0G)->0.0B(1.0G) Survivors: 32.0M->32.0M Heap: 70.0G(100.0G)->69.0G(100.0G)]
                40.000: [GC pause (G1 Evacuation Pause) (young) (to-space exhausted), 0.5000000 secs]
                   [Eden: 1.0G(1.0G)->0.0B(1.0G) Survivors: 32.0M->0.0B Heap: 99.0G(100.0G)->100.0G(100.0G)]
                40.600: [GC concurrent-root-region-scan-start]
                50.000: [GC pause (young), 0.0020000 secs]
                   [Eden: 2048.0K(2048.0K)->0.0B(2048.0K) Survivors: 0.0B->1024.0K Heap: 10.0M(256.0M)->9.0M(256.0M)]
                """);
    GcLog gc = GcLogReader.read(log);
    assertThat(gc.format()).isEqualTo(GcLog.Format.JDK8_PRINT_GC_DETAILS);
    assertThat(gc.pauses())
        .extracting(YoungPause::edenBytes)
        .containsExactly(24 * ByteSize.MIB, 5120 * ByteSize.MIB, 2 * ByteSize.MIB);
    assertThat(gc.pauses()).extracting(YoungPause::pauseMillis).containsExactly(14.4119, 95.0, 2.0);
    assertThat(gc.skipped()).isEqualTo(3);
    // the post's regime: 5 GB Eden in 95 ms is ~53 GB/s
    assertThat(gc.pauses().get(1).rateGibPerSec()).isBetween(52.0, 53.0);
  }

  @Test
  void missingFileIsAOneLineError() {
    assertThatThrownBy(() -> GcLogReader.read(dir.resolve("nope.log")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("--gc-log: cannot read ")
        .hasMessageContaining("NoSuchFileException")
        .hasMessageNotContaining("\n");
  }

  @Test
  void directoryIsUnreadable() {
    assertThatThrownBy(() -> GcLogReader.read(dir))
        .hasMessageStartingWith("--gc-log: cannot read ");
  }

  @Test
  void textThatIsNotAGcLogIsRejected() throws IOException {
    Path notes =
        write("notes.txt", "hello\nthis is an HBase regionserver .out file\nERROR something\n");
    assertThatThrownBy(() -> GcLogReader.read(notes)).hasMessageContaining("is not a GC log");
    Path empty = write("empty.log", "");
    assertThatThrownBy(() -> GcLogReader.read(empty)).hasMessageContaining("is not a GC log");
    Path binary =
        Files.write(
            dir.resolve("bin.log"), new byte[] {(byte) 0xCA, (byte) 0xFE, 0, 1, (byte) 0xff});
    assertThatThrownBy(() -> GcLogReader.read(binary)).hasMessageContaining("is not a GC log");
  }

  @Test
  void gcLogWithoutUsableDetailSaysWhatToLog() throws IOException {
    Path gcOnly =
        write(
            "gc-only.log",
            """
                [1.000s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.104ms
                """);
    assertThatThrownBy(() -> GcLogReader.read(gcOnly)).hasMessageContaining("Heap Region Size");
    Path parallel =
        write(
            "parallel.log",
            """
                [0.5s][info][gc] Using Parallel
                [1.000s][info][gc] GC(0) Pause Young (Allocation Failure) 24M->4M(256M) 3.104ms
                """);
    assertThatThrownBy(() -> GcLogReader.read(parallel))
        .hasMessageContaining("no G1 'Pause Young (Normal)'");
    Path noEden =
        write(
            "noeden.log",
            """
                [0.1s][info][gc,init] Heap Region Size: 1M
                [1.000s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.104ms
                """);
    assertThatThrownBy(() -> GcLogReader.read(noEden)).hasMessageContaining("'Eden regions'");
  }

  @Test
  void readAllRequiresFiles() {
    assertThatThrownBy(() -> GcLogReader.readAll(List.of())).hasMessageContaining("no files");
  }

  /** Binary, endless or newline-free input is one line of bad input, never an OutOfMemoryError. */
  @Test
  void binaryOrEndlessInputIsBadInput() throws IOException {
    Path zeros = Files.write(dir.resolve("zeros.log"), new byte[4096]);
    assertThatThrownBy(() -> GcLogReader.read(zeros))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining(zeros + " is not a GC log (line 1 holds a NUL byte");
    Path endless =
        Files.writeString(dir.resolve("endless.log"), "[0.001s][info][gc] " + "x".repeat(200_000));
    assertThatThrownBy(() -> GcLogReader.read(endless))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("is not a GC log (line 1 is longer than 65536 characters)");
    Path devZero = Path.of("/dev/zero");
    if (Files.isReadable(devZero)) {
      assertThatThrownBy(() -> GcLogReader.read(devZero)).hasMessageContaining("NUL byte");
    }
  }
}
