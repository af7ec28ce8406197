package io.hbload.hdfs.coder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.ServiceLoader;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.erasurecode.CodecUtil;
import org.apache.hadoop.io.erasurecode.ErasureCoderOptions;
import org.apache.hadoop.io.erasurecode.rawcoder.IsalRSRawDecoder;
import org.apache.hadoop.io.erasurecode.rawcoder.IsalRSRawEncoder;
import org.apache.hadoop.io.erasurecode.rawcoder.RSRawDecoder;
import org.apache.hadoop.io.erasurecode.rawcoder.RSRawEncoder;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureCoderFactory;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureDecoder;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureEncoder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ISA-L coder against Hadoop's pure-Java RS coder: identical parity for random data in many
 * shapes and buffer kinds, every erasure pattern decodes, release semantics, registration.
 */
class IsalRsCoderTest {
  private static final long SEED = 0x5EEDL;

  @BeforeEach
  void native_library_loaded() {
    IsalAssumptions.requireIsal();
  }

  enum Buffers {
    HEAP_ARRAY,
    HEAP_BUFFER,
    DIRECT,
    SLICED_DIRECT
  }

  static Stream<Arguments> shapes() {
    List<Arguments> all = new ArrayList<>();
    int[][] kp = {{3, 2}, {6, 3}, {10, 4}, {2, 1}};
    int[] chunks = {1, 7, 63, 64, 65, 1000, 4097, 65536 + 13, 1 << 20};
    for (int[] s : kp) {
      for (int chunk : chunks) {
        for (Buffers b : Buffers.values()) {
          all.add(Arguments.of(s[0], s[1], chunk, b));
        }
      }
    }
    return all.stream();
  }

  @ParameterizedTest(name = "RS({0},{1}) chunk={2} {3}")
  @MethodSource("shapes")
  void parity_equals_hadoop_java_encoder(int k, int p, int chunk, Buffers kind) throws IOException {
    ErasureCoderOptions options = new ErasureCoderOptions(k, p);
    byte[][] data = randomUnits(k, chunk, new Random(SEED + k * 31L + chunk));
    byte[][] expected = new byte[p][chunk];
    new RSRawEncoder(options).encode(copy(data), expected);

    RawErasureEncoder isal = new IsalRSRawEncoder(options);
    byte[][] actual = encode(isal, data, p, chunk, kind);
    isal.release();
    for (int i = 0; i < p; i++) {
      assertThat(actual[i]).as("parity unit %d", i).isEqualTo(expected[i]);
    }
  }

  @ParameterizedTest(name = "RS({0},{1}) every erasure pattern, {2}")
  @MethodSource("patternShapes")
  void every_erasure_pattern_decodes(int k, int p, Buffers kind) throws IOException {
    int chunk = 1031; // odd on purpose: exercises the SIMD tail paths
    ErasureCoderOptions options = new ErasureCoderOptions(k, p);
    byte[][] data = randomUnits(k, chunk, new Random(SEED + k));
    byte[][] parity = new byte[p][chunk];
    new RSRawEncoder(options).encode(copy(data), parity);
    byte[][] units = new byte[k + p][];
    System.arraycopy(data, 0, units, 0, k);
    System.arraycopy(parity, 0, units, k, p);

    RawErasureDecoder isal = new IsalRSRawDecoder(options);
    RawErasureDecoder javaCoder = new RSRawDecoder(options);
    int patterns = 0;
    for (int mask = 1; mask < (1 << (k + p)); mask++) {
      int erasedCount = Integer.bitCount(mask);
      if (erasedCount > p) {
        continue;
      }
      int[] erased = new int[erasedCount];
      for (int i = 0, e = 0; i < k + p; i++) {
        if ((mask & (1 << i)) != 0) {
          erased[e++] = i;
        }
      }
      byte[][] decoded = decode(isal, units, erased, chunk, kind);
      byte[][] javaDecoded = decode(javaCoder, units, erased, chunk, Buffers.HEAP_ARRAY);
      for (int e = 0; e < erasedCount; e++) {
        assertThat(decoded[e])
            .as("unit %d of erasures %s", erased[e], Arrays.toString(erased))
            .isEqualTo(units[erased[e]])
            .isEqualTo(javaDecoded[e]);
      }
      patterns++;
    }
    isal.release();
    assertThat(patterns).isPositive();
  }

  static Stream<Arguments> patternShapes() {
    return Stream.of(Buffers.values())
        .flatMap(
            b -> Stream.of(Arguments.of(3, 2, b), Arguments.of(6, 3, b), Arguments.of(10, 4, b)));
  }

  @ParameterizedTest(name = "RS(200,55) {0}")
  @EnumSource(Buffers.class)
  void widest_shape_encodes_and_decodes_like_java(Buffers kind) throws IOException {
    // 255 units, the limit of Hadoop's RS (k + p < 256, GF(2^8)): the heap paths hold 255 array
    // references while
    // pinned, more than a native method's default local-reference capacity (IsalJniCheckTest runs
    // this under
    // -Xcheck:jni)
    int k = 200;
    int p = 55;
    int chunk = 1031;
    ErasureCoderOptions options = new ErasureCoderOptions(k, p);
    byte[][] data = randomUnits(k, chunk, new Random(SEED + k + p));
    byte[][] expected = new byte[p][chunk];
    new RSRawEncoder(options).encode(copy(data), expected);
    RawErasureEncoder encoder = new IsalRSRawEncoder(options);
    byte[][] parity = encode(encoder, data, p, chunk, kind);
    encoder.release();
    for (int i = 0; i < p; i++) {
      assertThat(parity[i]).as("parity unit %d", i).isEqualTo(expected[i]);
    }

    byte[][] units = new byte[k + p][];
    System.arraycopy(data, 0, units, 0, k);
    System.arraycopy(expected, 0, units, k, p);
    // p erasures: every fifth data unit (40) and every other parity unit from the first (28, capped
    // at 15)
    int[] erased = new int[p];
    int e = 0;
    for (int i = 0; i < k && e < 40; i += 5) {
      erased[e++] = i;
    }
    for (int i = k; e < p; i += 2) {
      erased[e++] = i;
    }
    RawErasureDecoder decoder = new IsalRSRawDecoder(options);
    byte[][] decoded = decode(decoder, units, erased, chunk, kind);
    decoder.release();
    for (int i = 0; i < p; i++) {
      assertThat(decoded[i]).as("unit %d", erased[i]).isEqualTo(units[erased[i]]);
    }
  }

  @Test
  void unrecoverable_input_is_rejected_not_crashed() {
    ErasureCoderOptions options = new ErasureCoderOptions(6, 3);
    RawErasureDecoder isal = new IsalRSRawDecoder(options);
    ByteBuffer[] inputs = new ByteBuffer[9];
    for (int i = 4; i < 9; i++) {
      inputs[i] = ByteBuffer.allocateDirect(64);
    }
    ByteBuffer[] outputs = {
      ByteBuffer.allocateDirect(64),
      ByteBuffer.allocateDirect(64),
      ByteBuffer.allocateDirect(64),
      ByteBuffer.allocateDirect(64)
    };
    assertThatThrownBy(() -> isal.decode(inputs, new int[] {0, 1, 2, 3}, outputs))
        .isInstanceOf(org.apache.hadoop.HadoopIllegalArgumentException.class);
    isal.release();
  }

  @Test
  void calls_after_release_fail_cleanly() {
    ErasureCoderOptions options = new ErasureCoderOptions(6, 3);
    RawErasureEncoder encoder = new IsalRSRawEncoder(options);
    RawErasureDecoder decoder = new IsalRSRawDecoder(options);
    encoder.release();
    decoder.release();
    encoder.release(); // a second release is harmless, as with Hadoop's coders

    ByteBuffer[] data = directUnits(6, 128);
    ByteBuffer[] parity = directUnits(3, 128);
    assertThatThrownBy(() -> encoder.encode(data, parity))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("closed");
    assertThatThrownBy(() -> encoder.encode(new byte[6][128], new byte[3][128]))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("closed");
    ByteBuffer[] inputs = directUnits(9, 128);
    inputs[0] = null;
    assertThatThrownBy(() -> decoder.decode(inputs, new int[] {0}, directUnits(1, 128)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("closed");
  }

  @Test
  void concurrent_encodes_agree_with_java() throws Exception {
    ErasureCoderOptions options = new ErasureCoderOptions(6, 3);
    RawErasureEncoder shared = new IsalRSRawEncoder(options);
    List<Thread> threads = new ArrayList<>();
    List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    for (int t = 0; t < 4; t++) {
      long seed = SEED + t;
      threads.add(
          new Thread(
              () -> {
                try {
                  for (int round = 0; round < 50; round++) {
                    byte[][] data = randomUnits(6, 4096, new Random(seed * 1000 + round));
                    byte[][] expected = new byte[3][4096];
                    new RSRawEncoder(options).encode(copy(data), expected);
                    byte[][] actual = encode(shared, data, 3, 4096, Buffers.DIRECT);
                    for (int i = 0; i < 3; i++) {
                      assertThat(actual[i]).isEqualTo(expected[i]);
                    }
                  }
                } catch (Throwable e) {
                  failures.add(e);
                }
              }));
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }
    shared.release();
    assertThat(failures).isEmpty();
  }

  @Test
  void registered_under_rs_isal_and_chosen_by_codec_util() {
    boolean found =
        ServiceLoader.load(RawErasureCoderFactory.class).stream()
            .anyMatch(p -> p.type() == IsalRsRawErasureCoderFactory.class);
    assertThat(found).isTrue();
    Configuration conf = new Configuration(false);
    conf.set("io.erasurecode.codec.rs.rawcoders", "rs_isal,rs_java");
    RawErasureEncoder encoder =
        CodecUtil.createRawEncoder(conf, "rs", new ErasureCoderOptions(6, 3));
    assertThat(encoder).isInstanceOf(IsalRSRawEncoder.class);
    assertThat(encoder.preferDirectBuffer()).isTrue();
    encoder.release();
  }

  @Test
  void input_positions_advance_and_outputs_stay() throws IOException {
    RawErasureEncoder encoder = new IsalRSRawEncoder(new ErasureCoderOptions(3, 2));
    ByteBuffer[] data = directUnits(3, 100);
    ByteBuffer[] parity = directUnits(2, 100);
    encoder.encode(data, parity);
    for (ByteBuffer b : data) {
      assertThat(b.remaining()).isZero();
    }
    for (ByteBuffer b : parity) {
      assertThat(b.position()).isZero();
    }
    encoder.release();
  }

  // ---- helpers

  static byte[][] randomUnits(int n, int chunk, Random random) {
    byte[][] units = new byte[n][chunk];
    for (byte[] u : units) {
      random.nextBytes(u);
    }
    return units;
  }

  static byte[][] copy(byte[][] units) {
    byte[][] c = new byte[units.length][];
    for (int i = 0; i < units.length; i++) {
      c[i] = units[i] == null ? null : units[i].clone();
    }
    return c;
  }

  static ByteBuffer[] directUnits(int n, int chunk) {
    ByteBuffer[] b = new ByteBuffer[n];
    for (int i = 0; i < n; i++) {
      b[i] = ByteBuffer.allocateDirect(chunk);
    }
    return b;
  }

  /** Wraps a unit as the given buffer kind; sliced/offset kinds put junk around the chunk. */
  static ByteBuffer wrap(byte[] unit, Buffers kind) {
    int pad = 11;
    switch (kind) {
      case HEAP_BUFFER:
        {
          byte[] backing = new byte[unit.length + 2 * pad];
          Arrays.fill(backing, (byte) 0x5A);
          System.arraycopy(unit, 0, backing, pad, unit.length);
          return ByteBuffer.wrap(backing, pad, unit.length).slice();
        }
      case DIRECT:
        {
          ByteBuffer b = ByteBuffer.allocateDirect(unit.length);
          b.put(unit).flip();
          return b;
        }
      case SLICED_DIRECT:
        {
          ByteBuffer b = ByteBuffer.allocateDirect(unit.length + 2 * pad);
          b.position(pad);
          ByteBuffer slice = b.slice();
          slice.put(unit).flip();
          ByteBuffer positioned = b.duplicate();
          positioned.position(pad).limit(pad + unit.length);
          return positioned; // position != 0: exercises the position arithmetic
        }
      default:
        throw new IllegalArgumentException(kind.name());
    }
  }

  static ByteBuffer emptyLike(int chunk, Buffers kind) {
    return wrap(new byte[chunk], kind);
  }

  static byte[] read(ByteBuffer b, int chunk) {
    byte[] out = new byte[chunk];
    b.duplicate().get(out);
    return out;
  }

  static byte[][] encode(RawErasureEncoder coder, byte[][] data, int p, int chunk, Buffers kind)
      throws IOException {
    if (kind == Buffers.HEAP_ARRAY) {
      byte[][] parity = new byte[p][chunk];
      coder.encode(copy(data), parity);
      return parity;
    }
    ByteBuffer[] in = new ByteBuffer[data.length];
    for (int i = 0; i < data.length; i++) {
      in[i] = wrap(data[i], kind);
    }
    ByteBuffer[] out = new ByteBuffer[p];
    for (int i = 0; i < p; i++) {
      out[i] = emptyLike(chunk, kind);
    }
    coder.encode(in, out);
    byte[][] parity = new byte[p][];
    for (int i = 0; i < p; i++) {
      parity[i] = read(out[i], chunk);
    }
    return parity;
  }

  static byte[][] decode(
      RawErasureDecoder coder, byte[][] units, int[] erased, int chunk, Buffers kind)
      throws IOException {
    boolean[] gone = new boolean[units.length];
    for (int e : erased) {
      gone[e] = true;
    }
    if (kind == Buffers.HEAP_ARRAY) {
      byte[][] in = new byte[units.length][];
      for (int i = 0; i < units.length; i++) {
        in[i] = gone[i] ? null : units[i].clone();
      }
      byte[][] out = new byte[erased.length][chunk];
      coder.decode(in, erased, out);
      return out;
    }
    ByteBuffer[] in = new ByteBuffer[units.length];
    for (int i = 0; i < units.length; i++) {
      in[i] = gone[i] ? null : wrap(units[i], kind);
    }
    ByteBuffer[] out = new ByteBuffer[erased.length];
    for (int i = 0; i < erased.length; i++) {
      out[i] = emptyLike(chunk, kind);
    }
    coder.decode(in, erased, out);
    byte[][] result = new byte[erased.length][];
    for (int i = 0; i < erased.length; i++) {
      result[i] = read(out[i], chunk);
    }
    return result;
  }
}
