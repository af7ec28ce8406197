package io.hbload.hbase.security;

import com.sun.security.auth.module.UnixSystem;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.apache.kerby.kerberos.kerb.ccache.Credential;
import org.apache.kerby.kerberos.kerb.ccache.CredentialCache;

/**
 * The ticket cache {@code kinit} fills, read only to say why a login from it found no ticket: the
 * JDK silently drops an expired ticket-granting ticket, after which Hadoop logs in as the
 * operating-system user and the first RPC fails deep inside SASL. Reading the cache's own end times
 * turns that into "expired at T". Where it is, as the JDK and Hadoop look: {@code $KRB5CCNAME}
 * ({@code FILE:path} or a path), else {@code /tmp/krb5cc_<uid>}. Only file caches are read (a
 * {@code KEYRING:} or {@code KCM:} cache is not a file: nothing is said about it). Stateless.
 */
final class TicketCache {
  static final String ENV = "KRB5CCNAME";

  private TicketCache() {}

  /** The file cache the JDK reads, or null when {@code $KRB5CCNAME} names another kind of cache. */
  static Path location(Map<String, String> env) {
    String name = env.get(ENV);
    if (name == null || name.isBlank()) {
      String uid = uid();
      return uid == null ? null : Path.of("/tmp/krb5cc_" + uid);
    }
    if (name.startsWith("FILE:")) {
      return Path.of(name.substring("FILE:".length()));
    }
    return name.contains(":") ? null : Path.of(name);
  }

  private static String uid() {
    try {
      return Long.toString(new UnixSystem().getUid());
    } catch (RuntimeException | LinkageError e) {
      return null; // not a Unix system: no default file cache to look at
    }
  }

  /**
   * A file credential cache starts with 0x05 and its format version, 1 to 4 (MIT's file format).
   */
  private static boolean looksLikeACache(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      byte[] head = in.readNBytes(2);
      return head.length == 2 && head[0] == 0x05 && head[1] >= 0x01 && head[1] <= 0x04;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * What is wrong with the cache at {@code file} when it holds ticket-granting tickets and all of
   * them ended before {@code now}: {@code the ticket of client@REALM in FILE expired at T}; null
   * when the cache is absent, unreadable, holds no such ticket or a current one.
   */
  static String expiredTgt(Path file, Instant now) {
    if (file == null || !Files.isRegularFile(file) || !looksLikeACache(file)) {
      return null;
    }
    CredentialCache cache = new CredentialCache();
    try {
      cache.load(file.toFile());
    } catch (IOException | RuntimeException e) {
      return null; // not a cache we can read: the JDK's own failure stands
    }
    long latestEnd = Long.MIN_VALUE;
    for (Credential c : cache.getCredentials()) {
      if (c.getServerName() != null
          && c.getServerName().getName().startsWith("krbtgt/")
          && c.getEndTime() != null) {
        latestEnd = Math.max(latestEnd, c.getEndTime().getTime());
      }
    }
    if (latestEnd == Long.MIN_VALUE || latestEnd > now.toEpochMilli()) {
      return null;
    }
    String principal =
        cache.getPrimaryPrincipal() == null ? "?" : cache.getPrimaryPrincipal().getName();
    return "the ticket of "
        + principal
        + " in "
        + file
        + " expired at "
        + Instant.ofEpochMilli(latestEnd);
  }
}
