package io.hbload.mapreduce.dfsio;

import io.hbload.hdfs.stream.FileResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one dfsio map task measured, as it commits it to the job's output ({@code
 * shard-00001.dfsio}) and the driver reads it back: the coder that ran in the task's JVM and why
 * ISA-L did or did not load there, the task's pass window on its wall clock, its process CPU and
 * ISA-L coder time, and TestDFSIO's per-file figures. Text, one {@code key=value} header line each,
 * then one tab-separated line per file; immutable.
 *
 * @param coder the raw coder Hadoop built in the task ("none" for replication)
 * @param isal whether hbload's ISA-L coder loaded in the task, and why not
 * @param startLateMillis how much after the shared start the task began (0 when on time)
 */
public record DfsioShardResult(
    int shard,
    String coder,
    String isal,
    long startEpochMillis,
    long endEpochMillis,
    long startLateMillis,
    long cpuNanos,
    long isalEncodeNanos,
    long isalDecodeNanos,
    List<FileResult> files) {
  private static final String HEADER = "#hbload-dfsio-shard 1";

  public DfsioShardResult {
    files = List.copyOf(files);
  }

  /** The file's lines. */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    out.add(HEADER);
    out.add("shard=" + shard);
    out.add("coder=" + oneLine(coder));
    out.add("isal=" + oneLine(isal));
    out.add("startEpochMillis=" + startEpochMillis);
    out.add("endEpochMillis=" + endEpochMillis);
    out.add("startLateMillis=" + startLateMillis);
    out.add("cpuNanos=" + cpuNanos);
    out.add("isalEncodeNanos=" + isalEncodeNanos);
    out.add("isalDecodeNanos=" + isalDecodeNanos);
    for (FileResult f : files) {
      out.add(
          f.file()
              + "\t"
              + f.bytes()
              + "\t"
              + f.nanos()
              + "\t"
              + f.mismatchedBytes()
              + "\t"
              + f.ecDecodeMillis()
              + "\t"
              + f.erasureCodedBytes());
    }
    return out;
  }

  /**
   * Reads {@link #lines()} back.
   *
   * @throws IllegalArgumentException naming {@code source} when the lines are not a shard result
   */
  public static DfsioShardResult parse(List<String> lines, String source) {
    if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
      throw new IllegalArgumentException(source + ": not an hbload dfsio shard result");
    }
    Map<String, String> head = new LinkedHashMap<>();
    List<FileResult> files = new ArrayList<>();
    try {
      for (String line : lines.subList(1, lines.size())) {
        int eq = line.indexOf('=');
        if (eq > 0 && line.indexOf('\t') < 0) {
          head.put(line.substring(0, eq), line.substring(eq + 1));
          continue;
        }
        String[] f = line.split("\t");
        files.add(
            new FileResult(
                Integer.parseInt(f[0]),
                Long.parseLong(f[1]),
                Long.parseLong(f[2]),
                Long.parseLong(f[3]),
                Long.parseLong(f[4]),
                Long.parseLong(f[5])));
      }
      return new DfsioShardResult(
          Integer.parseInt(head.get("shard")),
          head.get("coder"),
          head.get("isal"),
          Long.parseLong(head.get("startEpochMillis")),
          Long.parseLong(head.get("endEpochMillis")),
          Long.parseLong(head.get("startLateMillis")),
          Long.parseLong(head.get("cpuNanos")),
          Long.parseLong(head.get("isalEncodeNanos")),
          Long.parseLong(head.get("isalDecodeNanos")),
          files);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          source + ": malformed dfsio shard result (" + e.getMessage() + ")", e);
    }
  }

  private static String oneLine(String s) {
    return s == null ? "" : s.replace('\n', ' ').replace('\r', ' ');
  }
}
