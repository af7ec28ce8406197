package io.hbload.hbase.metrics;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads each RegionServer's {@code /jmx?qry=<bean>} over HTTP, as operators do with curl, and sums the servers.
 * The JSON is flat ({@code "name" : number}), so the counters are picked out with one pattern each rather than a
 * JSON library the fat jar would have to carry. Thread-safe; allocates per read (twice per run).
 */
public final class HttpJmxBlockCacheReader implements BlockCacheReader {
  private static final Pattern[] PATTERNS = new Pattern[BlockCacheSnapshot.ATTRIBUTES.length];

  static {
    for (int i = 0; i < PATTERNS.length; i++) {
      PATTERNS[i] = Pattern.compile("\"" + BlockCacheSnapshot.ATTRIBUTES[i] + "\"\\s*:\\s*(-?\\d+)");
    }
  }

  private final List<URI> endpoints;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** @param infoServers {@code host:port} of each RegionServer's info server */
  public HttpJmxBlockCacheReader(List<String> infoServers) {
    this.endpoints = infoServers.stream()
        .map(hp -> URI.create("http://" + hp + "/jmx?qry=" + BEAN.replace("=", "%3D").replace(",", "%2C")))
        .toList();
  }

  @Override
  public BlockCacheSnapshot read() throws IOException {
    BlockCacheSnapshot s = BlockCacheSnapshot.EMPTY;
    for (URI uri : endpoints) {
      String body;
      try {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
            HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
          throw new IOException(uri + " answered HTTP " + r.statusCode());
        }
        body = r.body();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted reading " + uri, e);
      }
      s = s.plus(parse(body));
    }
    return s;
  }

  /** The counters in one {@code /jmx} answer, in {@link BlockCacheSnapshot#ATTRIBUTES} order (0 when absent). */
  static long[] parse(String json) {
    long[] v = new long[PATTERNS.length];
    for (int i = 0; i < v.length; i++) {
      Matcher m = PATTERNS[i].matcher(json);
      v[i] = m.find() ? Long.parseLong(m.group(1)) : 0;
    }
    return v;
  }

  @Override
  public String source() {
    return "RegionServer /jmx over HTTP (" + endpoints.size() + " servers)";
  }
}
