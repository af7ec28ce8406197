package io.hbload.hdfs.config;

import java.util.Locale;

/** Which raw RS coder the HDFS client (and an embedded cluster's DataNodes) should use. */
public enum CoderChoice {
  /** Hadoop's rs_native when libhadoop has ISA-L, else hbload's rs_isal, else rs_java. */
  AUTO("auto"),
  /** Hadoop's libhadoop ISA-L coder. */
  RS_NATIVE("rs_native"),
  /** hbload's JNI coder on Debian's libisal. */
  RS_ISAL("rs_isal"),
  /** Hadoop's pure-Java coder. */
  RS_JAVA("rs_java");

  private final String coderName;

  CoderChoice(String coderName) {
    this.coderName = coderName;
  }

  /** Hadoop's coder name ("auto" for {@link #AUTO}). */
  public String coderName() {
    return coderName;
  }

  /** By coder name: auto, rs_native, rs_isal, rs_java (case-insensitive). */
  public static CoderChoice parse(String text) {
    for (CoderChoice c : values()) {
      if (c.coderName.equalsIgnoreCase(text.trim()) || c.name().equalsIgnoreCase(text.trim())) {
        return c;
      }
    }
    throw new BadInputException(
        "unknown coder '" + text + "' (use auto, rs_native, rs_isal, rs_java)");
  }

  @Override
  public String toString() {
    return coderName.toLowerCase(Locale.ROOT);
  }
}
