package io.hbload.hbase.pe;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * PerformanceEvaluation's table layout, so that PE and hbload read each other's rows: table {@code
 * TestTable}; families {@code info0}, {@code info1}, ...; qualifiers {@code 0}, {@code 1}, ...; row
 * key = the row number in decimal, zero-padded to 26 bytes; values of 8-byte runs of one upper-case
 * letter (PE's {@code generateData}). The check-and-set commands write one cell per row under the
 * qualifier of their test name in {@code info0}. Stateless; the name arrays are shared and must not
 * be modified.
 */
public final class PeLayout {
  public static final String DEFAULT_TABLE = "TestTable";
  public static final String FAMILY_BASE = "info";
  public static final int ROW_LENGTH = 26;
  public static final int DEFAULT_VALUE_SIZE = 1000;

  /** PE's "1 GB": 1000 MiB. */
  public static final int ONE_GB = 1024 * 1024 * 1000;

  public static final int DEFAULT_ROWS_PER_GB = ONE_GB / DEFAULT_VALUE_SIZE;

  private PeLayout() {}

  public static byte[] family(int i) {
    return (FAMILY_BASE + i).getBytes(StandardCharsets.UTF_8);
  }

  public static byte[] qualifier(int i) {
    return Integer.toString(i).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Writes row {@code number}'s key (its absolute value, as PE) into {@code into[0..26)};
   * allocation-free.
   */
  public static void rowKey(int number, byte[] into) {
    long d = Math.abs((long) number);
    for (int i = ROW_LENGTH - 1; i >= 0; i--) {
      into[i] = (byte) ('0' + d % 10);
      d /= 10;
    }
  }

  /** A new array holding row {@code number}'s key. */
  public static byte[] rowKey(int number) {
    byte[] b = new byte[ROW_LENGTH];
    rowKey(number, b);
    return b;
  }

  /**
   * Fills {@code into[0..length)} with PE-shaped data: 8-byte runs of a random letter A-Z;
   * allocation-free.
   */
  public static void value(SplittableRandom random, byte[] into, int length) {
    for (int i = 0; i < length; i += 8) {
      byte letter = (byte) ('A' + random.nextInt(26));
      int end = Math.min(length, i + 8);
      for (int j = i; j < end; j++) {
        into[j] = letter;
      }
    }
  }

  /**
   * True when the bytes are PE-shaped data: every 8-byte run from the start (the last one may be
   * shorter) is one letter A-Z. Data written by PE itself passes as well as hbload's, which is the
   * point.
   */
  public static boolean wellFormed(byte[] a, int offset, int length) {
    for (int i = 0; i < length; i += 8) {
      byte letter = a[offset + i];
      if (letter < 'A' || letter > 'Z') {
        return false;
      }
      int end = Math.min(length, i + 8);
      for (int j = i + 1; j < end; j++) {
        if (a[offset + j] != letter) {
          return false;
        }
      }
    }
    return true;
  }

  /** PE's rows per "GB" for the value size, families and columns (its --size unit). */
  public static int rowsPerGb(int valueSize, boolean valueRandom, int families, int columns) {
    return ONE_GB / ((valueRandom ? Math.max(1, valueSize / 2) : valueSize) * families * columns);
  }
}
