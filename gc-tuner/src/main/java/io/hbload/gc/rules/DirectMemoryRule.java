package io.hbload.gc.rules;

import io.hbload.gc.ByteSize;

/**
 * MaxDirectMemorySize for an off-heap BucketCache ({@code hbase.bucketcache.ioengine=offheap}): no
 * less than heap + BucketCache + ~1 GB for HDFS short-circuit reads and other direct buffers,
 * rounded up to whole GB (Cloudera's example: 15 GB heap + 16 GB BucketCache -&gt; 32G). Stateless,
 * thread-safe.
 */
public final class DirectMemoryRule {
  public static final String ID = "max-direct-memory";
  public static final String SOURCE =
      "Cloudera, Configuring BucketCache (hbase-configure-offheap-bucketcache-cli): "
          + "MaxDirectMemorySize >= heap + off-heap BucketCache + ~1 GB; HBase book #offheap.blockcache";
  public static final long HEADROOM_BYTES = ByteSize.GIB;

  private DirectMemoryRule() {}

  public static long maxDirectMemoryBytes(long heapBytes, long bucketCacheBytes) {
    long sum = Math.addExact(Math.addExact(heapBytes, bucketCacheBytes), HEADROOM_BYTES);
    return -Math.floorDiv(-sum, ByteSize.GIB) * ByteSize.GIB; // ceilDiv is JDK 18+
  }

  public static String decision(long heapBytes, long bucketCacheBytes) {
    if (bucketCacheBytes == 0) {
      return "no --bucketcache-size: MaxDirectMemorySize left to the JVM (defaults to -Xmx)";
    }
    return "MaxDirectMemorySize="
        + ByteSize.format(maxDirectMemoryBytes(heapBytes, bucketCacheBytes))
        + " = heap "
        + ByteSize.format(heapBytes)
        + " + BucketCache "
        + ByteSize.format(bucketCacheBytes)
        + " + 1g headroom, rounded up to whole GB";
  }
}
