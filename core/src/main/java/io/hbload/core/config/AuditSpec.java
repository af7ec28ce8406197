package io.hbload.core.config;

import java.nio.file.Path;

/**
 * The acknowledged-write audit of a phase ({@code hbload.verify}, {@code --verify}): every write
 * the store acknowledged is remembered and read back after the run; {@code file} ({@code
 * hbload.verify.file}) also keeps what was remembered for {@code hbload verify} later. Immutable.
 *
 * @param enabled whether writes are remembered and read back
 * @param file where the remembered writes are written, or null
 */
public record AuditSpec(boolean enabled, Path file) {
  /** No audit. */
  public static final AuditSpec NONE = new AuditSpec(false, null);

  public AuditSpec {
    if (file != null && !enabled) {
      throw new IllegalArgumentException("a verify file needs the audit enabled");
    }
  }
}
