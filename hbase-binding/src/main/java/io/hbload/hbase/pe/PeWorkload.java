package io.hbload.hbase.pe;

/**
 * What each operation of a {@code hbload pe} run does: PE's command and the shape of the rows and
 * values it reads or writes. Immutable.
 *
 * @param test PE's command
 * @param columns PE's --columns: cells each row has in each family
 * @param valueSize PE's --valueSize: bytes of each cell's value
 * @param valueRandom PE's --valueRandom: value lengths 0 .. valueSize, random
 * @param valueZipf PE's --valueZipf: value lengths 1 .. valueSize-1 in zipf form ({@link
 *     ZipfValueLength})
 * @param tags PE's --usetags and --numoftags: tags on every cell written (PE's: types 0 .. N-1,
 *     each with the same 256 random bytes), 0 for none
 * @param writeToWal PE's --writeToWAL: the writes' durability
 * @param multiGet PE's --multiGet: random reads batched N at a time, 0 for single gets
 * @param multiPut PE's --multiPut: writes batched N at a time, 0 for single puts
 */
public record PeWorkload(
    PeTest test,
    int columns,
    int valueSize,
    boolean valueRandom,
    boolean valueZipf,
    int tags,
    boolean writeToWal,
    int multiGet,
    int multiPut) {

  /** Value bytes per cell on average, for PE's MB/s figure. */
  public int averageValueLength() {
    return valueRandom ? valueSize / 2 : valueSize;
  }
}
