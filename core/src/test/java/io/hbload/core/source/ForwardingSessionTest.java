package io.hbload.core.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.binding.RunSession;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * mixgraph's and a replay's run sessions wrap the binding's through {@link ForwardingSession}: a
 * hook it does not pass on falls back to {@link RunSession}'s default and is silently lost (a
 * mixgraph run or a replay on HBase would have no fault target or server series). When RunSession
 * gains a hook, this fails until the wrapper passes it on.
 */
class ForwardingSessionTest {
  @Test
  void theForwardingSessionPassesOnEveryHookOfTheBindingsSession() throws Exception {
    Class<?> checked = ForwardingSession.class;
    List<String> missing = new ArrayList<>();
    for (Method m : RunSession.class.getMethods()) {
      if (Modifier.isStatic(m.getModifiers())) {
        continue;
      }
      try {
        checked.getDeclaredMethod(m.getName(), m.getParameterTypes());
      } catch (NoSuchMethodException e) {
        missing.add(m.getName() + Arrays.toString(m.getParameterTypes()));
      }
    }
    assertThat(missing).as("RunSession hooks left to their defaults").isEmpty();
  }
}
