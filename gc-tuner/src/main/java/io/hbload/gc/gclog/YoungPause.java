package io.hbload.gc.gclog;

import io.hbload.gc.ByteSize;

/**
 * One young-only G1 pause that evacuated Eden (and survivors): the unit of the evacuation-rate
 * measurement. Immutable, thread-safe.
 *
 * @param source file name and GC id or line, for reports
 * @param edenBytes Eden occupancy before the pause
 * @param pauseMillis the whole pause, as the log reports it (what MaxGCPauseMillis bounds)
 */
public record YoungPause(String source, long edenBytes, double pauseMillis) {
  public YoungPause {
    if (edenBytes <= 0 || !(pauseMillis > 0)) {
      throw new IllegalArgumentException(
          "eden and pause must be positive: " + edenBytes + ", " + pauseMillis);
    }
  }

  /** Eden evacuated per second of pause, in GiB/s (numerically MiB per ms x 1.024). */
  public double rateGibPerSec() {
    return ((double) edenBytes / ByteSize.GIB) / (pauseMillis / 1000.0);
  }
}
