package io.hbload.hbase.metrics;

import java.io.IOException;

/**
 * A RegionServer answered, but without its metrics bean: "not yet", never zeros. HBase unregisters
 * every metrics2 bean for a moment when it restarts its metrics system (its {@code JmxCacheBuster}
 * does so about 5 s after regions open or close), and a server that is still starting has not
 * registered it. A reader that counted the absent bean as zeros made a run of 2,000 reads report no
 * block-cache lookups at all.
 */
public final class MissingBeanException extends IOException {
  private static final long serialVersionUID = 1L;

  public MissingBeanException(String message) {
    super(message);
  }
}
