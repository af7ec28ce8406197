package io.hbload.hdfs.coder;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.OperatingSystemMXBean;
import io.hbload.hdfs.config.BadInputException;
import io.hbload.hdfs.config.Sizes;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import org.apache.hadoop.io.erasurecode.ErasureCoderOptions;
import org.apache.hadoop.io.erasurecode.rawcoder.NativeRSRawErasureCoderFactory;
import org.apache.hadoop.io.erasurecode.rawcoder.RSRawErasureCoderFactory;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureCoderFactory;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureDecoder;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureEncoder;

/**
 * Single-threaded encode/decode throughput of every RS raw coder this JVM can load, on the same
 * data, cache-hot (one stripe reused) and larger than cache (a working set of many stripes), plus a
 * byte-for-byte agreement check between the coders.
 *
 * <p>Throughput counts data bytes (k cells per call) per second, as hdfs-ec.md's anchors do. Decode
 * erases the first min(p, k) data units (the worst case for a degraded read). Each measurement
 * warms up for half its duration first. Not thread-safe; allocates its buffers up front.
 */
public final class CoderBench {
  /**
   * What to measure.
   *
   * @param dataUnits k
   * @param parityUnits p
   * @param cellBytes bytes per unit per call (HDFS cell size)
   * @param workingSetBytes total buffer bytes for the larger-than-cache case
   * @param seconds measured time per case (plus half of it as warm-up)
   */
  public record Settings(
      int dataUnits, int parityUnits, int cellBytes, long workingSetBytes, double seconds) {
    /**
     * Widest cell accepted: HDFS's built-in policies use 1 MiB; past this the buffers stop making
     * sense.
     */
    public static final long MAX_CELL_BYTES = 64L << 20;

    /** Most units (k + p) in a stripe; HDFS's widest built-in policy has 14. */
    public static final int MAX_UNITS = 32;

    /**
     * Most buffers the larger-than-cache case allocates (stripes x (k + p)). Every buffer is a Java
     * object (and, direct, a cleaner and a native allocation): past a million, tiny cells measure
     * the bookkeeping rather than the coder, and the stripe count would head for int overflow (4g
     * of 1-byte RS(1,1) stripes is 2^31).
     */
    public static final long MAX_BUFFERS = 1L << 20;

    /**
     * Settings from the command line's units: the cell as any byte count (checked before it narrows
     * to an int), the time as a duration.
     *
     * @throws BadInputException naming the option that is out of range
     */
    public static Settings of(
        int dataUnits, int parityUnits, long cellBytes, long workingSetBytes, Duration time) {
      if (cellBytes > MAX_CELL_BYTES) {
        throw new BadInputException("--cell must be at most 64m, got " + cellBytes + " bytes");
      }
      return new Settings(
          dataUnits, parityUnits, (int) cellBytes, workingSetBytes, time.toNanos() / 1e9);
    }

    public Settings {
      // each bound before the sum: k + p of two large ints wraps negative and would pass a sum
      // check
      if (dataUnits < 1
          || parityUnits < 1
          || dataUnits > MAX_UNITS
          || parityUnits > MAX_UNITS
          || dataUnits + parityUnits > MAX_UNITS) {
        throw new BadInputException(
            "RS shape must have k >= 1, p >= 1, k + p <= "
                + MAX_UNITS
                + ", got --k "
                + dataUnits
                + " --p "
                + parityUnits);
      }
      if (cellBytes < 1) {
        throw new BadInputException("--cell must be at least 1 byte");
      }
      if (cellBytes > MAX_CELL_BYTES) {
        throw new BadInputException("--cell must be at most 64m, got " + cellBytes + " bytes");
      }
      long stripeBytes = (long) cellBytes * (dataUnits + parityUnits);
      if (workingSetBytes < stripeBytes) {
        throw new BadInputException("--working-set must hold at least one stripe");
      }
      // long throughout: the count only narrows to an int once it is known to be small
      long stripes = workingSetBytes / stripeBytes;
      if (stripes > MAX_BUFFERS / (dataUnits + parityUnits)) {
        throw new BadInputException(
            "--working-set "
                + Sizes.format(workingSetBytes)
                + " of "
                + cellBytes
                + "-byte cells is "
                + stripes
                + " stripes of RS("
                + dataUnits
                + ","
                + parityUnits
                + "), more than "
                + MAX_BUFFERS
                + " buffers: raise --cell or lower --working-set");
      }
      if (!(seconds > 0)) {
        throw new BadInputException("--seconds must be positive");
      }
    }

    /** Stripes of the larger-than-cache case; at most {@link #MAX_BUFFERS} / (k + p), so an int. */
    int stripesForWorkingSet() {
      return (int) Math.max(1, workingSetBytes / ((long) cellBytes * (dataUnits + parityUnits)));
    }

    /**
     * Bytes of buffers the larger-than-cache case holds at once: its stripes plus the decode
     * outputs.
     */
    long bufferBytes() {
      return ((long) stripesForWorkingSet() * (dataUnits + parityUnits)
              + Math.min(dataUnits, parityUnits))
          * cellBytes;
    }
  }

  /**
   * What this JVM can give the benchmark's buffers, read from its limits.
   *
   * @param maxHeap -Xmx
   * @param maxDirect -XX:MaxDirectMemorySize (the heap's maximum when not set, as java.nio applies
   *     it)
   * @param physical the machine's (or container's) memory
   */
  record MemoryLimits(long maxHeap, long maxDirect, long physical) {
    static MemoryLimits ofThisJvm() {
      long heap = Runtime.getRuntime().maxMemory();
      return new MemoryLimits(heap, maxDirectMemory(heap), physicalMemory());
    }

    /**
     * The most buffer bytes one measurement may hold: 3/4 (the rest for everything else the JVM
     * holds) of the least of half the heap (G1 stores an array of half a region or more in whole
     * regions, up to twice its size: 1 MiB cells in 1 MiB regions), direct memory, and a third of
     * RAM (the heap, up to twice the set, stays committed after one coder's heap case while the
     * next coder's direct case allocates the set once more).
     */
    long bufferLimit() {
      return Math.min(Math.min(maxHeap / 2, maxDirect), physical / 3) / 4 * 3;
    }

    private static long maxDirectMemory(long maxHeap) {
      try {
        HotSpotDiagnosticMXBean hotspot =
            ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        long value = Long.parseLong(hotspot.getVMOption("MaxDirectMemorySize").getValue());
        return value > 0 ? value : maxHeap;
      } catch (RuntimeException | LinkageError e) {
        return maxHeap; // not HotSpot: java.nio's default
      }
    }

    private static long physicalMemory() {
      if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os
          && os.getTotalMemorySize() > 0) {
        return os.getTotalMemorySize();
      }
      return Long.MAX_VALUE;
    }
  }

  /**
   * Refuses settings whose buffers cannot fit this JVM before anything is allocated: an
   * OutOfMemoryError halfway through a run is a stack trace, not an answer.
   *
   * @throws BadInputException saying what fits and what to change
   */
  static void checkFits(Settings s, MemoryLimits limits) {
    long limit = limits.bufferLimit();
    if (s.bufferBytes() > limit) {
      throw new BadInputException(
          "--working-set "
              + Sizes.format(s.workingSetBytes())
              + " does not fit this JVM's memory: at most "
              + Sizes.format(limit)
              + " of buffers here (3/4 of the least"
              + " of half of -Xmx "
              + Sizes.format(limits.maxHeap())
              + ", -XX:MaxDirectMemorySize "
              + Sizes.format(limits.maxDirect())
              + " and a third of RAM "
              + Sizes.format(limits.physical())
              + "); lower --working-set or raise -Xmx and -XX:MaxDirectMemorySize");
    }
  }

  /**
   * One row of the table.
   *
   * @param coder Hadoop coder name
   * @param buffers "direct" or "heap"
   * @param workingSet "cache-hot" or "larger-than-cache"
   * @param encodeGBps data GB/s (10^9) encoded
   * @param decodeGBps data GB/s decoded
   */
  public record Measurement(
      String coder, String buffers, String workingSet, double encodeGBps, double decodeGBps) {}

  /**
   * Results and the agreement check.
   *
   * @param measurements rows
   * @param checks one line per compared coder/buffer kind
   * @param agree true when every coder produced identical parity and decoded the original data
   */
  public record Report(
      Settings settings, List<Measurement> measurements, List<String> checks, boolean agree) {}

  private CoderBench() {}

  /** Coders this JVM can build, by name, in the report's order. */
  public static Map<String, RawErasureCoderFactory> availableCoders() {
    Map<String, RawErasureCoderFactory> coders = new LinkedHashMap<>();
    coders.put("rs_java", new RSRawErasureCoderFactory());
    if (IsalLibrary.isAvailable()) {
      coders.put(IsalRsRawErasureCoderFactory.CODER_NAME, new IsalRsRawErasureCoderFactory());
    }
    if (CoderSelection.hadoopNativeAvailable()) {
      coders.put("rs_native", new NativeRSRawErasureCoderFactory());
    }
    return coders;
  }

  /** Runs the agreement check then every measurement; {@code progress} gets one line per case. */
  public static Report run(Settings settings, Consumer<String> progress) throws IOException {
    checkFits(settings, MemoryLimits.ofThisJvm());
    Map<String, RawErasureCoderFactory> coders = availableCoders();
    List<String> checks = new ArrayList<>();
    boolean agree = checkAgreement(settings, coders, checks);
    List<Measurement> rows = new ArrayList<>();
    for (Map.Entry<String, RawErasureCoderFactory> coder : coders.entrySet()) {
      for (boolean direct : new boolean[] {true, false}) {
        for (boolean hot : new boolean[] {true, false}) {
          int stripes = hot ? 1 : settings.stripesForWorkingSet();
          Measurement m = measure(settings, coder.getKey(), coder.getValue(), direct, stripes, hot);
          progress.accept(
              String.format(
                  Locale.ROOT,
                  "%s %s %s: encode %.2f GB/s, decode %.2f GB/s",
                  m.coder(),
                  m.buffers(),
                  m.workingSet(),
                  m.encodeGBps(),
                  m.decodeGBps()));
          rows.add(m);
        }
      }
    }
    return new Report(settings, rows, checks, agree);
  }

  private static boolean checkAgreement(
      Settings s, Map<String, RawErasureCoderFactory> coders, List<String> checks)
      throws IOException {
    int k = s.dataUnits();
    int p = s.parityUnits();
    // an odd length on purpose: SIMD coders take a tail path there
    int len = Math.min(s.cellBytes(), 65536) + 13;
    ErasureCoderOptions options = new ErasureCoderOptions(k, p);
    byte[][] data = new byte[k][len];
    Random random = new Random(42);
    for (byte[] d : data) {
      random.nextBytes(d);
    }
    byte[][] reference = new byte[p][len];
    new RSRawErasureCoderFactory().createEncoder(options).encode(deepCopy(data), reference);
    int erasures = Math.min(p, k);
    int[] erased = new int[erasures];
    for (int i = 0; i < erasures; i++) {
      erased[i] = i;
    }
    boolean all = true;
    for (Map.Entry<String, RawErasureCoderFactory> coder : coders.entrySet()) {
      for (boolean direct : new boolean[] {true, false}) {
        RawErasureEncoder encoder = coder.getValue().createEncoder(options);
        RawErasureDecoder decoder = coder.getValue().createDecoder(options);
        try {
          ByteBuffer[] in = buffers(data, direct);
          ByteBuffer[] parity = buffers(new byte[p][len], direct);
          encoder.encode(in, parity);
          boolean parityOk = true;
          for (int i = 0; i < p; i++) {
            parityOk &= Arrays.equals(bytes(parity[i]), reference[i]);
          }
          ByteBuffer[] units = new ByteBuffer[k + p];
          ByteBuffer[] dataAgain = buffers(data, direct);
          for (int i = 0; i < k; i++) {
            units[i] = dataAgain[i];
          }
          ByteBuffer[] parityAgain = buffers(reference, direct);
          for (int i = 0; i < p; i++) {
            units[k + i] = parityAgain[i];
          }
          for (int e : erased) {
            units[e] = null;
          }
          ByteBuffer[] decoded = buffers(new byte[erasures][len], direct);
          decoder.decode(units, erased, decoded);
          boolean decodeOk = true;
          for (int i = 0; i < erasures; i++) {
            decodeOk &= Arrays.equals(bytes(decoded[i]), data[erased[i]]);
          }
          all &= parityOk && decodeOk;
          checks.add(
              String.format(
                  Locale.ROOT,
                  "%s %s: parity %s rs_java, decode of %d erased data units %s",
                  coder.getKey(),
                  direct ? "direct" : "heap",
                  parityOk ? "==" : "!=",
                  erasures,
                  decodeOk ? "ok" : "WRONG"));
        } finally {
          encoder.release();
          decoder.release();
        }
      }
    }
    return all;
  }

  /** The buffers of one measurement: stripes of data and parity, and the decode outputs. */
  private record Stripes(ByteBuffer[][] data, ByteBuffer[][] parity, ByteBuffer[] decodeOut) {}

  private static Measurement measure(
      Settings s,
      String name,
      RawErasureCoderFactory factory,
      boolean direct,
      int stripes,
      boolean hot)
      throws IOException {
    int k = s.dataUnits();
    int p = s.parityUnits();
    int cell = s.cellBytes();
    int erasures = Math.min(p, k);
    Stripes buffers;
    try {
      buffers = allocate(s, direct, stripes);
    } catch (OutOfMemoryError e) {
      // checkFits cannot see memory held elsewhere in the JVM; the buffers are unreachable once
      // allocate's frame
      // is gone, so there is room to say so in one line
      throw new BadInputException(
          "--working-set "
              + Sizes.format(s.workingSetBytes())
              + " did not fit in memory while allocating its buffers ("
              + (e.getMessage() == null ? "out of memory" : e.getMessage())
              + "); lower --working-set or raise -Xmx and -XX:MaxDirectMemorySize",
          e);
    }
    ByteBuffer[][] data = buffers.data();
    ByteBuffer[][] parity = buffers.parity();
    ByteBuffer[] decodeOut = buffers.decodeOut();
    ErasureCoderOptions options = new ErasureCoderOptions(k, p);
    RawErasureEncoder encoder = factory.createEncoder(options);
    RawErasureDecoder decoder = factory.createDecoder(options);
    int[] erased = new int[erasures];
    for (int i = 0; i < erasures; i++) {
      erased[i] = i;
    }
    try {
      double encode =
          timed(
                  s.seconds(),
                  stripes,
                  st -> {
                    for (ByteBuffer b : data[st]) {
                      b.clear();
                    }
                    encoder.encode(data[st], parity[st]);
                  })
              * k
              * cell
              / 1e9;
      // every stripe has valid parity now; decode reads the survivors of the same stripes
      ByteBuffer[][] inputs = new ByteBuffer[stripes][k + p];
      for (int st = 0; st < stripes; st++) {
        for (int i = 0; i < k; i++) {
          inputs[st][i] = data[st][i];
        }
        for (int i = 0; i < p; i++) {
          inputs[st][k + i] = parity[st][i];
        }
        for (int e : erased) {
          inputs[st][e] = null;
        }
      }
      double decode =
          timed(
                  s.seconds(),
                  stripes,
                  st -> {
                    for (ByteBuffer b : inputs[st]) {
                      if (b != null) {
                        b.clear();
                      }
                    }
                    for (ByteBuffer b : decodeOut) {
                      b.clear();
                    }
                    decoder.decode(inputs[st], erased, decodeOut);
                  })
              * k
              * cell
              / 1e9;
      return new Measurement(
          name,
          direct ? "direct" : "heap",
          hot ? "cache-hot" : "larger-than-cache",
          encode,
          decode);
    } finally {
      encoder.release();
      decoder.release();
    }
  }

  /** Random data and empty parity for {@code stripes} stripes, plus the decode outputs. */
  private static Stripes allocate(Settings s, boolean direct, int stripes) {
    int k = s.dataUnits();
    int p = s.parityUnits();
    int cell = s.cellBytes();
    Random random = new Random(7);
    ByteBuffer[][] data = new ByteBuffer[stripes][k];
    ByteBuffer[][] parity = new ByteBuffer[stripes][p];
    byte[] noise = new byte[cell];
    for (int st = 0; st < stripes; st++) {
      for (int i = 0; i < k; i++) {
        random.nextBytes(noise);
        data[st][i] = allocate(cell, direct).put(noise).flip();
      }
      for (int i = 0; i < p; i++) {
        parity[st][i] = allocate(cell, direct);
      }
    }
    ByteBuffer[] decodeOut = new ByteBuffer[Math.min(p, k)];
    for (int i = 0; i < decodeOut.length; i++) {
      decodeOut[i] = allocate(cell, direct);
    }
    return new Stripes(data, parity, decodeOut);
  }

  @FunctionalInterface
  private interface StripeCall {
    void run(int stripe) throws IOException;
  }

  /** Calls per second: half the time as warm-up, then measured; checks the clock every call. */
  private static double timed(double seconds, int stripes, StripeCall call) throws IOException {
    long warmEnd = System.nanoTime() + (long) (seconds * 0.5e9);
    int st = 0;
    while (System.nanoTime() < warmEnd) {
      call.run(st);
      st = (st + 1) % stripes;
    }
    long start = System.nanoTime();
    long end = start + (long) (seconds * 1e9);
    long calls = 0;
    long now;
    do {
      call.run(st);
      st = (st + 1) % stripes;
      calls++;
      now = System.nanoTime();
    } while (now < end);
    return calls / ((now - start) / 1e9);
  }

  private static ByteBuffer allocate(int size, boolean direct) {
    return direct ? ByteBuffer.allocateDirect(size) : ByteBuffer.allocate(size);
  }

  private static ByteBuffer[] buffers(byte[][] units, boolean direct) {
    ByteBuffer[] out = new ByteBuffer[units.length];
    for (int i = 0; i < units.length; i++) {
      out[i] = allocate(units[i].length, direct).put(units[i]).flip();
    }
    return out;
  }

  private static byte[] bytes(ByteBuffer b) {
    ByteBuffer d = b.duplicate();
    d.clear();
    byte[] out = new byte[d.remaining()];
    d.get(out);
    return out;
  }

  private static byte[][] deepCopy(byte[][] a) {
    byte[][] c = new byte[a.length][];
    for (int i = 0; i < a.length; i++) {
      c[i] = a[i].clone();
    }
    return c;
  }
}
