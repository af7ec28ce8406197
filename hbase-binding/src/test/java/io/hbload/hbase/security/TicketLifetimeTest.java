package io.hbload.hbase.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import javax.security.auth.kerberos.KerberosPrincipal;
import javax.security.auth.kerberos.KerberosTicket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the ticket cache is looked for, and when a keytab login's ticket is renewed (no KDC: see
 * TicketLifetimeIT).
 */
class TicketLifetimeTest {
  @Test
  void theCacheIsWhereTheJdkLooks() {
    assertThat(TicketCache.location(Map.of("KRB5CCNAME", "FILE:/x/cc")))
        .isEqualTo(Path.of("/x/cc"));
    assertThat(TicketCache.location(Map.of("KRB5CCNAME", "/y/cc"))).isEqualTo(Path.of("/y/cc"));
    assertThat(TicketCache.location(Map.of("KRB5CCNAME", "KEYRING:persistent:0"))).isNull();
    assertThat(TicketCache.location(Map.of()))
        .isEqualTo(
            Path.of("/tmp/krb5cc_" + new com.sun.security.auth.module.UnixSystem().getUid()));
  }

  @Test
  void nothingIsSaidOfAMissingOrUnreadableCache(@TempDir Path dir) throws Exception {
    assertThat(TicketCache.expiredTgt(dir.resolve("none"), Instant.now())).isNull();
    assertThat(TicketCache.expiredTgt(null, Instant.now())).isNull();
    Path garbage = Files.writeString(dir.resolve("garbage"), "not a ticket cache");
    assertThat(TicketCache.expiredTgt(garbage, Instant.now())).isNull();
  }

  @Test
  void aTicketIsRenewedAtEightyPercentOfItsLifetime() {
    long start = 1_000_000L;
    KerberosTicket tgt = tgt(start, start + 10_000);
    assertThat(KeytabRenewal.refreshPoint(tgt)).isEqualTo(start + 8_000);
    KerberosTicket day = tgt(start, start + 86_400_000L);
    assertThat(KeytabRenewal.refreshPoint(day)).isEqualTo(start + 69_120_000L);
  }

  private static KerberosTicket tgt(long start, long end) {
    return new KerberosTicket(
        new byte[] {1},
        new KerberosPrincipal("client@EXAMPLE.COM"),
        new KerberosPrincipal("krbtgt/EXAMPLE.COM@EXAMPLE.COM"),
        new byte[16],
        17,
        new boolean[32],
        new Date(start),
        new Date(start),
        new Date(end),
        null,
        null);
  }
}
