package io.hbload.hbase.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.config.SpecException;
import io.hbload.hbase.security.KerberosSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * YCSB hbase2's {@code principal}/{@code keytab} and hbload's {@code hbload.krb5.conf}, parsed with
 * the rest.
 */
class KerberosPropertiesTest {
  @TempDir Path dir;

  private Path file(String name) throws IOException {
    return Files.writeString(dir.resolve(name), "x");
  }

  @Test
  void principalAndKeytabTogetherAreTheLogin() throws IOException {
    Path keytab = file("client.keytab");
    Path krb5 = file("krb5.conf");
    KerberosSpec k =
        HBaseSettingsParser.parse(
                Map.of(
                    "principal",
                    "client@EXAMPLE.COM",
                    "keytab",
                    keytab.toString(),
                    "hbload.krb5.conf",
                    krb5.toString()))
            .kerberos();
    assertThat(k).isEqualTo(new KerberosSpec("client@EXAMPLE.COM", keytab, krb5));
    assertThat(k.usesKeytab()).isTrue();
    assertThat(k.describe()).isEqualTo("client@EXAMPLE.COM with keytab " + keytab);
  }

  @Test
  void neitherMeansTheTicketCache() {
    KerberosSpec k = HBaseSettingsParser.parse(Map.of()).kerberos();
    assertThat(k).isEqualTo(KerberosSpec.NONE);
    assertThat(k.usesKeytab()).isFalse();
  }

  @Test
  void ycsbsHbase2PropertiesWork() throws IOException {
    Path keytab = file("k");
    Properties p = new Properties();
    p.setProperty("columnfamily", "family");
    p.setProperty("principal", "ycsb@EXAMPLE.COM");
    p.setProperty("keytab", keytab.toString());
    assertThat(HBaseSettingsParser.parseYcsb(p).kerberos())
        .isEqualTo(new KerberosSpec("ycsb@EXAMPLE.COM", keytab, null));
  }

  @Test
  void everyProblemIsReportedTogether() {
    Path missing = dir.resolve("missing.keytab");
    assertThatThrownBy(
            () ->
                HBaseSettingsParser.parse(
                    Map.of(
                        "principal",
                        "a@B",
                        "hbload.krb5.conf",
                        dir.resolve("no-krb5.conf").toString())))
        .isInstanceOfSatisfying(
            SpecException.class,
            e ->
                assertThat(e.problems())
                    .containsExactlyInAnyOrder(
                        "property principal: needs keytab too (or give neither to use the ticket cache of kinit)",
                        "property hbload.krb5.conf: "
                            + dir.resolve("no-krb5.conf")
                            + " is not a readable file"));
    assertThatThrownBy(() -> HBaseSettingsParser.parse(Map.of("keytab", missing.toString())))
        .isInstanceOfSatisfying(
            SpecException.class,
            e ->
                assertThat(e.problems())
                    .containsExactlyInAnyOrder(
                        "property keytab: needs principal too (the keytab may hold several)",
                        "property keytab: " + missing + " is not a readable file"));
    assertThatThrownBy(
            () -> HBaseSettingsParser.parse(Map.of("principal", "a@B", "keytab", dir.toString())))
        .isInstanceOfSatisfying(
            SpecException.class,
            e ->
                assertThat(e.problems())
                    .containsExactly("property keytab: " + dir + " is not a readable file"));
  }

  @Test
  void aKeytabPathIsNotASecretButTheValuesOfSecretKeysAre() {
    assertThat(
            io.hbload.core.export.Redaction.settings(
                Map.of(
                    "keytab",
                    "/etc/security/client.keytab",
                    "principal",
                    "client@EXAMPLE.COM",
                    "hbase.auth.token",
                    "AAEC",
                    "krb5.password",
                    "pw")))
        .containsEntry("keytab", "/etc/security/client.keytab")
        .containsEntry("principal", "client@EXAMPLE.COM")
        .containsEntry("hbase.auth.token", "<redacted>")
        .containsEntry("krb5.password", "<redacted>");
  }
}
