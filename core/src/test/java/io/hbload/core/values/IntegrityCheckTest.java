package io.hbload.core.values;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.binding.Key;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.Values;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.keys.KeyNames;
import io.hbload.core.keys.TestSpecs;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class IntegrityCheckTest {
  private final WorkloadSpec spec = integritySpec();
  private final RowValues written = new RowValues(spec, new SplittableRandom(1));
  private final IntegrityCheck check = new IntegrityCheck(spec);
  private final FieldSelection all = FieldSelection.all(spec);
  private final FieldSelection one = FieldSelection.single(spec);
  private final Key key = new Key();

  private static WorkloadSpec integritySpec() {
    TestSpecs s = TestSpecs.defaults();
    s.dataIntegrity = true;
    return s.build();
  }

  /**
   * Hands the written values to the sink the way a binding returns a row (name bytes at an offset).
   */
  private void returnRow(Values v, int skipField, int corruptField) {
    for (int i = 0; i < v.count(); i++) {
      if (v.fieldIndex(i) == skipField) {
        continue;
      }
      byte[] name = ("q:" + v.name(i)).getBytes(StandardCharsets.US_ASCII);
      byte[] value = v.copy(i);
      if (v.fieldIndex(i) == corruptField) {
        value[value.length / 2] ^= 1;
      }
      check.field(name, 2, name.length - 2, value, 0, value.length);
    }
  }

  @Test
  void correctRowsVerifyOk() {
    assertThat(check.wanted()).isTrue();
    for (long n = 0; n < 500; n++) {
      KeyNames.format(n, false, 1, key);
      check.reset();
      returnRow(written.all(key), -1, -1);
      assertThat(check.verify(key, all)).isSameAs(Status.OK);
      check.reset();
      returnRow(written.one(key, (int) (n % 10)), -1, -1);
      assertThat(check.verify(key, one.select((int) (n % 10)))).isSameAs(Status.OK);
    }
  }

  @Test
  void emptyReadIsAnError() {
    KeyNames.format(1, false, 1, key);
    check.reset();
    assertThat(check.verify(key, all)).isSameAs(Status.ERROR);
    returnRow(written.all(key), -1, -1);
    check.reset(); // reset forgets what came back
    assertThat(check.verify(key, all)).isSameAs(Status.ERROR);
  }

  @Test
  void corruptMissingForeignOrOtherKeyIsUnexpected() {
    KeyNames.format(2, false, 1, key);
    check.reset();
    returnRow(written.all(key), -1, 4);
    assertThat(check.verify(key, all)).isSameAs(Status.UNEXPECTED_STATE);

    check.reset();
    returnRow(written.all(key), 9, -1);
    assertThat(check.verify(key, all)).isSameAs(Status.UNEXPECTED_STATE);

    check.reset();
    returnRow(written.one(key, 3), -1, -1);
    assertThat(check.verify(key, one.select(4))).isSameAs(Status.UNEXPECTED_STATE);

    check.reset();
    returnRow(written.all(key), -1, -1);
    check.field("other", new byte[] {1});
    assertThat(check.verify(key, all)).isSameAs(Status.UNEXPECTED_STATE);

    check.reset();
    returnRow(written.all(key), -1, -1);
    Key otherKey = new Key();
    KeyNames.format(3, false, 1, otherKey);
    assertThat(check.verify(otherKey, all)).isSameAs(Status.UNEXPECTED_STATE);

    // a truncated value differs even though it is a prefix of the right one
    check.reset();
    written.one(key, 0);
    byte[] name = written.nameBytes(0);
    check.field(name, 0, name.length, written.array(0), written.offset(0), written.length(0) - 1);
    assertThat(check.verify(key, one.select(0))).isSameAs(Status.UNEXPECTED_STATE);
  }
}
