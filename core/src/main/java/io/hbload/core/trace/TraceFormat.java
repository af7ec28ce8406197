package io.hbload.core.trace;

import java.util.Locale;

/**
 * The line formats a trace can be written in, each parsed without splitting the line into strings.
 *
 * <ul>
 *   <li>{@link #TWITTER}: Twitter's cache traces (OSDI'20, github.com/twitter/cache-trace): {@code
 *       timestamp,anonymized key,key size,value size,client id,operation,TTL}, the timestamp in
 *       whole seconds. get and gets are reads; set, add, replace, cas, append, prepend, incr and
 *       decr are writes (a put of the value size's bytes: memcached changes the value in place,
 *       HBase replaces the cell); delete deletes the row.
 *   <li>{@link #HBLOAD}: {@code time,op,key,valuesize}, the time in seconds from any origin
 *       (decimals allowed: {@code 0.000125}), op {@code read}, {@code write} or {@code delete}
 *       (also {@code get}, {@code put}, {@code update}, {@code insert}, {@code set}), the value
 *       size needed for writes only. A first line starting with {@code time} is a header.
 * </ul>
 *
 * In both, blank lines and lines starting with {@code #} are skipped; any other line that does not
 * parse is damaged and named by its number. Stateless and thread-safe.
 */
public enum TraceFormat {
  TWITTER(7) {
    @Override
    boolean parse(String line, TraceRecord into) {
      int[] ends = fields(line, 7, into.ends);
      into.seconds = decimal(line, 0, ends[0], "timestamp");
      into.keyHash = hash(line, ends[0] + 1, ends[1]);
      into.valueBytes = count(line, ends[2] + 1, ends[3], "value size");
      into.operation = twitterOperation(line, ends[4] + 1, ends[5]);
      return true;
    }
  },
  HBLOAD(4) {
    @Override
    boolean parse(String line, TraceRecord into) {
      if (line.startsWith("time")) {
        return false; // the header
      }
      int[] ends = fields(line, 4, into.ends);
      into.seconds = decimal(line, 0, ends[0], "time");
      into.operation = hbloadOperation(line, ends[0] + 1, ends[1]);
      into.keyHash = hash(line, ends[1] + 1, ends[2]);
      into.valueBytes =
          ends[3] == ends[2] + 1 && into.operation != TraceOperation.WRITE
              ? 0
              : count(line, ends[2] + 1, ends[3], "value size");
      return true;
    }
  };

  private final int fieldCount;

  TraceFormat(int fieldCount) {
    this.fieldCount = fieldCount;
  }

  /** The format named {@code name} (twitter, hbload; any case). */
  public static TraceFormat named(String name) {
    for (TraceFormat f : values()) {
      if (f.name().equalsIgnoreCase(name)) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        "unknown trace format '" + name + "': expected twitter or hbload");
  }

  public String lowerName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses {@code line} into {@code into}; false for a line that holds no record (blank, a comment,
   * a header).
   *
   * @throws IllegalArgumentException saying what is wrong with a damaged line
   */
  final boolean read(String line, TraceRecord into) {
    if (line.isBlank() || line.charAt(0) == '#') {
      return false;
    }
    return parse(line, into);
  }

  abstract boolean parse(String line, TraceRecord into);

  /**
   * Where each of the {@code n} comma-separated fields ends, into {@code ends}; exactly n fields.
   */
  final int[] fields(String line, int n, int[] ends) {
    int from = 0;
    for (int i = 0; i < n - 1; i++) {
      int comma = line.indexOf(',', from);
      if (comma < 0) {
        throw new IllegalArgumentException(
            "expected " + fieldCount + " comma-separated fields, found " + (i + 1));
      }
      ends[i] = comma;
      from = comma + 1;
    }
    if (line.indexOf(',', from) >= 0) {
      throw new IllegalArgumentException(
          "expected " + fieldCount + " comma-separated fields, found more");
    }
    ends[n - 1] = line.length();
    return ends;
  }

  /** A non-negative decimal number such as {@code 12}, {@code 0.25}. */
  static double decimal(String s, int from, int to, String what) {
    long whole = 0;
    int i = from;
    while (i < to && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
      whole = whole * 10 + (s.charAt(i++) - '0');
      if (whole > 1L << 53) {
        throw bad(s, from, to, what);
      }
    }
    double value = whole;
    boolean digits = i > from;
    if (i < to && s.charAt(i) == '.') {
      double scale = 0.1;
      for (i++; i < to && s.charAt(i) >= '0' && s.charAt(i) <= '9'; i++) {
        value += (s.charAt(i) - '0') * scale;
        scale /= 10;
        digits = true;
      }
    }
    if (!digits || i != to) {
      throw bad(s, from, to, what);
    }
    return value;
  }

  /** A non-negative whole number below 2^31. */
  static int count(String s, int from, int to, String what) {
    long v = 0;
    if (from == to) {
      throw bad(s, from, to, what);
    }
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9' || (v = v * 10 + (c - '0')) > Integer.MAX_VALUE) {
        throw bad(s, from, to, what);
      }
    }
    return (int) v;
  }

  /**
   * The key's FNV-1a 64-bit hash over its characters, made non-negative: the row key's number
   * ({@code user} + decimal), the same for the same key text in every run.
   */
  static long hash(String s, int from, int to) {
    if (from == to) {
      throw new IllegalArgumentException("empty key");
    }
    long h = 0xCBF29CE484222325L;
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      h = (h ^ (c & 0xff)) * 1099511628211L;
      if (c > 0xff) {
        h = (h ^ (c >>> 8)) * 1099511628211L;
      }
    }
    return h & Long.MAX_VALUE;
  }

  private static IllegalArgumentException bad(String s, int from, int to, String what) {
    return new IllegalArgumentException(
        what + " is not a number ≥ 0: '" + s.substring(from, to) + "'");
  }

  /** Twitter's operations, each with what it is on HBase (the mapping the docs state). */
  private static final String[] TWITTER_NAMES = {
    "get", "gets", "set", "add", "replace", "cas", "append", "prepend", "delete", "incr", "decr"
  };

  private static final TraceOperation[] TWITTER_OPERATIONS = {
    TraceOperation.READ, // get
    TraceOperation.READ, // gets
    TraceOperation.WRITE, // set
    TraceOperation.WRITE, // add
    TraceOperation.WRITE, // replace
    TraceOperation.WRITE, // cas
    TraceOperation.WRITE, // append
    TraceOperation.WRITE, // prepend
    TraceOperation.DELETE, // delete
    TraceOperation.WRITE, // incr
    TraceOperation.WRITE // decr
  };

  private static final String[] HBLOAD_NAMES = {
    "read", "get", "write", "put", "update", "insert", "set", "delete"
  };

  private static final TraceOperation[] HBLOAD_OPERATIONS = {
    TraceOperation.READ,
    TraceOperation.READ,
    TraceOperation.WRITE,
    TraceOperation.WRITE,
    TraceOperation.WRITE,
    TraceOperation.WRITE,
    TraceOperation.WRITE,
    TraceOperation.DELETE
  };

  private static TraceOperation twitterOperation(String s, int from, int to) {
    return operation(
        s, from, to, TWITTER_NAMES, TWITTER_OPERATIONS, String.join(", ", TWITTER_NAMES));
  }

  private static TraceOperation hbloadOperation(String s, int from, int to) {
    return operation(s, from, to, HBLOAD_NAMES, HBLOAD_OPERATIONS, "read, write, delete");
  }

  /** The operation named in {@code s[from, to)}, in any case, without a substring per line. */
  private static TraceOperation operation(
      String s, int from, int to, String[] names, TraceOperation[] ops, String expected) {
    int length = to - from;
    for (int i = 0; i < names.length; i++) {
      if (names[i].length() == length && s.regionMatches(true, from, names[i], 0, length)) {
        return ops[i];
      }
    }
    throw new IllegalArgumentException(
        "unknown operation '" + s.substring(from, to) + "' (" + expected + ")");
  }
}
