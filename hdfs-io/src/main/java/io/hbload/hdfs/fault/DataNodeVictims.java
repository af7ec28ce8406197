package io.hbload.hdfs.fault;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlocks;

/**
 * Which DataNodes a fault stops: among those the NameNode lists as holding a block (replica or EC
 * unit) of the pass's files, sorted by transfer address, {@code count} drawn with the run's seed. A
 * DataNode holding nothing of the files would cost them nothing, so it is never chosen; the same
 * seed on the same layout chooses the same DataNodes. Stateless.
 */
final class DataNodeVictims {
  /** A DataNode to stop: where it serves blocks, and the host a command reaches it by. */
  record Victim(String xferAddr, String host) {
    @Override
    public String toString() {
      return xferAddr.startsWith(host + ":") ? xferAddr : host + " (" + xferAddr + ")";
    }
  }

  private DataNodeVictims() {}

  static List<Victim> choose(DistributedFileSystem fs, List<String> files, int count, long seed)
      throws IOException {
    TreeMap<String, Victim> holders = new TreeMap<>();
    for (String file : files) {
      LocatedBlocks located;
      try {
        located = fs.getClient().getLocatedBlocks(file, 0, Long.MAX_VALUE);
      } catch (FileNotFoundException e) {
        continue; // a write pass has not written it yet
      }
      if (located == null) {
        continue;
      }
      for (LocatedBlock block : located.getLocatedBlocks()) {
        for (DatanodeInfo dn : block.getLocations()) {
          holders.putIfAbsent(dn.getXferAddr(), new Victim(dn.getXferAddr(), dn.getHostName()));
        }
      }
    }
    if (holders.size() < count) {
      throw new IOException(
          "the files' blocks sit on "
              + holders.size()
              + " DataNodes, fewer than the "
              + count
              + " to stop");
    }
    List<Victim> sorted = new ArrayList<>(holders.values());
    Collections.shuffle(sorted, new Random(seed));
    return List.copyOf(sorted.subList(0, count));
  }
}
