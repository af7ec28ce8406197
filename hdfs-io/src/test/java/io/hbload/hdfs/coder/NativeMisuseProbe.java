package io.hbload.hdfs.coder;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.HadoopIllegalArgumentException;
import org.apache.hadoop.io.erasurecode.ErasureCoderOptions;
import org.apache.hadoop.io.erasurecode.rawcoder.RSRawEncoder;

/**
 * Run in a child JVM (under -Xcheck:jni) by {@link IsalNativeMisuseTest}: calls the JNI entry
 * points directly with arguments the Java callers never pass (short position arrays, null arrays,
 * spans past a buffer, bad shapes), prints one line per case, {@code <case>: <exception class>:
 * <message>} or {@code <case>: no exception}, then checks that the handle the misuse was aimed at
 * still encodes correctly. A C entry point that trusts its arguments crashes this JVM or corrupts
 * memory instead. An argument runs only the case of that name.
 */
public final class NativeMisuseProbe {
  static final int K = 3;
  static final int P = 2;
  static final int LEN = 64;

  /** A misuse and the exception it must raise; {@code call} gets a live RS(3,2) handle. */
  record Case(String name, Class<? extends Throwable> expected, Call call) {}

  @FunctionalInterface
  interface Call {
    void run(long handle) throws Exception;
  }

  static final List<Case> CASES =
      List.of(
          iae(
              "encodeDirect with a short inputPositions",
              h ->
                  IsalRsCoderNative.encodeDirect(
                      h, direct(K), new int[1], direct(P), new int[P], LEN)),
          iae(
              "encodeHeap with a short outputOffsets",
              h -> IsalRsCoderNative.encodeHeap(h, heap(K), new int[K], heap(P), new int[1], LEN)),
          iae(
              "decodeDirect with a short inputPositions",
              h ->
                  IsalRsCoderNative.decodeDirect(
                      h,
                      survivors(directUnits()),
                      new int[2],
                      new int[] {0},
                      direct(1),
                      new int[1],
                      LEN)),
          iae(
              "decodeHeap with a short outputOffsets",
              h ->
                  IsalRsCoderNative.decodeHeap(
                      h,
                      survivors(heap(K + P)),
                      new int[K + P],
                      new int[] {0},
                      heap(1),
                      new int[0],
                      LEN)),
          iae(
              "decodeDirect with a null erased array",
              h ->
                  IsalRsCoderNative.decodeDirect(
                      h,
                      survivors(directUnits()),
                      new int[K + P],
                      null,
                      direct(1),
                      new int[1],
                      LEN)),
          iae(
              "decodeHeap with a null erased array",
              h ->
                  IsalRsCoderNative.decodeHeap(
                      h, survivors(heap(K + P)), new int[K + P], null, heap(1), new int[1], LEN)),
          iae(
              "encodeDirect with a length beyond the buffers",
              h ->
                  IsalRsCoderNative.encodeDirect(
                      h, direct(K), new int[K], direct(P), new int[P], LEN + 1)),
          iae(
              "encodeHeap with a length beyond the arrays",
              h ->
                  IsalRsCoderNative.encodeHeap(
                      h, heap(K), new int[K], heap(P), new int[P], 1 << 28)),
          iae(
              "decodeDirect with a length beyond the buffers",
              h ->
                  IsalRsCoderNative.decodeDirect(
                      h,
                      survivors(directUnits()),
                      new int[K + P],
                      new int[] {0},
                      direct(1),
                      new int[1],
                      1 << 28)),
          iae(
              "decodeHeap with a length beyond the arrays",
              h ->
                  IsalRsCoderNative.decodeHeap(
                      h,
                      survivors(heap(K + P)),
                      new int[K + P],
                      new int[] {0},
                      heap(1),
                      new int[1],
                      LEN + 1)),
          iae(
              "encodeDirect with position + length past Integer.MAX_VALUE",
              h ->
                  IsalRsCoderNative.encodeDirect(
                      h,
                      direct(K),
                      new int[K],
                      direct(P),
                      new int[] {0, Integer.MAX_VALUE - 8},
                      LEN)),
          iae(
              "encodeHeap with a negative offset",
              h ->
                  IsalRsCoderNative.encodeHeap(
                      h, heap(K), new int[] {0, -1, 0}, heap(P), new int[P], LEN)),
          iae(
              "encodeDirect with a negative length",
              h ->
                  IsalRsCoderNative.encodeDirect(
                      h, direct(K), new int[K], direct(P), new int[P], -1)),
          iae(
              "encodeDirect with a null output",
              h ->
                  IsalRsCoderNative.encodeDirect(
                      h,
                      direct(K),
                      new int[K],
                      new ByteBuffer[] {direct(1)[0], null},
                      new int[P],
                      LEN)),
          iae(
              "encodeHeap with a null input",
              h ->
                  IsalRsCoderNative.encodeHeap(
                      h,
                      new byte[][] {new byte[LEN], null, new byte[LEN]},
                      new int[K],
                      heap(P),
                      new int[P],
                      LEN)),
          iae(
              "encodeHeap with a null inputs array",
              h -> IsalRsCoderNative.encodeHeap(h, null, new int[K], heap(P), new int[P], LEN)),
          iae(
              "encodeDirect with a heap buffer",
              h ->
                  IsalRsCoderNative.encodeDirect(
                      h,
                      new ByteBuffer[] {ByteBuffer.allocate(LEN), direct(1)[0], direct(1)[0]},
                      new int[K],
                      direct(P),
                      new int[P],
                      LEN)),
          new Case(
              "decodeDirect with an erased index out of range",
              HadoopIllegalArgumentException.class,
              h ->
                  IsalRsCoderNative.decodeDirect(
                      h,
                      survivors(directUnits()),
                      new int[K + P],
                      new int[] {K + P},
                      direct(1),
                      new int[1],
                      LEN)),
          new Case(
              "decodeHeap with more erased than parity",
              HadoopIllegalArgumentException.class,
              h ->
                  IsalRsCoderNative.decodeHeap(
                      h,
                      survivors(heap(K + P)),
                      new int[K + P],
                      new int[] {0, 1, 2},
                      heap(3),
                      new int[3],
                      LEN)),
          iae(
              "create with k + p overflowing an int",
              h -> IsalRsCoderNative.create(Integer.MAX_VALUE, 1)),
          iae("create with 256 units", h -> IsalRsCoderNative.create(200, 56)),
          new Case(
              "a coder used after two closes",
              IOException.class,
              h -> {
                IsalRsCoderNative coder = new IsalRsCoderNative(K, P);
                coder.close();
                coder.close(); // a second free of the same tables would abort in glibc
                coder.encode(direct(K), new int[K], direct(P), new int[P], LEN);
              }));

  private NativeMisuseProbe() {}

  public static void main(String[] args) throws Exception {
    IsalLibrary.ensureAvailable();
    long handle = IsalRsCoderNative.create(K, P);
    for (Case c : CASES) {
      if (args.length > 0 && !c.name().equals(args[0])) {
        continue; // one case by name: to see each misuse on its own when an earlier one crashes
      }
      System.out.println("running " + c.name());
      System.out.flush();
      try {
        c.call().run(handle);
        System.out.println(c.name() + ": no exception");
      } catch (Throwable e) {
        System.out.println(c.name() + ": " + e.getClass().getName() + ": " + e.getMessage());
      }
      System.out.flush();
    }
    // the handle every misuse was aimed at still produces Hadoop's parity
    byte[][] data = heap(K);
    for (int i = 0; i < K; i++) {
      Arrays.fill(data[i], (byte) (i * 37 + 5));
    }
    byte[][] expected = heap(P);
    new RSRawEncoder(new ErasureCoderOptions(K, P)).encode(copy(data), expected);
    byte[][] parity = heap(P);
    IsalRsCoderNative.encodeHeap(handle, data, new int[K], parity, new int[P], LEN);
    System.out.println(
        "parity after misuse: " + (Arrays.deepEquals(parity, expected) ? "ok" : "WRONG"));
    IsalRsCoderNative.destroy(handle);
  }

  private static Case iae(String name, Call call) {
    return new Case(name, IllegalArgumentException.class, call);
  }

  private static ByteBuffer[] direct(int n) {
    ByteBuffer[] b = new ByteBuffer[n];
    for (int i = 0; i < n; i++) {
      b[i] = ByteBuffer.allocateDirect(LEN);
    }
    return b;
  }

  private static ByteBuffer[] directUnits() {
    return direct(K + P);
  }

  private static byte[][] heap(int n) {
    return new byte[n][LEN];
  }

  /** Unit 0 missing, as for a decode of unit 0. */
  private static <T> T[] survivors(T[] units) {
    units[0] = null;
    return units;
  }

  private static byte[][] copy(byte[][] a) {
    byte[][] c = new byte[a.length][];
    for (int i = 0; i < a.length; i++) {
      c[i] = a[i].clone();
    }
    return c;
  }
}
