package io.hbload.core.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.keys.TestSpecs;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FieldSelectionTest {

  @Test
  void allSelectsEveryFieldWithPrecomputedNames() {
    FieldSelection all = FieldSelection.all(TestSpecs.defaults().build());
    assertThat(all.isAll()).isTrue();
    assertThat(all.count()).isEqualTo(10);
    assertThat(all.toSetOrNull()).isNull();
    for (int i = 0; i < 10; i++) {
      assertThat(all.fieldIndex(i)).isEqualTo(i);
      assertThat(all.name(i)).isEqualTo("field" + i);
      assertThat(new String(all.nameBytes(i), StandardCharsets.US_ASCII)).isEqualTo("field" + i);
      assertThat(all.nameBytes(i)).isSameAs(all.nameBytes(i));
    }
  }

  @Test
  void singleIsReselectedInPlace() {
    TestSpecs s = TestSpecs.defaults();
    s.fieldNamePrefix = "col";
    FieldSelection one = FieldSelection.single(s.build());
    assertThat(one.isAll()).isFalse();
    assertThat(one.select(7)).isSameAs(one);
    assertThat(one.count()).isEqualTo(1);
    assertThat(one.name(0)).isEqualTo("col7");
    assertThat(one.fieldIndex(0)).isEqualTo(7);
    assertThat(one.toSetOrNull()).containsExactly("col7");
    one.select(2);
    assertThat(new String(one.nameBytes(0), StandardCharsets.US_ASCII)).isEqualTo("col2");
    assertThatThrownBy(() -> one.select(10)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> one.name(1)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> FieldSelection.all(s.build()).select(1))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void nameLookupRejectsLookalikes() {
    TestSpecs s = TestSpecs.defaults();
    s.fieldCount = 12;
    FieldNames names = new FieldNames(s.build());
    assertThat(lookup(names, "field0")).isEqualTo(0);
    assertThat(lookup(names, "field11")).isEqualTo(11);
    assertThat(lookup(names, "field12")).isEqualTo(-1);
    assertThat(lookup(names, "field01")).isEqualTo(-1);
    assertThat(lookup(names, "field")).isEqualTo(-1);
    assertThat(lookup(names, "fielt1")).isEqualTo(-1);
    assertThat(lookup(names, "field1x")).isEqualTo(-1);
    assertThat(lookup(names, "field99999999999")).isEqualTo(-1);
  }

  private static int lookup(FieldNames names, String name) {
    byte[] b = ("xx" + name).getBytes(StandardCharsets.US_ASCII);
    return names.indexOf(b, 2, b.length - 2);
  }
}
