package io.hbload.core.values;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.binding.Key;
import io.hbload.core.keys.KeyNames;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DeterministicValueTest {

  /**
   * CoreWorkload.buildDeterministicValue of YCSB 0.17.0, restated with Strings as the reference.
   */
  static String reference(String key, String fieldkey, int size) {
    StringBuilder sb = new StringBuilder(size);
    sb.append(key);
    sb.append(':');
    sb.append(fieldkey);
    while (sb.length() < size) {
      sb.append(':');
      sb.append(sb.toString().hashCode());
    }
    sb.setLength(size);
    return sb.toString();
  }

  @Test
  void equalsTheStringReferenceForManyKeysFieldsAndLengths() {
    SplittableRandom rnd = new SplittableRandom(5);
    Key key = new Key();
    byte[] out = new byte[0];
    for (int i = 0; i < 20_000; i++) {
      KeyNames.format(rnd.nextLong(0, 1_000_000_000), (i & 1) == 0, rnd.nextInt(1, 30), key);
      String field = "field" + rnd.nextInt(0, 200);
      int size =
          switch (i % 5) {
            case 0 -> rnd.nextInt(0, 10);
            case 1 -> rnd.nextInt(10, 40);
            case 2 -> 100;
            case 3 -> rnd.nextInt(100, 2000);
            default -> rnd.nextInt(1, 300);
          };
      byte[] name = field.getBytes(StandardCharsets.ISO_8859_1);
      int capacity = DeterministicValue.capacity(key.length(), name.length, size);
      if (out.length < capacity) {
        out = new byte[capacity];
      }
      int length = DeterministicValue.write(key.array(), key.length(), name, size, out);
      String expected = reference(key.toString(), field, size);
      assertThat(new String(out, 0, length, StandardCharsets.ISO_8859_1)).isEqualTo(expected);
    }
  }

  @Test
  void knownValueStartsWithKeyAndFieldAndHasNegativeHashes() {
    Key key = new Key().set("user6284781860667377211");
    byte[] out = new byte[DeterministicValue.capacity(key.length(), 6, 1000)];
    int n =
        DeterministicValue.write(
            key.array(), key.length(), "field0".getBytes(StandardCharsets.US_ASCII), 1000, out);
    String v = new String(out, 0, n, StandardCharsets.US_ASCII);
    assertThat(v)
        .hasSize(1000)
        .startsWith("user6284781860667377211:field0:")
        .isEqualTo(reference("user6284781860667377211", "field0", 1000));
    assertThat(v).contains(":-"); // some step hashes are negative; 1000 chars make one near certain
  }
}
