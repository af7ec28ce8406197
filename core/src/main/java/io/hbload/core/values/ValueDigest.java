package io.hbload.core.values;

import io.hbload.core.binding.Values;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The digest the acknowledged-write audit keeps of a write's values and compares a read-back row
 * against: a 64-bit hash of each field (its number and its bytes), summed over the fields so that
 * the order a store returns them in does not matter, folded to 32 bits. A changed value goes
 * unnoticed with a chance of 2^-32. Whatever made the values (random slices or YCSB's deterministic
 * ones) is digested the same way, from the bytes sent.
 *
 * <p>Stateless, thread-safe, allocation-free.
 */
public final class ValueDigest {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long K = 0x9E3779B97F4A7C15L;

  private ValueDigest() {}

  /** The digest of every value of a write. */
  public static int of(Values values) {
    long sum = 0;
    for (int i = 0; i < values.count(); i++) {
      sum += field(values.fieldIndex(i), values.array(i), values.offset(i), values.length(i));
    }
    return fold(sum);
  }

  /** One field's part of a digest: summed over a row's fields, then {@link #fold}ed. */
  static long field(int fieldIndex, byte[] a, int offset, int length) {
    long h = (fieldIndex + 1) * K ^ length;
    int i = offset;
    int end = offset + length;
    for (; i + 8 <= end; i += 8) {
      h = Long.rotateLeft(h ^ mix((long) LONGS.get(a, i)), 27) * K;
    }
    long tail = 0;
    for (int shift = 0; i < end; i++, shift += 8) {
      tail |= (a[i] & 0xffL) << shift;
    }
    return mix(h ^ mix(tail));
  }

  /** The sum of the fields' parts as the 32 bits kept. */
  static int fold(long sum) {
    long h = mix(sum);
    return (int) (h ^ (h >>> 32));
  }

  /** MurmurHash3's 64-bit finalizer. */
  private static long mix(long h) {
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    return h ^ (h >>> 33);
  }
}
