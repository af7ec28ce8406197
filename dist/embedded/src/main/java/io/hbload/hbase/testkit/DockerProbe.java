package io.hbload.hbase.testkit;

/**
 * Whether Testcontainers can run a container here. Kept apart so that Testcontainers classes are
 * loaded only when a container was asked for (it is an optional dependency). Stateless.
 */
final class DockerProbe {
  private DockerProbe() {}

  /** Null when Docker is usable, else why not. */
  static String unavailableReason() {
    try {
      Class.forName("org.testcontainers.DockerClientFactory");
    } catch (ClassNotFoundException e) {
      return "org.testcontainers:testcontainers is not on the test class path";
    }
    try {
      return org.testcontainers.DockerClientFactory.instance().isDockerAvailable()
          ? null
          : "no Docker environment found (Testcontainers could not reach a Docker engine)";
    } catch (RuntimeException | LinkageError e) {
      return "Docker check failed: " + e;
    }
  }
}
