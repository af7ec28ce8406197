package io.hbload.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatusTest {
  @Test
  void namesPastTheLastIdGoToAnExplicitOtherBucket() {
    List<Status> made = new ArrayList<>();
    for (int i = 0; i < Status.MAX_IDS + 10; i++) {
      made.add(new Status("CUSTOM_" + i, "test status " + i));
    }
    int other = Status.MAX_IDS - 1;
    for (Status s : made) {
      assertThat(s.id()).isBetween(0, other);
      String reported = Status.nameOf(s.id());
      if (s.id() == other) {
        assertThat(reported).as("overflow of %s", s).isEqualTo("OTHER");
      } else {
        assertThat(reported).as("distinct id of %s", s).isEqualTo(s.name());
      }
    }
    assertThat(made).filteredOn(s -> s.id() == other).isNotEmpty();
    assertThat(Status.nameOf(Status.OK.id())).isEqualTo("OK");
  }
}
