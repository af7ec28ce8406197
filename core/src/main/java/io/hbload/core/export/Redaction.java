package io.hbload.core.export;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Keeps secrets out of result files: a setting whose key names a password, secret, token,
 * credential or key (e.g. {@code hbase.zookeeper.sasl.password}, {@code
 * -Djavax.net.ssl.keyStorePassword=...}) is written with its value replaced. Result files echo the
 * run's settings so it can be repeated; a secret is never needed for that. Stateless.
 */
public final class Redaction {
  /** What a secret's value becomes. */
  public static final String REDACTED = "<redacted>";

  /**
   * Names of secrets: the words anywhere, and key-like names (an API key, an access, account or
   * private key, a name whose last part is {@code key}, as {@code fs.s3a.access.key}); not names
   * where "key" is part of a word ({@code hbase.client.keyvalue.maxsize}, {@code hbload.keytab}: a
   * path, not a secret).
   */
  private static final Pattern SECRET =
      Pattern.compile(
          "(?i).*(password|passwd|secret|token|credential"
              + "|api[._-]?key|(access|account|private)[._-]?key\\b).*|(?i).*[._-]key");

  private Redaction() {}

  public static boolean isSecret(String key) {
    return SECRET.matcher(key).matches();
  }

  /** The settings with every secret's value redacted, in the same order. */
  public static Map<String, String> settings(Map<String, String> settings) {
    Map<String, String> out = new LinkedHashMap<>();
    settings.forEach((k, v) -> out.put(k, isSecret(k) ? REDACTED : v));
    return out;
  }

  /** JVM arguments with the value of every {@code -Dsecret=value} redacted. */
  public static List<String> jvmArguments(List<String> args) {
    return args.stream()
        .map(
            a -> {
              int eq = a.indexOf('=');
              return a.startsWith("-D") && eq > 0 && isSecret(a.substring(2, eq))
                  ? a.substring(0, eq + 1) + REDACTED
                  : a;
            })
        .toList();
  }

  /**
   * A command line with every secret's value redacted: {@code -p KEY=VALUE}, {@code -DKEY=VALUE}
   * and {@code --name=value} whose key names a secret, and the argument after an option that does
   * ({@code --password VALUE}).
   */
  public static List<String> commandLine(List<String> args) {
    List<String> out = new ArrayList<>(args.size());
    boolean valueOfSecret = false;
    for (String a : args) {
      if (valueOfSecret) {
        out.add(REDACTED);
        valueOfSecret = false;
        continue;
      }
      String prefix = a.startsWith("-D") && a.length() > 2 ? "-D" : "";
      String setting = a.substring(prefix.length());
      int eq = setting.indexOf('=');
      if (eq > 0) {
        String key = setting.substring(0, eq).replaceFirst("^-+", "");
        out.add(isSecret(key) ? prefix + setting.substring(0, eq + 1) + REDACTED : a);
      } else {
        out.add(a);
        valueOfSecret = a.startsWith("-") && isSecret(a.replaceFirst("^-+", ""));
      }
    }
    return out;
  }
}
