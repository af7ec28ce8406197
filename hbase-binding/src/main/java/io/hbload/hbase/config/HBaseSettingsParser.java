package io.hbload.hbase.config;

import static io.hbload.hbase.config.HBaseProperties.*;

import io.hbload.core.config.PropertyReader;
import io.hbload.hbase.security.KerberosSpec;
import io.hbload.hbase.table.TableSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;

/**
 * The HBase binding's half of the spec parse: reads every key of {@link HBaseProperties} with
 * YCSB's hbase binding defaults, reporting each bad value through the shared {@link
 * PropertyReader}, so that a bad binding setting is reported with the engine's problems, before any
 * cluster starts. The only code of this module that reads property strings. Stateless.
 */
public final class HBaseSettingsParser {
  private HBaseSettingsParser() {}

  /** Parses into the engine's reader (errors are thrown by the engine's parser, all together). */
  public static HBaseSettings parse(PropertyReader read, String table) {
    return new HBaseSettings(
        ops(read),
        table(read, table),
        cluster(read),
        read.intValue(EMBEDDED_REGION_SERVERS, 1, 1, MAX_EMBEDDED_REGION_SERVERS),
        read.has(FLUSH_BEFORE_RUN) ? read.bool(FLUSH_BEFORE_RUN, false) : null,
        read.has(METRICS_SETTLE_MS) ? read.longValue(METRICS_SETTLE_MS, 0, 0, 600_000) : null,
        kerberos(read));
  }

  /**
   * {@code principal} and {@code keytab} (both or neither, as YCSB's hbase2 binding uses them) and
   * {@code hbload.krb5.conf}; the files must be readable now, so a typo is reported before anything
   * starts.
   */
  public static KerberosSpec kerberos(PropertyReader read) {
    String principal = read.optional(PRINCIPAL);
    Path keytab = read.path(KEYTAB);
    Path krb5 = read.path(KRB5_CONF);
    boolean ok = true;
    if (principal != null && keytab == null) {
      read.error(PRINCIPAL, "needs keytab too (or give neither to use the ticket cache of kinit)");
      ok = false;
    } else if (principal == null && keytab != null) {
      read.error(KEYTAB, "needs principal too (the keytab may hold several)");
      ok = false;
    }
    if (keytab != null && !readableFile(keytab)) {
      read.error(KEYTAB, keytab + " is not a readable file");
      ok = false;
    }
    if (krb5 != null && !readableFile(krb5)) {
      read.error(KRB5_CONF, krb5 + " is not a readable file");
      krb5 = null;
    }
    return ok && principal != null
        ? new KerberosSpec(principal, keytab, krb5)
        : new KerberosSpec(null, null, krb5);
  }

  private static boolean readableFile(Path p) {
    return Files.isRegularFile(p) && Files.isReadable(p);
  }

  /** Parses on its own (YCSB's DB adapter, tests); a SpecException lists every problem. */
  public static HBaseSettings parse(Map<String, String> properties) {
    PropertyReader read = new PropertyReader(properties);
    HBaseSettings settings = parse(read, read.text(TABLE, TableSpec.DEFAULT_TABLE));
    read.throwIfErrors();
    return settings;
  }

  /**
   * The properties YCSB hands its DB binding. As YCSB's hbase binding, which has no default column
   * family, {@code columnfamily} is required.
   */
  public static HBaseSettings parseYcsb(Properties properties) {
    Map<String, String> map = new HashMap<>();
    properties.stringPropertyNames().forEach(name -> map.put(name, properties.getProperty(name)));
    PropertyReader read = new PropertyReader(map);
    if (!read.has(COLUMN_FAMILY)) {
      read.error(COLUMN_FAMILY, "No columnfamily specified");
    }
    HBaseSettings settings = parse(read, read.text(TABLE, TableSpec.DEFAULT_TABLE));
    read.throwIfErrors();
    return settings;
  }

  private static OpsSpec ops(PropertyReader read) {
    String family = read.raw(COLUMN_FAMILY, TableSpec.DEFAULT_FAMILY);
    if (family.isBlank()) {
      read.error(COLUMN_FAMILY, "must not be empty");
    }
    return new OpsSpec(
        family,
        read.bool(CLIENT_BUFFERING, false),
        read.longValue(WRITE_BUFFER_SIZE, OpsSpec.DEFAULT_WRITE_BUFFER_SIZE, 1, Long.MAX_VALUE),
        read.enumValue(DURABILITY, Durability.class, Durability.USE_DEFAULT),
        // YCSB's binding: only the exact value "false" turns the page filter off
        !"false".equals(read.raw(USE_PAGE_FILTER, null)),
        "true".equals(read.raw(DEBUG, null)),
        read.bool(ASYNC, false));
  }

  private static TableSpec table(PropertyReader read, String table) {
    String given = read.raw(COLUMN_FAMILY, TableSpec.DEFAULT_FAMILY);
    String family =
        given.isBlank() ? TableSpec.DEFAULT_FAMILY : given; // a blank one is reported by ops()
    String problem = TableSpec.nameProblem(table, family);
    if (problem != null) {
      read.error(TABLE + "/" + COLUMN_FAMILY, problem);
      return TableSpec.of(TableSpec.DEFAULT_TABLE, TableSpec.DEFAULT_FAMILY, 0);
    }
    return new TableSpec(
        table,
        family,
        read.intValue(PRESPLIT, 0, 1, 100_000),
        compression(read),
        read.enumValue(BLOCK_ENCODING, DataBlockEncoding.class, DataBlockEncoding.NONE),
        read.enumValue(BLOOM_FILTER, BloomType.class, BloomType.ROW),
        read.bool(IN_MEMORY, false),
        read.bool(DROP_TABLE, false),
        read.bool(WAIT_FOR_COMPACTIONS, false),
        read.bool(MAJOR_COMPACT_BEFORE_RUN, false));
  }

  private static Compression.Algorithm compression(PropertyReader read) {
    String c = read.optional(COMPRESSION);
    if (c == null) {
      return Compression.Algorithm.NONE;
    }
    try {
      return Compression.getCompressionAlgorithmByName(c.toLowerCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      read.error(COMPRESSION, "unknown: " + c + " (none, gz, snappy, lz4, zstd, lzo, bzip2)");
      return Compression.Algorithm.NONE;
    }
  }

  /**
   * Where the cluster is; a quorum or conf directory that cannot work is bad input, found before
   * anything starts.
   */
  private static ClusterSpec cluster(PropertyReader read) {
    Path confDir = read.path(HBASE_CONF_DIR);
    if (confDir != null) {
      String problem = ClusterSpec.confDirProblem(confDir);
      if (problem != null) {
        read.error(HBASE_CONF_DIR, problem);
      }
    }
    String zk = read.optional(ZK);
    if (zk != null) {
      String problem = ClusterSpec.quorumProblem(zk);
      if (problem != null) {
        read.error(ZK, problem);
      }
    }
    return new ClusterSpec(
        confDir,
        zk,
        read.withPrefixes(List.of(HBASE_PREFIX, "zookeeper."), List.of(USE_PAGE_FILTER, ASYNC)));
  }
}
