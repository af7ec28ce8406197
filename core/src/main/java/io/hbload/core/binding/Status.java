package io.hbload.core.binding;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Outcome of one binding call, with YCSB's names so that {@code Return=<NAME>} lines match.
 *
 * <p>Only {@link #OK} and {@link #BATCHED_OK} count as success, by identity as in YCSB. Every
 * distinct name gets a small dense {@link #id()} so the engine can count outcomes in plain arrays
 * without a map lookup on the hot path. Instances are immutable and thread-safe; construct custom
 * ones once, not per call.
 */
public final class Status {
  /**
   * Upper bound on distinct status ids in one JVM; names beyond the first 63 share the {@link
   * #OTHER_ID} bucket.
   */
  public static final int MAX_IDS = 64;

  /** The id of every status name past the first {@code MAX_IDS - 1}, reported as {@code OTHER}. */
  public static final int OTHER_ID = MAX_IDS - 1;

  private static final ConcurrentHashMap<String, Integer> IDS = new ConcurrentHashMap<>();
  private static final String[] NAMES = new String[MAX_IDS];
  private static final AtomicInteger NEXT_ID = new AtomicInteger();

  static {
    // an explicit bucket, so that overflowing names are never reported under another status's name
    NAMES[OTHER_ID] = "OTHER";
  }

  public static final Status OK = new Status("OK", "The operation completed successfully.");
  public static final Status ERROR = new Status("ERROR", "The operation failed.");
  public static final Status NOT_FOUND =
      new Status("NOT_FOUND", "The requested record was not found.");
  public static final Status NOT_IMPLEMENTED =
      new Status("NOT_IMPLEMENTED", "The operation is not implemented for the current binding.");
  public static final Status UNEXPECTED_STATE =
      new Status(
          "UNEXPECTED_STATE",
          "The operation reported success, but the result was not as expected.");
  public static final Status BAD_REQUEST = new Status("BAD_REQUEST", "The request was not valid.");
  public static final Status FORBIDDEN = new Status("FORBIDDEN", "The operation is forbidden.");
  public static final Status SERVICE_UNAVAILABLE =
      new Status(
          "SERVICE_UNAVAILABLE", "Dependant service for the current binding is not available.");
  public static final Status BATCHED_OK =
      new Status("BATCHED_OK", "The operation has been batched by the binding.");

  private final String name;
  private final String description;
  private final int id;

  public Status(String name, String description) {
    this.name = Objects.requireNonNull(name, "name");
    this.description = Objects.requireNonNull(description, "description");
    this.id =
        IDS.computeIfAbsent(
            name,
            n -> {
              int next = NEXT_ID.getAndUpdate(i -> Math.min(i + 1, OTHER_ID));
              if (next < OTHER_ID) {
                NAMES[next] = n;
              }
              return next;
            });
  }

  public String name() {
    return name;
  }

  public String description() {
    return description;
  }

  /** Dense id shared by all statuses with this name, in [0, {@link #MAX_IDS}). */
  public int id() {
    return id;
  }

  /** Success as YCSB defines it: the {@link #OK} or {@link #BATCHED_OK} instance itself. */
  public boolean isOk() {
    return this == OK || this == BATCHED_OK;
  }

  /** The name registered for an id, for reports. */
  public static String nameOf(int id) {
    return NAMES[id];
  }

  /** How many ids are in use, the OTHER bucket included once it is. */
  public static int idCount() {
    return Math.min(NEXT_ID.get() + 1, MAX_IDS);
  }

  @Override
  public String toString() {
    return name;
  }
}
