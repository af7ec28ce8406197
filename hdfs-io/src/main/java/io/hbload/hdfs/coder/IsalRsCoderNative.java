package io.hbload.hdfs.coder;

import java.nio.ByteBuffer;

/**
 * The JNI entry points of {@code libhbload-isal.so} (C in {@code src/main/native/hbload_isal.c}).
 *
 * <p>Public only because the raw coder adapters must live in Hadoop's package; not an API.
 * A handle is a pointer to native tables for one (k, p) shape. Offsets are buffer positions
 * (direct) or array offsets (heap). Thread-safety: encode on one handle may run concurrently;
 * decode mutates the handle's decode-table cache and must be serialized per handle; destroy must
 * not overlap any call on the same handle. The callers ({@code IsalRSRawEncoder},
 * {@code IsalRSRawDecoder}) enforce that with a read-write lock.
 */
public final class IsalRsCoderNative {
  private IsalRsCoderNative() {}

  /** Allocates encode tables for RS(k, p) with Hadoop's Cauchy matrix. */
  public static native long create(int k, int p);

  /** Frees a handle; 0 is ignored. */
  public static native void destroy(long handle);

  /** Encodes k direct inputs into p direct outputs of {@code length} bytes. */
  public static native void encodeDirect(long handle, ByteBuffer[] inputs, int[] inputPositions,
      ByteBuffer[] outputs, int[] outputPositions, int length);

  /** Encodes k heap inputs into p heap outputs of {@code length} bytes. */
  public static native void encodeHeap(long handle, byte[][] inputs, int[] inputOffsets,
      byte[][] outputs, int[] outputOffsets, int length);

  /** Decodes the units listed in {@code erased} from k+p direct inputs (null = not available). */
  public static native void decodeDirect(long handle, ByteBuffer[] inputs, int[] inputPositions,
      int[] erased, ByteBuffer[] outputs, int[] outputPositions, int length);

  /** Heap variant of {@link #decodeDirect}. */
  public static native void decodeHeap(long handle, byte[][] inputs, int[] inputOffsets,
      int[] erased, byte[][] outputs, int[] outputOffsets, int length);
}
