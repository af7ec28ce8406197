package io.hbload.core.binding;

/**
 * Receives the rows a scan returns, row by row. Like {@link RowSink}, only consulted when {@link
 * #wanted()}; the engine does not verify scans (neither does YCSB). Not thread-safe.
 */
public interface ScanSink {
  boolean wanted();

  /** Starts the next row and returns the sink for its fields. */
  RowSink row(byte[] key, int keyOffset, int keyLength);

  ScanSink IGNORE =
      new ScanSink() {
        @Override
        public boolean wanted() {
          return false;
        }

        @Override
        public RowSink row(byte[] key, int keyOffset, int keyLength) {
          return RowSink.IGNORE;
        }
      };
}
