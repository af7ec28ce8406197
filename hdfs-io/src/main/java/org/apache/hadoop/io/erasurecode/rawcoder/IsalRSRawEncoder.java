package org.apache.hadoop.io.erasurecode.rawcoder;

import io.hbload.hdfs.coder.CoderStats;
import io.hbload.hdfs.coder.IsalRsCoderNative;
import java.io.IOException;
import org.apache.hadoop.io.erasurecode.ErasureCoderOptions;

/**
 * hbload's Reed-Solomon encoder on ISA-L (JNI), parity byte-identical to {@link RSRawEncoder}.
 *
 * <p>Lives in Hadoop's package because the encoding-state classes the abstract {@code doEncode}
 * methods take are package-private (hbload's own jar, split package; hadoop-common is not sealed).
 * Created by {@code io.hbload.hdfs.coder.IsalRsRawErasureCoderFactory}.
 *
 * <p>Thread-safe like Hadoop's native coder: {@link IsalRsCoderNative} lets encodes run
 * concurrently and makes {@link #release()} wait for them; any call after release throws an {@link
 * IOException} saying the coder is closed. Read-only outputs are refused with {@link
 * java.nio.ReadOnlyBufferException}, as Hadoop's Java coder. Direct buffers are used in place (zero
 * copy); heap arrays are pinned, not copied.
 */
public class IsalRSRawEncoder extends RawErasureEncoder {
  private final IsalRsCoderNative coder;

  public IsalRSRawEncoder(ErasureCoderOptions options) {
    super(options);
    coder = new IsalRsCoderNative(getNumDataUnits(), getNumParityUnits());
  }

  @Override
  protected void doEncode(ByteBufferEncodingState state) throws IOException {
    int[] inPositions = new int[state.inputs.length];
    for (int i = 0; i < inPositions.length; i++) {
      inPositions[i] = state.inputs[i].position();
    }
    int[] outPositions = new int[state.outputs.length];
    for (int i = 0; i < outPositions.length; i++) {
      outPositions[i] = state.outputs[i].position();
    }
    long start = System.nanoTime();
    coder.encode(state.inputs, inPositions, state.outputs, outPositions, state.encodeLength);
    CoderStats.encoded(System.nanoTime() - start, (long) state.encodeLength * state.inputs.length);
  }

  @Override
  protected void doEncode(ByteArrayEncodingState state) throws IOException {
    long start = System.nanoTime();
    coder.encode(
        state.inputs, state.inputOffsets, state.outputs, state.outputOffsets, state.encodeLength);
    CoderStats.encoded(System.nanoTime() - start, (long) state.encodeLength * state.inputs.length);
  }

  @Override
  public boolean preferDirectBuffer() {
    // HDFS then allocates direct cell buffers, which the JNI side reads in place
    return true;
  }

  @Override
  public void release() {
    coder.close();
  }
}
