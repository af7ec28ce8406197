package io.hbload.hbase.pe;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Where each client publishes its {@link PeClientResult} at its end, for the report after the run. One slot per
 * client; thread-safe (each client writes its own slot once; the reader reads after the workers have stopped).
 */
public final class PeResults {
  private final AtomicReferenceArray<PeClientResult> clients;

  public PeResults(int clients) {
    this.clients = new AtomicReferenceArray<>(clients);
  }

  void publish(PeClientResult result) {
    clients.set(result.index(), result);
  }

  /** The clients that finished, in index order. */
  public List<PeClientResult> clients() {
    List<PeClientResult> out = new ArrayList<>();
    for (int i = 0; i < clients.length(); i++) {
      PeClientResult r = clients.get(i);
      if (r != null) {
        out.add(r);
      }
    }
    return out;
  }
}
