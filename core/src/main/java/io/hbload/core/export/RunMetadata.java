package io.hbload.core.export;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The run metadata an hbload {@code .hlog} carries in comment lines, so that {@code hbload merge}
 * can rebuild a whole run's report from the shards' logs alone: HdrHistogram's log tools skip
 * comment lines, so the file stays a plain interval log for them. One {@code key=value} per line,
 * both URL-encoded (values may hold spaces, '=' or newlines):
 *
 * <pre>
 * #hbload-meta format=1                      first line of the file
 * #hbload-meta prop.recordcount=1000         every merged property of the run, as given
 * #hbload-meta phase=run  shard=0/2  host=h1  startAtEpochMillis=...
 * ... interval histograms ...
 * #hbload-meta startEpochMillis=...  runtimeMillis=...  operations=...  startLateMillis=...
 * #hbload-meta return.READ.OK=123            Return counts per measurement and status
 * #hbload-meta gc.G1%20Young%20Generation=12,34   collections, milliseconds
 * #hbload-meta stopReason=interrupted        only when the phase stopped early
 * #hbload-meta end=1                         last: the phase finished writing
 * </pre>
 *
 * Stateless.
 */
public final class RunMetadata {
  /** The comment prefix, after HdrHistogram's {@code #}. */
  public static final String PREFIX = "hbload-meta ";

  /** The version of this layout. */
  public static final String FORMAT = "1";

  private RunMetadata() {}

  /** One comment line's text (without the leading {@code #}). */
  public static String line(String key, Object value) {
    return PREFIX + encode(key) + "=" + encode(String.valueOf(value));
  }

  /**
   * The metadata of a log's lines, in order; later keys overwrite earlier ones. Not a metadata
   * line: skipped.
   */
  public static Map<String, String> parse(List<String> lines) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String l : lines) {
      if (!l.startsWith("#" + PREFIX)) {
        continue;
      }
      String kv = l.substring(1 + PREFIX.length());
      int eq = kv.indexOf('=');
      if (eq > 0) {
        out.put(decode(kv.substring(0, eq)), decode(kv.substring(eq + 1)));
      }
    }
    return out;
  }

  /** The entries under {@code prefix} (e.g. {@code prop.}), with the prefix removed. */
  public static Map<String, String> under(Map<String, String> meta, String prefix) {
    Map<String, String> out = new LinkedHashMap<>();
    meta.forEach(
        (k, v) -> {
          if (k.startsWith(prefix)) {
            out.put(k.substring(prefix.length()), v);
          }
        });
    return out;
  }

  /** Lines for a map under a prefix, in its order. */
  public static List<String> lines(String prefix, Map<String, ?> values) {
    List<String> out = new ArrayList<>();
    values.forEach((k, v) -> out.add(line(prefix + k, v)));
    return out;
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  private static String decode(String s) {
    return URLDecoder.decode(s, StandardCharsets.UTF_8);
  }
}
