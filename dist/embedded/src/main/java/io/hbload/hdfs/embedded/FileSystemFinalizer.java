package io.hbload.hdfs.embedded;

import java.lang.reflect.Field;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.util.ShutdownHookManager;

/**
 * Puts back the shutdown hook of Hadoop's {@link FileSystem} cache after a MiniDFSCluster took it
 * away. {@code MiniDFSCluster.shutdown} clears every hook of Hadoop's {@link ShutdownHookManager},
 * the cache's finalizer among them, while the cache may still hold file systems; the cache
 * registers its finalizer again only when it goes from empty to non-empty. An HBase RegionServer
 * started later in the same JVM must find that hook to suppress it, so it aborted ("Failed
 * suppression of fs shutdown hook") and the master never came up: an HBase test after an HDFS test
 * in one JVM failed after 200 s, and the JUnit extension's users would hit the same.
 */
final class FileSystemFinalizer {
  private FileSystemFinalizer() {}

  /** Registers the cache's finalizer again when it is not registered; a no-op otherwise. */
  static void restore() {
    try {
      Field cacheField = FileSystem.class.getDeclaredField("CACHE");
      cacheField.setAccessible(true);
      Object cache = cacheField.get(null);
      Field finalizerField = cache.getClass().getDeclaredField("clientFinalizer");
      finalizerField.setAccessible(true);
      Runnable finalizer = (Runnable) finalizerField.get(cache);
      ShutdownHookManager hooks = ShutdownHookManager.get();
      if (!hooks.isShutdownInProgress() && !hooks.hasShutdownHook(finalizer)) {
        hooks.addShutdownHook(finalizer, FileSystem.SHUTDOWN_HOOK_PRIORITY);
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      // another Hadoop version: nothing to restore that this class knows of; HBase then reports
      // its own failure, which names the hook
    }
  }
}
