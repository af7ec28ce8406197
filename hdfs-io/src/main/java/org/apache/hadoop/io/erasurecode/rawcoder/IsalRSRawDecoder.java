package org.apache.hadoop.io.erasurecode.rawcoder;

import io.hbload.hdfs.coder.CoderStats;
import io.hbload.hdfs.coder.IsalRsCoderNative;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.io.erasurecode.ErasureCoderOptions;

/**
 * hbload's Reed-Solomon decoder on ISA-L (JNI): decodes any pattern of up to p erased data and
 * parity units, byte-identical to {@link RSRawDecoder} (the result depends only on which units are
 * erased). Like Hadoop's decoders it uses the first k non-null inputs and caches the decode tables
 * while the erasure pattern repeats.
 *
 * <p>In Hadoop's package for the same reason as {@link IsalRSRawEncoder}. Thread-safe: the public
 * {@code decode} methods are synchronized by the base class, and {@link IsalRsCoderNative}
 * serializes decodes and orders {@link #release()} after a decode in flight; after release every
 * call throws an {@link IOException} saying the coder is closed. Read-only outputs are refused with
 * {@link java.nio.ReadOnlyBufferException}, as Hadoop's Java coder.
 */
public class IsalRSRawDecoder extends RawErasureDecoder {
  private final IsalRsCoderNative coder;

  public IsalRSRawDecoder(ErasureCoderOptions options) {
    super(options);
    coder = new IsalRsCoderNative(getNumDataUnits(), getNumParityUnits());
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
      outPositions[i] = state.outputs[i].position();
    }
    long start = System.nanoTime();
    coder.decode(
        state.inputs,
        inPositions,
        state.erasedIndexes,
        state.outputs,
        outPositions,
        state.decodeLength);
    CoderStats.decoded(System.nanoTime() - start, (long) state.decodeLength * state.outputs.length);
  }

  @Override
  protected void doDecode(ByteArrayDecodingState state) throws IOException {
    long start = System.nanoTime();
    coder.decode(
        state.inputs,
        state.inputOffsets,
        state.erasedIndexes,
        state.outputs,
        state.outputOffsets,
        state.decodeLength);
    CoderStats.decoded(System.nanoTime() - start, (long) state.decodeLength * state.outputs.length);
  }

  @Override
  public boolean preferDirectBuffer() {
    return true;
  }

  @Override
  public void release() {
    coder.close();
  }
}
