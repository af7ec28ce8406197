package io.hbload.hbase.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.util.List;

/**
 * Reads each RegionServer's {@code /jmx?qry=<bean>} over HTTP, as operators do with curl, and sums
 * the servers. The answer is read with Jackson ({@link JmxAnswer}); a server that answers without
 * the bean is a {@link MissingBeanException}. Thread-safe; allocates per read (a few per run).
 */
public final class HttpJmxBlockCacheReader implements BlockCacheReader {
  private final List<URI> endpoints;

  /**
   * @param infoServers {@code host:port} of each RegionServer's info server
   */
  public HttpJmxBlockCacheReader(List<String> infoServers) {
    this.endpoints = infoServers.stream().map(hp -> JmxAnswer.query(hp, BEAN)).toList();
  }

  /**
   * Sums the servers' counters.
   *
   * @throws MissingBeanException when a server answers without its bean (its metrics restarting):
   *     zeros in its place would make the run's deltas wrong
   */
  @Override
  public BlockCacheSnapshot read() throws IOException {
    BlockCacheSnapshot s = BlockCacheSnapshot.EMPTY;
    for (URI uri : endpoints) {
      JsonNode bean = JmxAnswer.bean(uri);
      if (bean.isMissingNode() || bean.isNull()) {
        throw new MissingBeanException(
            uri.getHost() + ":" + uri.getPort() + " answered /jmx without the RegionServer bean");
      }
      s = s.plus(counters(bean));
    }
    return s;
  }

  /**
   * The counters in one {@code /jmx} answer, in {@link BlockCacheSnapshot#ATTRIBUTES} order (0 when
   * absent).
   */
  static long[] parse(String json) throws IOException {
    return counters(JmxAnswer.bean(json, "/jmx answer"));
  }

  private static long[] counters(JsonNode bean) {
    long[] v = new long[BlockCacheSnapshot.ATTRIBUTES.length];
    for (int i = 0; i < v.length; i++) {
      v[i] = Math.max(0, JmxAnswer.count(bean.path(BlockCacheSnapshot.ATTRIBUTES[i])));
    }
    return v;
  }

  @Override
  public String source() {
    return "RegionServer /jmx over HTTP (" + endpoints.size() + " servers)";
  }
}
