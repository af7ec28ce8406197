package io.hbload.hdfs.coder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.List;
import org.apache.hadoop.io.erasurecode.ErasureCoderOptions;
import org.apache.hadoop.io.erasurecode.rawcoder.IsalRSRawDecoder;
import org.apache.hadoop.io.erasurecode.rawcoder.IsalRSRawEncoder;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureDecoder;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureEncoder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Read-only output buffers are refused with {@link ReadOnlyBufferException}, as Hadoop's Java coder
 * refuses them, before any byte is written: through Hadoop's public {@code encode}/{@code decode},
 * for read-only views of heap and direct buffers and (in a child JVM, since writing one from C is a
 * SIGSEGV) read-only file mappings.
 */
class IsalReadOnlyOutputTest {
  private static final int K = 6;
  private static final int P = 3;
  private static final int CELL = 1031;

  private RawErasureEncoder encoder;
  private RawErasureDecoder decoder;

  @BeforeEach
  void coders() {
    IsalAssumptions.requireIsal();
    ErasureCoderOptions options = new ErasureCoderOptions(K, P);
    encoder = new IsalRSRawEncoder(options);
    decoder = new IsalRSRawDecoder(options);
  }

  @AfterEach
  void release() {
    encoder.release();
    decoder.release();
  }

  @ParameterizedTest(name = "direct={0}")
  @ValueSource(booleans = {true, false})
  void encode_refuses_a_read_only_view_and_writes_nothing(boolean direct) {
    ByteBuffer[] data = units(K, direct);
    ByteBuffer[] parity = zeros(P, direct);
    ByteBuffer target = parity[P - 1];
    parity[P - 1] = target.asReadOnlyBuffer();
    assertThatThrownBy(() -> encoder.encode(data, parity))
        .isInstanceOf(ReadOnlyBufferException.class);
    assertThat(isZero(target)).as("the read-only view's memory").isTrue();
    for (ByteBuffer d : data) {
      assertThat(d.position()).as("inputs are not consumed by a refused call").isZero();
    }
  }

  @ParameterizedTest(name = "direct={0}")
  @ValueSource(booleans = {true, false})
  void decode_refuses_a_read_only_view_and_writes_nothing(boolean direct) {
    ByteBuffer[] inputs = units(K + P, direct);
    inputs[0] = null;
    inputs[K] = null;
    ByteBuffer[] outputs = zeros(2, direct);
    ByteBuffer target = outputs[0];
    outputs[0] = target.asReadOnlyBuffer();
    assertThatThrownBy(() -> decoder.decode(inputs, new int[] {0, K}, outputs))
        .isInstanceOf(ReadOnlyBufferException.class);
    assertThat(isZero(target)).as("the read-only view's memory").isTrue();
  }

  @Test
  void read_only_inputs_are_fine() throws Exception {
    // only outputs are written: a read-only direct input (a mapped file being encoded) must still
    // work
    ByteBuffer[] data = units(K, true);
    ByteBuffer[] readOnly = new ByteBuffer[K];
    for (int i = 0; i < K; i++) {
      readOnly[i] = data[i].asReadOnlyBuffer();
    }
    ByteBuffer[] parity = zeros(P, true);
    encoder.encode(readOnly, parity);
    ByteBuffer[] expected = zeros(P, true);
    encoder.encode(units(K, true), expected);
    assertThat(parity).isEqualTo(expected);
  }

  @Test
  void read_only_file_mappings_are_refused_like_hadoops_java_coder() throws Exception {
    ChildJvm.Result r = ChildJvm.run(List.of(), ReadOnlyOutputProbe.class);
    assertThat(r.exit()).as(r.output()).isZero();
    assertThat(r.lines())
        .as(r.output())
        .contains(
            "java encode: java.nio.ReadOnlyBufferException",
            "isal encode: java.nio.ReadOnlyBufferException",
            "java decode: java.nio.ReadOnlyBufferException",
            "isal decode: java.nio.ReadOnlyBufferException",
            "file untouched: true");
  }

  private static ByteBuffer[] units(int n, boolean direct) {
    ByteBuffer[] units = new ByteBuffer[n];
    for (int i = 0; i < n; i++) {
      units[i] = direct ? ByteBuffer.allocateDirect(CELL) : ByteBuffer.allocate(CELL);
      while (units[i].hasRemaining()) {
        units[i].put((byte) (i * 131 + units[i].position() * 7));
      }
      units[i].flip();
    }
    return units;
  }

  private static ByteBuffer[] zeros(int n, boolean direct) {
    ByteBuffer[] units = new ByteBuffer[n];
    for (int i = 0; i < n; i++) {
      units[i] = direct ? ByteBuffer.allocateDirect(CELL) : ByteBuffer.allocate(CELL);
    }
    return units;
  }

  private static boolean isZero(ByteBuffer b) {
    ByteBuffer d = b.duplicate();
    d.clear();
    while (d.hasRemaining()) {
      if (d.get() != 0) {
        return false;
      }
    }
    return true;
  }
}
