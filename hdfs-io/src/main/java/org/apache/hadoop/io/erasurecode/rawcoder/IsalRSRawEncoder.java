package org.apache.hadoop.io.erasurecode.rawcoder;

import io.hbload.hdfs.coder.CoderStats;
import io.hbload.hdfs.coder.IsalRsCoderNative;
import java.io.IOException;
import java.nio.ReadOnlyBufferException;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.hadoop.io.erasurecode.ErasureCoderOptions;

/**
 * hbload's Reed-Solomon encoder on ISA-L (JNI), parity byte-identical to {@link RSRawEncoder}.
 *
 * <p>Lives in Hadoop's package because the encoding-state classes the abstract {@code doEncode}
 * methods take are package-private (hbload's own jar, split package; hadoop-common is not sealed).
 * Created by {@code io.hbload.hdfs.coder.IsalRsRawErasureCoderFactory}.
 *
 * <p>Thread-safe like Hadoop's native coder: encodes share a read lock (the native tables are
 * immutable), {@link #release()} takes the write lock, so it never frees tables under a running
 * encode; any call after release throws an {@link IOException} saying the coder is closed.
 * Direct buffers are used in place (zero copy); heap arrays are pinned, not copied.
 */
public class IsalRSRawEncoder extends RawErasureEncoder {
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private long handle;

  public IsalRSRawEncoder(ErasureCoderOptions options) {
    super(options);
    handle = IsalRsCoderNative.create(getNumDataUnits(), getNumParityUnits());
  }

  @Override
  protected void doEncode(ByteBufferEncodingState state) throws IOException {
    int[] inPositions = new int[state.inputs.length];
    for (int i = 0; i < inPositions.length; i++) {
      inPositions[i] = state.inputs[i].position();
    }
    int[] outPositions = new int[state.outputs.length];
    for (int i = 0; i < outPositions.length; i++) {
      // C writes through the buffer's address, which ignores read-only views: refuse them as Hadoop's Java
      // coder does (its put throws), before a byte is written; a read-only file mapping would be a SIGSEGV
      if (state.outputs[i].isReadOnly()) {
        throw new ReadOnlyBufferException();
      }
      outPositions[i] = state.outputs[i].position();
    }
    lock.readLock().lock();
    try {
      long start = System.nanoTime();
      IsalRsCoderNative.encodeDirect(openHandle(), state.inputs, inPositions, state.outputs,
          outPositions, state.encodeLength);
      CoderStats.encoded(System.nanoTime() - start, (long) state.encodeLength * state.inputs.length);
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  protected void doEncode(ByteArrayEncodingState state) throws IOException {
    lock.readLock().lock();
    try {
      long start = System.nanoTime();
      IsalRsCoderNative.encodeHeap(openHandle(), state.inputs, state.inputOffsets, state.outputs,
          state.outputOffsets, state.encodeLength);
      CoderStats.encoded(System.nanoTime() - start, (long) state.encodeLength * state.inputs.length);
    } finally {
      lock.readLock().unlock();
    }
  }

  private long openHandle() throws IOException {
    if (handle == 0) {
      throw new IOException(getClass().getSimpleName() + " closed");
    }
    return handle;
  }

  @Override
  public boolean preferDirectBuffer() {
    // HDFS then allocates direct cell buffers, which the JNI side reads in place
    return true;
  }

  @Override
  public void release() {
    lock.writeLock().lock();
    try {
      IsalRsCoderNative.destroy(handle);
      handle = 0;
    } finally {
      lock.writeLock().unlock();
    }
  }
}
