package io.hbload.hbase.ycsb;

import io.hbload.core.binding.BindingException;
import io.hbload.core.config.Phase;
import io.hbload.hbase.config.HBaseSettings;
import io.hbload.hbase.ops.HBaseSession;
import java.io.PrintStream;

/**
 * The one {@link HBaseSession} (and so one HBase connection) all YCSB client threads of this JVM
 * share, as YCSB's hbase binding shares its static connection: opened by the first {@code init()},
 * closed by the last {@code cleanup()}. Thread-safe (class lock; only taken at init and cleanup).
 */
final class SharedSession {
  private static HBaseSession session;
  private static int references;

  private SharedSession() {}

  /** The shared session, opened with {@code properties} if this is the first reference. */
  static synchronized HBaseSession acquire(HBaseSettings settings, PrintStream messages)
      throws BindingException {
    if (session == null) {
      // YCSB's binding never creates tables and never starts a cluster: the table must exist (load
      // and run alike)
      session = HBaseSession.open(settings, Phase.RUN, false, messages);
    }
    references++;
    return session;
  }

  static synchronized void release() throws BindingException {
    if (references == 0) {
      return;
    }
    references--;
    if (references == 0) {
      HBaseSession s = session;
      session = null;
      s.close();
    }
  }
}
