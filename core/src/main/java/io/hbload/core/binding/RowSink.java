package io.hbload.core.binding;

import java.nio.charset.StandardCharsets;

/**
 * Receives the fields a read returns. The engine looks at them only when it verifies data ({@code
 * dataintegrity=true}); otherwise {@link #wanted()} is false and a binding may skip handing them
 * over. The sink copies what it keeps, so the binding may pass its own buffers. Not thread-safe.
 */
public interface RowSink {
  /** Whether the engine will look at returned fields in this run. */
  boolean wanted();

  /** One returned field: name bytes (an HBase qualifier) and value bytes. */
  void field(
      byte[] name, int nameOffset, int nameLength, byte[] value, int valueOffset, int valueLength);

  /** Convenience for bindings holding names as strings and values as whole arrays. */
  default void field(String name, byte[] value) {
    byte[] n = name.getBytes(StandardCharsets.ISO_8859_1);
    field(n, 0, n.length, value, 0, value.length);
  }

  /** A sink that wants nothing. */
  RowSink IGNORE =
      new RowSink() {
        @Override
        public boolean wanted() {
          return false;
        }

        @Override
        public void field(
            byte[] name,
            int nameOffset,
            int nameLength,
            byte[] value,
            int valueOffset,
            int valueLength) {}
      };
}
