package io.hbload.core.testing;

import io.airlift.compress.zstd.ZstdOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * Small traces the tests write themselves (nothing is downloaded): lines in Twitter's cache-trace
 * format or hbload's, stored plain, gzip- or zstd-compressed by the file name's ending.
 */
public final class TraceFiles {
  private TraceFiles() {}

  /** One Twitter cache-trace line: {@code timestamp,key,key size,value size,client,op,TTL}. */
  public static String twitter(long second, String key, int valueBytes, String op) {
    return String.format(
        Locale.ROOT, "%d,%s,%d,%d,7,%s,0", second, key, key.length(), valueBytes, op);
  }

  /** One hbload trace line: {@code time,op,key,valuesize}. */
  public static String hbload(double seconds, String op, String key, int valueBytes) {
    return String.format(Locale.ROOT, "%s,%s,%s,%d", seconds, op, key, valueBytes);
  }

  /**
   * A Twitter-format trace of {@code seconds} seconds with {@code perSecond} records each: keys
   * {@code k0..k(keys-1)} in turn, every record of a key before its first write a get, then
   * alternately set and get, and every 10th record of a written key a delete.
   */
  public static List<String> twitterTrace(int seconds, int perSecond, int keys) {
    List<String> lines = new java.util.ArrayList<>();
    int n = 0;
    for (int s = 0; s < seconds; s++) {
      for (int i = 0; i < perSecond; i++, n++) {
        String key = "k" + (n % keys);
        int round = n / keys;
        String op = round == 0 ? "get" : n % 10 == 9 ? "delete" : round % 2 == 1 ? "set" : "gets";
        lines.add(twitter(1_600_000_000L + s, key, 100 + n % 50, op));
      }
    }
    return lines;
  }

  /** Writes {@code lines} to {@code file}, compressed as its name ends (.gz, .zst). */
  public static Path write(Path file, List<String> lines) {
    try (OutputStream out = open(file)) {
      for (String l : lines) {
        out.write((l + "\n").getBytes(StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }

  private static OutputStream open(Path file) throws IOException {
    OutputStream raw = Files.newOutputStream(file);
    String name = file.getFileName().toString();
    if (name.endsWith(".gz")) {
      return new GZIPOutputStream(raw);
    }
    return name.endsWith(".zst") ? new ZstdOutputStream(raw) : raw;
  }
}
