package io.hbload.hdfs.coder;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.io.erasurecode.ErasureCoderOptions;
import org.apache.hadoop.io.erasurecode.rawcoder.IsalRSRawDecoder;
import org.apache.hadoop.io.erasurecode.rawcoder.IsalRSRawEncoder;
import org.apache.hadoop.io.erasurecode.rawcoder.RSRawDecoder;
import org.apache.hadoop.io.erasurecode.rawcoder.RSRawEncoder;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureDecoder;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureEncoder;

/**
 * Run in a child JVM by {@link IsalReadOnlyOutputTest}: encodes and decodes into outputs that are
 * read-only memory mappings of a file, through Hadoop's public coder API, first with Hadoop's Java
 * coder (the reference behaviour) then with the ISA-L coder, and prints what each call threw.
 * Writing such a mapping from C is a SIGSEGV, which is why this runs in its own JVM.
 */
public final class ReadOnlyOutputProbe {
  private static final int K = 3;
  private static final int P = 2;
  private static final int CELL = 4096;

  private ReadOnlyOutputProbe() {}

  public static void main(String[] args) throws IOException {
    IsalLibrary.ensureAvailable();
    ErasureCoderOptions options = new ErasureCoderOptions(K, P);
    Path file = Files.createTempFile("hbload-readonly", ".bin");
    try {
      Files.write(file, new byte[P * CELL]);
      try (FileChannel channel = FileChannel.open(file)) {
        report("java encode", () -> encode(new RSRawEncoder(options), channel));
        report("isal encode", () -> encode(new IsalRSRawEncoder(options), channel));
        report("java decode", () -> decode(new RSRawDecoder(options), channel));
        report("isal decode", () -> decode(new IsalRSRawDecoder(options), channel));
      }
      // the mapping must still hold the zeros the file was written with
      byte[] after = Files.readAllBytes(file);
      boolean untouched = true;
      for (byte b : after) {
        untouched &= b == 0;
      }
      System.out.println("file untouched: " + untouched);
    } finally {
      Files.delete(file);
    }
  }

  private interface Call {
    void run() throws IOException;
  }

  private static void report(String what, Call call) {
    try {
      call.run();
      System.out.println(what + ": no exception");
    } catch (Exception e) {
      System.out.println(what + ": " + e.getClass().getName());
    }
  }

  private static ByteBuffer[] mappedOutputs(FileChannel channel, int n) throws IOException {
    ByteBuffer[] outputs = new ByteBuffer[n];
    for (int i = 0; i < n; i++) {
      outputs[i] = channel.map(FileChannel.MapMode.READ_ONLY, (long) i * CELL, CELL);
    }
    return outputs;
  }

  private static ByteBuffer[] directUnits(int n) {
    ByteBuffer[] units = new ByteBuffer[n];
    for (int i = 0; i < n; i++) {
      units[i] = ByteBuffer.allocateDirect(CELL);
      while (units[i].hasRemaining()) {
        units[i].put((byte) (i * 31 + units[i].position()));
      }
      units[i].flip();
    }
    return units;
  }

  private static void encode(RawErasureEncoder encoder, FileChannel channel) throws IOException {
    try {
      encoder.encode(directUnits(K), mappedOutputs(channel, P));
    } finally {
      encoder.release();
    }
  }

  private static void decode(RawErasureDecoder decoder, FileChannel channel) throws IOException {
    ByteBuffer[] inputs = directUnits(K + P);
    inputs[0] = null;
    inputs[1] = null;
    try {
      decoder.decode(inputs, new int[] {0, 1}, mappedOutputs(channel, 2));
    } finally {
      decoder.release();
    }
  }
}
