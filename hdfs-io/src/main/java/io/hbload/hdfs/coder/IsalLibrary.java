package io.hbload.hdfs.coder;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Loads hbload's JNI library ({@code libhbload-isal.so}) and the ISA-L it was linked against once
 * per JVM, and remembers where from or why not.
 *
 * <p>The build puts both in the jar, {@code native/linux-x86_64/libhbload-isal.so} and the real
 * {@code libisal.so.2}, the JNI library carrying run path {@code $ORIGIN}. {@code System.load}
 * needs files, so both are extracted into one fresh directory: the dynamic linker then resolves
 * libisal.so.2 from there, and the jar needs no libisal installed where it runs. The system
 * property {@code hbload.isal.library} names a JNI library file to load instead (its own run path
 * decides where its libisal comes from).
 *
 * <p>Thread-safe: the load happens in the class initializer; results are immutable afterwards.
 */
public final class IsalLibrary {
  /** Class-path directory of the packaged native files. */
  public static final String RESOURCE_DIR = "/native/linux-x86_64/";

  /** The JNI library's file name. */
  public static final String JNI_LIBRARY = "libhbload-isal.so";

  /** The bundled ISA-L, named as the JNI library's NEEDED entry (its soname). */
  public static final String ISAL_LIBRARY = "libisal.so.2";

  /** System property naming a library file to load instead of the packaged one. */
  public static final String PATH_PROPERTY = "hbload.isal.library";

  private static final String FIX = "run 'sh hdfs-io/setup-native.sh' and rebuild";
  private static final Loaded LOADED = load();

  /** Where the JNI library was loaded from, or why it was not; exactly one is non-null. */
  private record Loaded(Path directory, String failure) {}

  private IsalLibrary() {}

  /** True when the JNI library and libisal are loaded and usable. */
  public static boolean isAvailable() {
    return LOADED.failure == null;
  }

  /** Why the coder cannot be used, one line, or empty when it can. */
  public static Optional<String> unavailableReason() {
    return Optional.ofNullable(LOADED.failure);
  }

  /**
   * The directory the JNI library was loaded from (the extracted one, normally), when it loaded.
   */
  public static Optional<Path> directory() {
    return Optional.ofNullable(LOADED.directory);
  }

  /**
   * One line for reports, on every run: {@code rs_isal loaded from /tmp/hbload-isal123} or {@code
   * rs_isal unavailable: <reason>}.
   */
  public static String status() {
    return IsalRsRawErasureCoderFactory.CODER_NAME
        + (isAvailable() ? " loaded from " + LOADED.directory : " unavailable: " + LOADED.failure);
  }

  /** Throws with the load failure reason; the coder factories call this so CodecUtil falls back. */
  public static void ensureAvailable() {
    if (LOADED.failure != null) {
      throw new UnsupportedOperationException("ISA-L coder unavailable: " + LOADED.failure);
    }
  }

  private static Loaded load() {
    if (!"Linux".equals(System.getProperty("os.name"))
        || !"amd64".equals(System.getProperty("os.arch"))) {
      return new Loaded(
          null,
          "no native build for "
              + System.getProperty("os.name")
              + "/"
              + System.getProperty("os.arch")
              + " (only linux-x86_64)");
    }
    try {
      String explicit = System.getProperty(PATH_PROPERTY);
      Path library =
          explicit != null && !explicit.isBlank() ? Path.of(explicit).toAbsolutePath() : extract();
      System.load(library.toString());
      // a smoke call proves the symbols from libisal resolved (lazy binding would fail here)
      long handle = IsalRsCoderNative.create(2, 1);
      IsalRsCoderNative.destroy(handle);
      return new Loaded(library.getParent(), null);
    } catch (IOException | LinkageError | RuntimeException e) {
      String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      String prefix = e instanceof LinkageError ? e.getClass().getSimpleName() + ": " : "";
      return new Loaded(null, prefix + message.lines().findFirst().orElse(message));
    }
  }

  /** Both files into one fresh directory, deleted at exit (the JVM has them mapped by then). */
  private static Path extract() throws IOException {
    if (IsalLibrary.class.getResource(RESOURCE_DIR + JNI_LIBRARY) == null) {
      throw new IOException(
          "no native/linux-x86_64 in the jar: it was built without gcc/libisal-dev; " + FIX);
    }
    Path dir = Files.createTempDirectory("hbload-isal");
    dir.toFile().deleteOnExit();
    for (String name : new String[] {ISAL_LIBRARY, JNI_LIBRARY}) {
      try (InputStream in = IsalLibrary.class.getResourceAsStream(RESOURCE_DIR + name)) {
        if (in == null) {
          throw new IOException(
              RESOURCE_DIR.substring(1)
                  + name
                  + " is missing beside "
                  + JNI_LIBRARY
                  + " in the jar; "
                  + FIX);
        }
        Path file = dir.resolve(name);
        // registered after the directory, so deleted before it (deleteOnExit runs in reverse order)
        file.toFile().deleteOnExit();
        Files.copy(in, file);
      }
    }
    return dir.resolve(JNI_LIBRARY);
  }
}
