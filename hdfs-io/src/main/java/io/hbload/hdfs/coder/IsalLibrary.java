package io.hbload.hdfs.coder;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * Loads hbload's JNI library ({@code libhbload-isal.so}, linked against Debian's {@code libisal.so.2})
 * once per JVM and remembers why it could not be loaded.
 *
 * <p>The library is a class-path resource ({@code native/linux-x86_64/libhbload-isal.so}) written by
 * the build when gcc and libisal-dev were present; it is copied to a temporary file because
 * {@code System.load} needs a path. The system property {@code hbload.isal.library} points to a
 * library file directly instead.
 *
 * <p>Thread-safe: the load happens in the class initializer; results are immutable afterwards.
 */
public final class IsalLibrary {
  /** Class-path location of the packaged JNI library. */
  public static final String RESOURCE = "/native/linux-x86_64/libhbload-isal.so";
  /** System property naming a library file to load instead of the packaged one. */
  public static final String PATH_PROPERTY = "hbload.isal.library";

  private static final String FAILURE = load();

  private IsalLibrary() {}

  /** True when the JNI library and libisal are loaded and usable. */
  public static boolean isAvailable() {
    return FAILURE == null;
  }

  /** Why the coder cannot be used, or empty when it can. */
  public static Optional<String> unavailableReason() {
    return Optional.ofNullable(FAILURE);
  }

  /** Throws with the load failure reason; the coder factories call this so CodecUtil falls back. */
  public static void ensureAvailable() {
    if (FAILURE != null) {
      throw new UnsupportedOperationException("ISA-L coder unavailable: " + FAILURE);
    }
  }

  private static String load() {
    if (!"Linux".equals(System.getProperty("os.name"))
        || !"amd64".equals(System.getProperty("os.arch"))) {
      return "no native build for " + System.getProperty("os.name") + "/" + System.getProperty("os.arch");
    }
    try {
      String explicit = System.getProperty(PATH_PROPERTY);
      if (explicit != null && !explicit.isBlank()) {
        System.load(Path.of(explicit).toAbsolutePath().toString());
      } else {
        System.load(extract().toString());
      }
      // a smoke call proves the symbols from libisal resolved (lazy binding would fail here)
      long handle = IsalRsCoderNative.create(2, 1);
      IsalRsCoderNative.destroy(handle);
      return null;
    } catch (IOException | LinkageError | RuntimeException e) {
      String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      return message.lines().findFirst().orElse(message);
    }
  }

  private static Path extract() throws IOException {
    try (InputStream in = IsalLibrary.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IOException(
            "libhbload-isal.so not packaged (built without gcc/libisal-dev; run hdfs-io/setup-native.sh)");
      }
      Path file = Files.createTempFile("libhbload-isal", ".so");
      file.toFile().deleteOnExit();
      Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
      return file;
    }
  }
}
