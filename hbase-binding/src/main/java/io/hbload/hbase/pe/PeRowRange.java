package io.hbload.hbase.pe;

/**
 * The rows of a {@code hbload pe} run, derived as PE derives them ({@code --rows} per client, or
 * {@code --size} in PE's GB for all of them). Immutable.
 *
 * @param perClientRows rows each client steps through (PE's perClientRunRows)
 * @param totalRows the key space random choices and pre-splits use (PE's totalRows)
 * @param startRow PE's --startRow: 0 = client i starts at i x perClientRows, else every client
 *     starts there
 */
public record PeRowRange(int perClientRows, int totalRows, int startRow) {}
