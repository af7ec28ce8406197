package io.hbload.core.capacity;

/**
 * A sharded capacity search cannot go on: another shard stopped, failed or is missing past its
 * deadline, or the exchange directory holds files that are not this search's. The message names the
 * shard and the directory in one line.
 */
public final class ShardExchangeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ShardExchangeException(String message) {
    super(message);
  }
}
