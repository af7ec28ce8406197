package io.hbload.core.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What result files echo of a run's settings: every secret's value replaced, every other setting as
 * given.
 */
class RedactionTest {
  @Test
  void keyLikeNamesAreSecrets() {
    for (String key :
        List.of(
            "apikey",
            "service.api.key",
            "API_KEY",
            "fs.s3a.access.key",
            "fs.s3a.secret.key",
            "fs.azure.account.key.myaccount",
            "tls.private.key",
            "my.service.key",
            "hbase.zookeeper.sasl.password",
            "javax.net.ssl.keyStorePassword",
            "vault.token",
            "aws.credentials")) {
      assertThat(Redaction.isSecret(key)).as(key).isTrue();
    }
  }

  @Test
  void wordsThatContainKeyAreNot() {
    for (String key :
        List.of(
            "hbase.client.keyvalue.maxsize",
            "hbload.keytab",
            "keyprefix",
            "insertorder",
            "recordcount",
            "hbload.principal",
            "javax.net.ssl.keyStore",
            "columnfamily")) {
      assertThat(Redaction.isSecret(key)).as(key).isFalse();
    }
  }

  @Test
  void settingsKeepTheirOrderAndOnlySecretsChange() {
    Map<String, String> given = new LinkedHashMap<>();
    given.put("recordcount", "10");
    given.put("fs.s3a.access.key", "AKIAEXAMPLE");
    given.put("apikey", "abc123");
    Map<String, String> out = Redaction.settings(given);
    assertThat(out)
        .containsExactly(
            Map.entry("recordcount", "10"),
            Map.entry("fs.s3a.access.key", Redaction.REDACTED),
            Map.entry("apikey", Redaction.REDACTED));
    assertThat(Redaction.jvmArguments(List.of("-Dapi.key=abc", "-Xmx1g")))
        .containsExactly("-Dapi.key=" + Redaction.REDACTED, "-Xmx1g");
  }

  @Test
  void aCommandLineKeepsEveryWordButASecretsValue() {
    assertThat(
            Redaction.commandLine(
                List.of(
                    "hbload",
                    "pe",
                    "--rows=200",
                    "-p",
                    "hbase.zookeeper.sasl.password=hunter2",
                    "-Dfs.s3a.access.key=AKIA",
                    "--token",
                    "abc",
                    "--keytab",
                    "/etc/h.keytab",
                    "randomRead",
                    "2")))
        .containsExactly(
            "hbload",
            "pe",
            "--rows=200",
            "-p",
            "hbase.zookeeper.sasl.password=<redacted>",
            "-Dfs.s3a.access.key=<redacted>",
            "--token",
            "<redacted>",
            "--keytab",
            "/etc/h.keytab",
            "randomRead",
            "2");
  }
}
