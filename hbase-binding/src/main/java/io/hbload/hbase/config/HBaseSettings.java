package io.hbload.hbase.config;

import io.hbload.core.config.BindingSettings;
import io.hbload.hbase.security.KerberosSpec;
import io.hbload.hbase.table.TableSpec;

/**
 * Everything the HBase binding was told, typed and validated at spec time by {@link
 * HBaseSettingsParser}. Immutable.
 *
 * @param ops how operations are issued
 * @param table the table's layout and what to do around it
 * @param cluster where the cluster is
 * @param embeddedRegionServers RegionServers of the embedded cluster ({@code
 *     hbload.embedded.regionservers})
 * @param flushBeforeRun {@code hbload.flushbeforerun}; null = the default, which depends on the
 *     cluster (on for the embedded one, so reads go through the block cache, off for a real one)
 * @param metricsSettleMillis {@code hbload.metrics.settlems}; null = the default for the metrics
 *     source
 * @param kerberos who to log in as ({@code principal}, {@code keytab}, {@code hbload.krb5.conf})
 */
public record HBaseSettings(
    OpsSpec ops,
    TableSpec table,
    ClusterSpec cluster,
    int embeddedRegionServers,
    Boolean flushBeforeRun,
    Long metricsSettleMillis,
    KerberosSpec kerberos)
    implements BindingSettings {}
