package io.hbload.hbase.ops;

import io.hbload.core.binding.BindingException;
import io.hbload.hbase.HBaseProperties;
import io.hbload.hbase.table.TableSpec;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hbase.client.Durability;

/**
 * How operations are issued, with YCSB's hbase binding property names and defaults. Immutable.
 *
 * @param family the column family every field lives in ({@code columnfamily}; YCSB requires it, hbload
 *     defaults to {@code family}, the embedded cluster's)
 * @param clientBuffering {@code clientbuffering}: writes go through a per-worker {@code BufferedMutator}
 *     (default false)
 * @param writeBufferSize {@code writebuffersize} in bytes (default 12 MiB, YCSB's)
 * @param durability {@code durability}, an HBase {@link Durability} name (default USE_DEFAULT)
 * @param usePageFilter {@code hbase.usepagefilter}: add a {@code PageFilter} to scans; only "false" disables
 * @param debug {@code debug}: print each failed operation's exception
 */
public record OpsSpec(String family, boolean clientBuffering, long writeBufferSize, Durability durability,
    boolean usePageFilter, boolean debug) {

  public static final long DEFAULT_WRITE_BUFFER_SIZE = 12L * 1024 * 1024;

  public static OpsSpec from(Map<String, String> p) throws BindingException {
    String family = p.getOrDefault(HBaseProperties.COLUMN_FAMILY, TableSpec.DEFAULT_FAMILY);
    if (family.isBlank()) {
      throw new BindingException("columnfamily must not be empty");
    }
    long buffer;
    String wb = p.getOrDefault(HBaseProperties.WRITE_BUFFER_SIZE, Long.toString(DEFAULT_WRITE_BUFFER_SIZE));
    try {
      buffer = Long.parseLong(wb.trim());
    } catch (NumberFormatException e) {
      throw new BindingException(HBaseProperties.WRITE_BUFFER_SIZE + " is not a number of bytes: " + wb);
    }
    Durability durability;
    String d = p.getOrDefault(HBaseProperties.DURABILITY, Durability.USE_DEFAULT.name());
    try {
      durability = Durability.valueOf(d.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new BindingException(HBaseProperties.DURABILITY + " unknown: " + d + " (one of "
          + Arrays.toString(Durability.values()) + ")");
    }
    return new OpsSpec(family,
        Boolean.parseBoolean(p.getOrDefault(HBaseProperties.CLIENT_BUFFERING, "false")),
        buffer, durability,
        !"false".equals(p.get(HBaseProperties.USE_PAGE_FILTER)),
        "true".equals(p.get(HBaseProperties.DEBUG)));
  }
}
