package io.hbload.hbase.config;

/**
 * Every property name this binding reads, in one place. YCSB's hbase binding names are kept
 * verbatim so that existing command lines work; hbload's own are namespaced {@code hbload.*}.
 * Defaults live beside the parsers ({@link OpsSpec}, {@link io.hbload.hbase.table.TableSpec},
 * {@link ClusterSpec}).
 */
public final class HBaseProperties {
  // YCSB hbase10/hbase20/hbase2 binding
  public static final String TABLE = "table";
  public static final String COLUMN_FAMILY = "columnfamily";
  public static final String CLIENT_BUFFERING = "clientbuffering";
  public static final String WRITE_BUFFER_SIZE = "writebuffersize";
  public static final String DURABILITY = "durability";
  public static final String USE_PAGE_FILTER = "hbase.usepagefilter";
  public static final String DEBUG = "debug";

  /**
   * Kerberos principal to log in as, with {@link #KEYTAB} (YCSB hbase2's {@code -p principal=...}).
   */
  public static final String PRINCIPAL = "principal";

  /**
   * Keytab of {@link #PRINCIPAL} (YCSB hbase2's {@code -p keytab=...}); a path, never a secret in
   * output.
   */
  public static final String KEYTAB = "keytab";

  /**
   * Use HBase's async client ({@code AsyncTable}); hbload's, named as the command lines use
   * it.
   */
  public static final String ASYNC = "hbase.async";

  // hbload: cluster
  /**
   * A directory holding hbase-site.xml (and core-site.xml), as HBase tools take {@code --config}.
   */
  public static final String HBASE_CONF_DIR = "hbload.hbase.conf";

  /** ZooKeeper quorum {@code host[:port][,host[:port]...]}. */
  public static final String ZK = "hbload.zk";

  /**
   * Prefix passed through into the HBase {@code Configuration} (except {@link #USE_PAGE_FILTER},
   * {@link #ASYNC}).
   */
  public static final String HBASE_PREFIX = "hbase.";

  /**
   * krb5.conf for the Kerberos login (else the JVM's: {@code -Djava.security.krb5.conf},
   * /etc/krb5.conf).
   */
  public static final String KRB5_CONF = "hbload.krb5.conf";

  /** Number of RegionServers of the embedded cluster (1 or 2). */
  public static final String EMBEDDED_REGION_SERVERS = "hbload.embedded.regionservers";

  /**
   * RegionServers one JVM can hold: each is a server with its own threads, RPC handlers and
   * memstore share of the one heap; more would fail after seconds of start-up rather than be
   * refused before it.
   */
  public static final int MAX_EMBEDDED_REGION_SERVERS = 16;

  // hbload: table set-up
  public static final String PRESPLIT = "hbload.presplit";
  public static final String COMPRESSION = "hbload.compression";
  public static final String BLOCK_ENCODING = "hbload.blockencoding";
  public static final String BLOOM_FILTER = "hbload.bloomfilter";
  public static final String IN_MEMORY = "hbload.inmemory";
  public static final String DROP_TABLE = "hbload.droptable";
  public static final String WAIT_FOR_COMPACTIONS = "hbload.waitforcompactions";

  /**
   * Flush, major-compact and wait for it before the measured run: every store starts the run as one
   * file, whatever earlier runs' updates left behind, so that run after run meets the same server.
   */
  public static final String MAJOR_COMPACT_BEFORE_RUN = "hbload.majorcompactbeforerun";

  /** Flush the table before the measured run phase, so reads go through the block cache. */
  public static final String FLUSH_BEFORE_RUN = "hbload.flushbeforerun";

  /**
   * The longest wait after a run for the block-cache counters to include its last calls, in ms:
   * {@code /jmx} serves them from Hadoop metrics2's cache, up to two metrics2 periods behind. The
   * wait ends sooner when they move. Default 1100 ms in-process (hbload's embedded cluster, read
   * without JMX); over JMX two periods and 0.5 s where the period is known (2.5 s for {@code hbload
   * embedded}, which states it in its configuration), else 15.5 s.
   */
  public static final String METRICS_SETTLE_MS = "hbload.metrics.settlems";

  private HBaseProperties() {}
}
