package io.hbload.hbase.config;

import org.apache.hadoop.hbase.client.Durability;

/**
 * How operations are issued, with YCSB's hbase binding property names and defaults (parsed by
 * {@link HBaseSettingsParser}). Immutable.
 *
 * @param family the column family every field lives in ({@code columnfamily}; YCSB requires it,
 *     hbload defaults to {@code family}, the embedded cluster's)
 * @param clientBuffering {@code clientbuffering}: writes go through a per-worker {@code
 *     BufferedMutator} (default false)
 * @param writeBufferSize {@code writebuffersize} in bytes (default 12 MiB, YCSB's)
 * @param durability {@code durability}, an HBase {@link Durability} name (default USE_DEFAULT)
 * @param usePageFilter {@code hbase.usepagefilter}: add a {@code PageFilter} to scans; only "false"
 *     disables
 * @param debug {@code debug}: print each failed operation's exception
 * @param async {@code hbase.async}: workers drive HBase's {@code AsyncTable} ({@link
 *     io.hbload.hbase.async}), also with one operation in flight; {@code hbload.inflight} above 1
 *     selects it whatever this says (default false)
 */
public record OpsSpec(
    String family,
    boolean clientBuffering,
    long writeBufferSize,
    Durability durability,
    boolean usePageFilter,
    boolean debug,
    boolean async) {

  public static final long DEFAULT_WRITE_BUFFER_SIZE = 12L * 1024 * 1024;
}
