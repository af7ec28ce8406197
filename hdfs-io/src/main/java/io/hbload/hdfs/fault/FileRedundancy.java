package io.hbload.hdfs.fault;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ErasureCodingPolicy;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlocks;
import org.apache.hadoop.hdfs.protocol.LocatedStripedBlock;
import org.apache.hadoop.hdfs.util.StripedBlockUtil;

/**
 * How far the pass's files are from full redundancy, from the NameNode's block locations with the
 * stopped DataNodes left out: the NameNode keeps listing a stopped DataNode until it declares it
 * dead (minutes by default), so its own low-redundancy count says nothing in between, while a unit
 * on a stopped DataNode is gone for a reader from the first second. A replicated block misses the
 * replicas below the file's replication; a striped block group misses each unit index (data units
 * holding bytes, and every parity unit) found on no live DataNode. A block still being written is
 * left out. Stateless.
 */
final class FileRedundancy {
  /** Units (replicas or EC units) missing from live DataNodes, and their bytes. */
  record Missing(long units, long bytes) {}

  private FileRedundancy() {}

  static Missing missing(DistributedFileSystem fs, List<String> files, Set<String> stopped)
      throws IOException {
    long units = 0;
    long bytes = 0;
    for (String file : files) {
      LocatedBlocks located;
      short replication;
      try {
        located = fs.getClient().getLocatedBlocks(file, 0, Long.MAX_VALUE);
        replication = fs.getClient().getFileInfo(file).getReplication();
      } catch (FileNotFoundException e) {
        continue; // a write pass is replacing it
      }
      if (located == null) {
        continue;
      }
      ErasureCodingPolicy ec = located.getErasureCodingPolicy();
      List<LocatedBlock> blocks = located.getLocatedBlocks();
      for (int i = 0; i < blocks.size(); i++) {
        LocatedBlock block = blocks.get(i);
        boolean last = i == blocks.size() - 1;
        if (last && located.isUnderConstruction() && !located.isLastBlockComplete()) {
          continue;
        }
        if (block instanceof LocatedStripedBlock striped && ec != null) {
          Missing m = missingUnits(striped, ec, stopped);
          units += m.units();
          bytes += m.bytes();
        } else {
          long live = live(block.getLocations(), stopped);
          long short_ = Math.max(0, replication - live);
          units += short_;
          bytes += short_ * block.getBlockSize();
        }
      }
    }
    return new Missing(units, bytes);
  }

  private static Missing missingUnits(
      LocatedStripedBlock block, ErasureCodingPolicy ec, Set<String> stopped) {
    Set<Integer> present = new HashSet<>();
    DatanodeInfo[] locations = block.getLocations();
    byte[] indices = block.getBlockIndices();
    for (int j = 0; j < locations.length; j++) {
      if (!stopped.contains(locations[j].getXferAddr())) {
        present.add((int) indices[j]);
      }
    }
    long units = 0;
    long bytes = 0;
    int width = ec.getNumDataUnits() + ec.getNumParityUnits();
    for (int idx = 0; idx < width; idx++) {
      long length =
          StripedBlockUtil.getInternalBlockLength(
              block.getBlockSize(), ec.getCellSize(), ec.getNumDataUnits(), idx);
      if (length > 0 && !present.contains(idx)) {
        units++;
        bytes += length;
      }
    }
    return new Missing(units, bytes);
  }

  private static long live(DatanodeInfo[] locations, Set<String> stopped) {
    long n = 0;
    for (DatanodeInfo dn : locations) {
      if (!stopped.contains(dn.getXferAddr())) {
        n++;
      }
    }
    return n;
  }
}
