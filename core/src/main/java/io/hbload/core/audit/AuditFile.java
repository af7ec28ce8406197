package io.hbload.core.audit;

import io.hbload.core.config.WorkloadSpec;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The file {@code --verify-file} writes and {@code hbload verify FILE} reads: an {@link AuditSet}
 * with what is needed to read it back (the table, the key format and the fields, as YCSB's
 * properties). Big-endian, in this order:
 *
 * <pre>
 * bytes    "HBLOADAUDIT1\n"          the format and its version
 * int      n                         properties, then n pairs of modified-UTF-8 strings (key, value):
 *                                    table, fieldcount, fieldnameprefix, insertorder, zeropadding
 * long     writes                    the writes the set was resolved from
 * int      keys                      then per key, in key-number order:
 * long     key number                YCSB's, before hashing
 * long     info                      digest (high 32 bits), state (bits 16-23), field code (0-15)
 * </pre>
 *
 * Stateless.
 */
public final class AuditFile {
  private static final byte[] MAGIC = "HBLOADAUDIT1\n".getBytes(StandardCharsets.US_ASCII);

  private AuditFile() {}

  /** What a file holds: the set and the workload properties it was written with. */
  public record Contents(AuditSet set, Map<String, String> properties) {}

  /** The properties of {@code workload} a read-back needs, by YCSB's names. */
  public static Map<String, String> properties(WorkloadSpec workload) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("table", workload.table());
    p.put("fieldcount", Integer.toString(workload.fields().count()));
    p.put("fieldnameprefix", workload.fields().namePrefix());
    p.put("insertorder", workload.records().ordered() ? "ordered" : "hashed");
    p.put("zeropadding", Integer.toString(workload.records().zeroPadding()));
    return p;
  }

  /** Writes {@code set} to {@code out} (buffered by the caller). */
  public static void write(AuditSet set, WorkloadSpec workload, OutputStream out)
      throws IOException {
    DataOutputStream d = new DataOutputStream(out);
    d.write(MAGIC);
    Map<String, String> p = properties(workload);
    d.writeInt(p.size());
    for (Map.Entry<String, String> e : p.entrySet()) {
      d.writeUTF(e.getKey());
      d.writeUTF(e.getValue());
    }
    d.writeLong(set.writes());
    d.writeInt(set.size());
    for (int i = 0; i < set.size(); i++) {
      d.writeLong(set.key(i));
      d.writeLong(set.info(i));
    }
    d.flush();
  }

  /** Reads a file {@link #write} wrote; IOException naming it when it is not one. */
  public static Contents read(Path file) throws IOException {
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
      DataInputStream d = new DataInputStream(in);
      byte[] magic = d.readNBytes(MAGIC.length);
      if (!Arrays.equals(magic, MAGIC)) {
        throw new IOException(file + " is not a file hbload --verify-file wrote");
      }
      int n = d.readInt();
      if (n < 0 || n > 1000) {
        throw new IOException(file + " is damaged (" + n + " properties)");
      }
      Map<String, String> p = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        p.put(d.readUTF(), d.readUTF());
      }
      long writes = d.readLong();
      int keys = d.readInt();
      if (keys < 0) {
        throw new IOException(file + " is damaged (" + keys + " keys)");
      }
      long[] k = new long[keys];
      long[] info = new long[keys];
      for (int i = 0; i < keys; i++) {
        k[i] = d.readLong();
        info[i] = d.readLong();
      }
      return new Contents(AuditSet.of(k, info, writes), p);
    } catch (EOFException e) {
      throw new IOException(file + " is cut short: not a whole --verify-file", e);
    }
  }
}
