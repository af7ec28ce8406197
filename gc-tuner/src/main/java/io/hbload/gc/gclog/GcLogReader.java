package io.hbload.gc.gclog;

import io.hbload.gc.ByteSize;
import io.hbload.gc.InvalidInputException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads G1 young pauses from a GC log. Formats (docs/g1-tuner.md section 4):
 *
 * <pre>
 * JDK 9+ (-Xlog:gc*), joined by GC id:
 *   [0.050s][info][gc,init] Heap Region Size: 2M                  (JDK 11: "Heap region size: 2M", gc,heap)
 *   ... GC(20)   region size 2048K, 155 young (317440K), ...       (gc+heap=debug; fallback for the region size)
 *   ... GC(20) Eden regions: 139-&gt;0(154)
 *   ... GC(20) Pause Young (Normal) (G1 Evacuation Pause) 533M-&gt;271M(4096M) 50.359ms
 * JDK 8 (-XX:+PrintGCDetails), multi-line records; PrintAdaptiveSizePolicy may split the first line:
 *   0.134: [GC pause (G1 Evacuation Pause) (young), 0.0144119 secs]
 *      [Eden: 24.0M(24.0M)-&gt;0.0B(13.0M) Survivors: 0.0B-&gt;3072.0K Heap: 24.0M(256.0M)-&gt;21.9M(256.0M)]
 * </pre>
 *
 * Only {@code Pause Young (Normal)} / {@code (young)} pauses count: mixed pauses also copy old
 * regions, concurrent start / initial-mark pauses do extra work, and pauses with to-space
 * exhaustion or evacuation failure are not evacuation at full speed. Lines are decoded as
 * ISO-8859-1 so a binary file is reported as "not a GC log", not as a charset error. Stateless,
 * thread-safe; reads a file line by line.
 */
public final class GcLogReader {
  private static final Pattern UNIFIED_GC_LINE = Pattern.compile("\\[gc[,\\s\\]]|\\bGC\\(\\d+\\)");
  private static final Pattern REGION_SIZE =
      Pattern.compile("Heap Region Size: (\\d+)([KMG])", Pattern.CASE_INSENSITIVE);
  private static final Pattern REGION_SIZE_DEBUG =
      Pattern.compile("GC\\(\\d+\\)\\s+region size (\\d+)([KMG])");
  private static final Pattern EDEN_REGIONS =
      Pattern.compile("GC\\((\\d+)\\) Eden regions: (\\d+)->(\\d+)\\((\\d+)\\)");
  private static final Pattern PAUSE_YOUNG =
      Pattern.compile(
          "GC\\((\\d+)\\) Pause Young \\((Normal|Concurrent Start"
              + "|Prepare Mixed|Mixed)\\) \\(([^)]*)\\)((?: \\([^)]*\\))*) (\\d+)([KMG])->(\\d+)([KMG])\\((\\d+)([KMG])\\)"
              + " ([\\d.]+)ms");
  private static final Pattern FAILURE =
      Pattern.compile(
          "GC\\((\\d+)\\).*(To-space exhausted|Evacuation Failure)", Pattern.CASE_INSENSITIVE);

  private static final Pattern JDK8_GC_LINE =
      Pattern.compile("\\[(GC pause|Full GC|GC remark|GC cleanup|GC concurrent)");
  private static final Pattern JDK8_PAUSE =
      Pattern.compile("\\[GC pause (?:\\(([^)]*)\\) )?\\((young|mixed)\\)" + "((?: \\([^)]*\\))*)");
  private static final Pattern JDK8_SECS = Pattern.compile(", ([\\d.]+) secs\\]");
  private static final Pattern JDK8_EDEN = Pattern.compile("\\[Eden: ([\\d.]+)([BKMG])\\(");

  private GcLogReader() {}

  /**
   * Reads several files (e.g. rotated logs); each must be a GC log with at least one usable pause.
   */
  public static List<GcLog> readAll(List<Path> files) {
    if (files.isEmpty()) {
      throw new InvalidInputException("--gc-log: no files given");
    }
    List<GcLog> logs = new ArrayList<>();
    for (Path f : files) {
      logs.add(read(f));
    }
    return logs;
  }

  /**
   * @throws InvalidInputException when the file cannot be read, is not a GC log, or has no young
   *     pause with an Eden size (with what to log instead)
   */
  public static GcLog read(Path file) {
    LogLines lines = new LogLines(file); // walked twice, streaming: a giant log is never held whole
    int unified = 0;
    int jdk8 = 0;
    for (String line : lines) {
      if (JDK8_GC_LINE.matcher(line).find()) {
        jdk8++;
      } else if (UNIFIED_GC_LINE.matcher(line).find()) {
        unified++;
      }
    }
    if (unified == 0 && jdk8 == 0) {
      throw new InvalidInputException(
          "--gc-log: "
              + file
              + " is not a GC log (no JDK 9+ -Xlog:gc lines and no"
              + " JDK 8 PrintGCDetails lines)");
    }
    return jdk8 > unified ? readJdk8(file, lines) : readUnified(file, lines);
  }

  private static GcLog readUnified(Path file, Iterable<String> lines) {
    long region = 0;
    Map<Integer, Long> edenRegions = new HashMap<>();
    Map<Integer, Double> pauses = new LinkedHashMap<>(); // pause id -> milliseconds, not the lines
    Set<Integer> failed = new HashSet<>();
    int otherYoung = 0;
    for (String line : lines) {
      Matcher m;
      if (region == 0 && (m = REGION_SIZE.matcher(line)).find()) {
        region = size(m.group(1), m.group(2));
      } else if ((m = EDEN_REGIONS.matcher(line)).find()) {
        edenRegions.put(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)));
      } else if ((m = PAUSE_YOUNG.matcher(line)).find()) {
        int id = Integer.parseInt(m.group(1));
        if (m.group(2).equals("Normal") && m.group(4).isEmpty()) {
          pauses.put(id, Double.parseDouble(m.group(11)));
        } else {
          otherYoung++;
        }
      } else if (region == 0 && (m = REGION_SIZE_DEBUG.matcher(line)).find()) {
        region = size(m.group(1), m.group(2));
      }
      if ((m = FAILURE.matcher(line)).find()) {
        failed.add(Integer.parseInt(m.group(1)));
      }
    }
    if (pauses.isEmpty()) {
      throw new InvalidInputException(
          "--gc-log: "
              + file
              + " has no G1 'Pause Young (Normal)' lines ("
              + otherYoung
              + " other young pauses); is it a G1 log written with -Xlog:gc*?");
    }
    if (region == 0) {
      throw new InvalidInputException(
          "--gc-log: "
              + file
              + " has no 'Heap Region Size' line; log from JVM start"
              + " with -Xlog:gc*, or add gc+heap=debug");
    }
    if (edenRegions.isEmpty()) {
      throw new InvalidInputException(
          "--gc-log: "
              + file
              + " has pauses but no 'Eden regions' lines; log with"
              + " -Xlog:gc* (not just -Xlog:gc)");
    }
    List<YoungPause> out = new ArrayList<>();
    int skipped = otherYoung;
    String name = file.getFileName().toString();
    for (Map.Entry<Integer, Double> e : pauses.entrySet()) {
      Long eden = edenRegions.get(e.getKey());
      double millis = e.getValue();
      if (failed.contains(e.getKey()) || eden == null || eden == 0 || !(millis > 0)) {
        skipped++;
        continue;
      }
      out.add(new YoungPause(name + " GC(" + e.getKey() + ")", eden * region, millis));
    }
    return result(file, GcLog.Format.UNIFIED, region, out, skipped);
  }

  private static GcLog readJdk8(Path file, Iterable<String> lines) {
    List<YoungPause> out = new ArrayList<>();
    int skipped = 0;
    String name = file.getFileName().toString();
    // state of the record being read: a young pause waiting for its time and its Eden line
    boolean open = false;
    boolean usable = false;
    double seconds = -1;
    int startLine = 0;
    int i = -1;
    for (String line : lines) {
      i++;
      Matcher start = JDK8_PAUSE.matcher(line);
      int searchFrom = 0;
      if (start.find()) {
        if (open) {
          skipped++; // previous record never got its Eden line
        }
        open = true;
        startLine = i + 1;
        seconds = -1;
        String extra = start.group(3);
        usable = start.group(2).equals("young") && extra.isEmpty();
        searchFrom = start.end();
      }
      if (!open) {
        continue;
      }
      Matcher secs = JDK8_SECS.matcher(line);
      if (seconds < 0 && secs.find(searchFrom)) {
        seconds = Double.parseDouble(secs.group(1));
      }
      Matcher eden = JDK8_EDEN.matcher(line);
      if (eden.find()) {
        long edenBytes = size8(eden.group(1), eden.group(2));
        if (usable && seconds > 0 && edenBytes > 0) {
          out.add(new YoungPause(name + ":" + startLine, edenBytes, seconds * 1000.0));
        } else {
          skipped++;
        }
        open = false;
      }
    }
    if (open) {
      skipped++;
    }
    if (out.isEmpty()) {
      throw new InvalidInputException(
          "--gc-log: "
              + file
              + " has no young G1 pause with an [Eden: ...] line;"
              + " log with -XX:+PrintGCDetails");
    }
    return result(file, GcLog.Format.JDK8_PRINT_GC_DETAILS, 0, out, skipped);
  }

  private static GcLog result(
      Path file, GcLog.Format format, long region, List<YoungPause> out, int skipped) {
    if (out.isEmpty()) {
      throw new InvalidInputException(
          "--gc-log: "
              + file
              + " has no usable young (Normal) pause ("
              + skipped
              + " skipped: mixed, concurrent start, evacuation failure or no Eden size)");
    }
    return new GcLog(file, format, region, out, skipped);
  }

  private static long size(String number, String unit) {
    return Long.parseLong(number) * unit(unit);
  }

  private static long size8(String number, String unit) {
    return Math.round(Double.parseDouble(number) * unit(unit));
  }

  private static long unit(String u) {
    return switch (u.toUpperCase(Locale.ROOT)) {
      case "K" -> ByteSize.KIB;
      case "M" -> ByteSize.MIB;
      case "G" -> ByteSize.GIB;
      default -> 1;
    };
  }
}
