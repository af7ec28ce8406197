package io.hbload.hdfs.coder;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * One RS(k, p) coder's native tables in {@code libhbload-isal.so} (C in {@code
 * src/main/native/hbload_isal.c}), owned by this object: the raw handle never leaves it.
 *
 * <p>Public only because the raw coder adapters must live in Hadoop's package; not an API. The JNI
 * entry points are package-private and take the raw handle; everything outside this package goes
 * through the methods here, which enforce what C cannot check: outputs that are read-only views
 * ({@link ReadOnlyBufferException}, as Hadoop's Java coder), the handle's lifetime and its
 * threading. C validates the rest (array lengths, nulls, spans within buffers, erased indexes) and
 * throws {@link IllegalArgumentException} rather than touching memory it was not given. Offsets are
 * buffer positions (direct) or array offsets (heap).
 *
 * <p>Thread-safe: encodes share a read lock (the encode tables are immutable); decodes take the
 * write lock (they rebuild the cached decode tables) and so does {@link #close()}, which frees the
 * tables once and zeroes the handle, so a second close is harmless and any call after it throws an
 * {@link IOException} saying the coder is closed instead of reading freed memory.
 */
public final class IsalRsCoderNative implements AutoCloseable {
  private final int dataUnits;
  private final int parityUnits;
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private long handle; // guarded by lock; 0 once closed

  /**
   * Allocates encode tables for RS(k, p) with Hadoop's Cauchy matrix.
   *
   * @throws IllegalArgumentException unless k >= 1, p >= 1 and k + p <= 255
   */
  public IsalRsCoderNative(int dataUnits, int parityUnits) {
    this.dataUnits = dataUnits;
    this.parityUnits = parityUnits;
    this.handle = create(dataUnits, parityUnits);
  }

  /** Encodes k direct inputs into p direct outputs of {@code length} bytes. */
  public void encode(
      ByteBuffer[] inputs,
      int[] inputPositions,
      ByteBuffer[] outputs,
      int[] outputPositions,
      int length)
      throws IOException {
    requireWritable(outputs);
    lock.readLock().lock();
    try {
      encodeDirect(openHandle(), inputs, inputPositions, outputs, outputPositions, length);
    } finally {
      lock.readLock().unlock();
    }
  }

  /** Encodes k heap inputs into p heap outputs of {@code length} bytes. */
  public void encode(
      byte[][] inputs, int[] inputOffsets, byte[][] outputs, int[] outputOffsets, int length)
      throws IOException {
    lock.readLock().lock();
    try {
      encodeHeap(openHandle(), inputs, inputOffsets, outputs, outputOffsets, length);
    } finally {
      lock.readLock().unlock();
    }
  }

  /** Decodes the units listed in {@code erased} from k+p direct inputs (null = not available). */
  public void decode(
      ByteBuffer[] inputs,
      int[] inputPositions,
      int[] erased,
      ByteBuffer[] outputs,
      int[] outputPositions,
      int length)
      throws IOException {
    requireWritable(outputs);
    lock.writeLock().lock();
    try {
      decodeDirect(openHandle(), inputs, inputPositions, erased, outputs, outputPositions, length);
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Heap variant of {@link #decode(ByteBuffer[], int[], int[], ByteBuffer[], int[], int)}. */
  public void decode(
      byte[][] inputs,
      int[] inputOffsets,
      int[] erased,
      byte[][] outputs,
      int[] outputOffsets,
      int length)
      throws IOException {
    lock.writeLock().lock();
    try {
      decodeHeap(openHandle(), inputs, inputOffsets, erased, outputs, outputOffsets, length);
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Frees the native tables; waits for calls in flight; idempotent. */
  @Override
  public void close() {
    lock.writeLock().lock();
    try {
      long h = handle;
      // zeroed before the free: whatever happens, this handle is never freed or used again
      handle = 0;
      destroy(h);
    } finally {
      lock.writeLock().unlock();
    }
  }

  private long openHandle() throws IOException {
    if (handle == 0) {
      throw new IOException("ISA-L RS(" + dataUnits + "," + parityUnits + ") coder is closed");
    }
    return handle;
  }

  /**
   * C writes through a buffer's address, which a read-only view does not protect (the write would
   * land) and a read-only file mapping turns into a SIGSEGV: refuse both before any byte is
   * written, as Hadoop's Java coder does when its put fails.
   */
  private static void requireWritable(ByteBuffer[] outputs) {
    if (outputs == null) {
      return; // C says which array is null
    }
    for (ByteBuffer b : outputs) {
      if (b != null && b.isReadOnly()) {
        throw new ReadOnlyBufferException();
      }
    }
  }

  // ---- JNI entry points: package-private, raw handle; C validates arguments, the callers above
  // own the handle.

  /** Allocates the tables; throws IllegalArgumentException for an unsupported shape. */
  static native long create(int k, int p);

  /**
   * Frees a handle; 0 is ignored. Not idempotent for a non-zero handle: callers zero theirs first.
   */
  static native void destroy(long handle);

  static native void encodeDirect(
      long handle,
      ByteBuffer[] inputs,
      int[] inputPositions,
      ByteBuffer[] outputs,
      int[] outputPositions,
      int length);

  static native void encodeHeap(
      long handle,
      byte[][] inputs,
      int[] inputOffsets,
      byte[][] outputs,
      int[] outputOffsets,
      int length);

  static native void decodeDirect(
      long handle,
      ByteBuffer[] inputs,
      int[] inputPositions,
      int[] erased,
      ByteBuffer[] outputs,
      int[] outputPositions,
      int length);

  static native void decodeHeap(
      long handle,
      byte[][] inputs,
      int[] inputOffsets,
      int[] erased,
      byte[][] outputs,
      int[] outputOffsets,
      int length);
}
