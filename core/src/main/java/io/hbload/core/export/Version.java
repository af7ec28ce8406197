package io.hbload.core.export;

/** hbload's version from the jar manifest, or "dev" when run from classes. */
public final class Version {
  private Version() {}

  public static String get() {
    String v = Version.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }
}
