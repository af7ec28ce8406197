package io.hbload.core.values;

import io.hbload.core.config.SpecException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * {@code fieldlengthdistribution=histogram}, YCSB's {@code HistogramGenerator}. The file's first
 * line is {@code BlockSize<TAB>n}, each further line {@code bucket<TAB>count}; a draw picks bucket
 * i with weight count(i) and returns (i + 1)·n, with YCSB's quirks kept: a draw of 0 lands in
 * bucket 0, and the last bucket yields (last index)·n rather than (last index + 1)·n.
 *
 * <p>Immutable after {@link #read}; not thread-safe only because of the worker's {@link
 * RandomGenerator}. Draws allocate nothing; cost is linear in the number of buckets, as in YCSB.
 */
final class HistogramLengthChooser implements FieldLengthChooser {
  private static final String PROPERTY = "fieldlengthhistogram";

  private final long blockSize;
  private final long[] buckets;
  private final int area;
  private final RandomGenerator rnd;

  HistogramLengthChooser(long blockSize, long[] buckets, RandomGenerator rnd) {
    long sum = 0;
    for (long b : buckets) {
      if (b < 0) {
        throw SpecException.forProperty(PROPERTY, "negative bucket count " + b);
      }
      sum += b;
    }
    if (sum <= 0 || sum > Integer.MAX_VALUE) {
      throw SpecException.forProperty(
          PROPERTY, "bucket counts must sum to 1.." + Integer.MAX_VALUE + ", not " + sum);
    }
    this.blockSize = blockSize;
    this.buckets = buckets.clone();
    this.area = (int) sum;
    this.rnd = rnd;
  }

  /**
   * Parses {@code file} (YCSB's format; bucket lines in order, as YCSB's list insertion requires).
   */
  static HistogramLengthChooser read(String file, RandomGenerator rnd) {
    try (BufferedReader in = Files.newBufferedReader(Path.of(file), StandardCharsets.ISO_8859_1)) {
      String first = in.readLine();
      if (first == null) {
        throw SpecException.forProperty(PROPERTY, file + " is empty");
      }
      String[] header = first.split("\t");
      if (!header[0].equals("BlockSize") || header.length < 2) {
        throw SpecException.forProperty(PROPERTY, file + ": first line is not BlockSize<TAB>n");
      }
      long blockSize = Integer.parseInt(header[1].trim());
      List<Long> counts = new ArrayList<>();
      String line;
      int lineNumber = 1;
      while ((line = in.readLine()) != null) {
        lineNumber++;
        if (line.isBlank()) {
          continue;
        }
        String[] cells = line.split("\t");
        if (cells.length < 2) {
          throw SpecException.forProperty(
              PROPERTY, file + " line " + lineNumber + ": expected bucket<TAB>count");
        }
        int bucket = Integer.parseInt(cells[0].trim());
        if (bucket < 0 || bucket > counts.size()) {
          throw SpecException.forProperty(
              PROPERTY,
              file
                  + " line "
                  + lineNumber
                  + ": bucket "
                  + bucket
                  + " out of order (next is "
                  + counts.size()
                  + ")");
        }
        counts.add(bucket, Long.parseLong(cells[1].trim()));
      }
      return new HistogramLengthChooser(
          blockSize, counts.stream().mapToLong(Long::longValue).toArray(), rnd);
    } catch (IOException e) {
      throw SpecException.forProperty(PROPERTY, "cannot read " + file + ": " + e);
    } catch (InvalidPathException e) {
      throw SpecException.forProperty(PROPERTY, "bad path " + file + ": " + e.getMessage());
    } catch (NumberFormatException e) {
      throw SpecException.forProperty(PROPERTY, file + ": " + e.getMessage());
    }
  }

  @Override
  public int next() {
    int number = rnd.nextInt(area);
    int i;
    for (i = 0; i < buckets.length - 1; i++) {
      number -= buckets[i];
      if (number <= 0) {
        return (int) ((i + 1) * blockSize);
      }
    }
    return (int) (i * blockSize);
  }

  @Override
  public int maxLength() {
    return (int) (Math.max(1, buckets.length - 1) * blockSize);
  }
}
