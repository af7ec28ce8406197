package org.apache.hadoop.io.erasurecode.rawcoder;

import io.hbload.hdfs.coder.CoderStats;
import io.hbload.hdfs.coder.IsalRsCoderNative;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.hadoop.io.erasurecode.ErasureCoderOptions;

/**
 * hbload's Reed-Solomon decoder on ISA-L (JNI): decodes any pattern of up to p erased data and
 * parity units, byte-identical to {@link RSRawDecoder} (the result depends only on which units are
 * erased). Like Hadoop's decoders it uses the first k non-null inputs and caches the decode tables
 * while the erasure pattern repeats.
 *
 * <p>In Hadoop's package for the same reason as {@link IsalRSRawEncoder}. Thread-safe: the public
 * {@code decode} methods are synchronized by the base class; a lock additionally orders
 * {@link #release()} against a decode in flight; after release every call throws an
 * {@link IOException} saying the coder is closed.
 */
public class IsalRSRawDecoder extends RawErasureDecoder {
  private final ReentrantLock lock = new ReentrantLock();
  private long handle;

  public IsalRSRawDecoder(ErasureCoderOptions options) {
    super(options);
    handle = IsalRsCoderNative.create(getNumDataUnits(), getNumParityUnits());
  }

  @Override
  protected void doDecode(ByteBufferDecodingState state) throws IOException {
    int[] inPositions = new int[state.inputs.length];
    for (int i = 0; i < inPositions.length; i++) {
      ByteBuffer b = state.inputs[i];
      inPositions[i] = b == null ? 0 : b.position();
    }
    int[] outPositions = new int[state.outputs.length];
    for (int i = 0; i < outPositions.length; i++) {
      // as in IsalRSRawEncoder: C would write a read-only view, or crash on a read-only mapping
      if (state.outputs[i].isReadOnly()) {
        throw new ReadOnlyBufferException();
      }
      outPositions[i] = state.outputs[i].position();
    }
    lock.lock();
    try {
      long start = System.nanoTime();
      IsalRsCoderNative.decodeDirect(openHandle(), state.inputs, inPositions, state.erasedIndexes,
          state.outputs, outPositions, state.decodeLength);
      CoderStats.decoded(System.nanoTime() - start, (long) state.decodeLength * state.outputs.length);
    } finally {
      lock.unlock();
    }
  }

  @Override
  protected void doDecode(ByteArrayDecodingState state) throws IOException {
    lock.lock();
    try {
      long start = System.nanoTime();
      IsalRsCoderNative.decodeHeap(openHandle(), state.inputs, state.inputOffsets,
          state.erasedIndexes, state.outputs, state.outputOffsets, state.decodeLength);
      CoderStats.decoded(System.nanoTime() - start, (long) state.decodeLength * state.outputs.length);
    } finally {
      lock.unlock();
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
    return true;
  }

  @Override
  public void release() {
    lock.lock();
    try {
      IsalRsCoderNative.destroy(handle);
      handle = 0;
    } finally {
      lock.unlock();
    }
  }
}
