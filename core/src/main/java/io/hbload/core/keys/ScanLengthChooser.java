package io.hbload.core.keys;

/**
 * Picks the number of rows of a scan, uniform or zipfian over [{@code minscanlength}, {@code
 * maxscanlength}]. Obtain one per worker from {@link KeySpace#newScanLengthChooser}.
 *
 * <p>Not thread-safe; {@link #next()} allocates nothing.
 */
public interface ScanLengthChooser {
  int next();
}
